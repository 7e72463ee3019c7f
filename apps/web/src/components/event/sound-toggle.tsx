import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { useSoundsOn } from '@/lib/sounds';

/** One name whatever its state: a toggle says on or off by being pressed or not, not by a new name. */
export const SOUND_ALERTS_LABEL = 'Sound alerts';

/** Mutes or unmutes the beeps before a spin and before a call's end; remembered in this browser. */
export function SoundToggle({
  variant = 'secondary',
  className,
}: Pick<ComponentProps<typeof Button>, 'variant' | 'className'>) {
  const [on, setOn] = useSoundsOn();
  return (
    <Button variant={variant} aria-pressed={on} className={className} onClick={() => setOn(!on)}>
      <span aria-hidden="true">{on ? '🔔' : '🔕'}</span> {SOUND_ALERTS_LABEL}
    </Button>
  );
}
