import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { useSoundsOn } from '@/lib/sounds';

export const SOUNDS_ON_LABEL = 'Sounds on';
export const SOUNDS_OFF_LABEL = 'Sounds off';

/** Mutes or unmutes the beeps before a spin and before a call's end; remembered in this browser. */
export function SoundToggle({
  variant = 'secondary',
  className,
}: Pick<ComponentProps<typeof Button>, 'variant' | 'className'>) {
  const [on, setOn] = useSoundsOn();
  return (
    <Button variant={variant} aria-pressed={on} className={className} onClick={() => setOn(!on)}>
      {on ? SOUNDS_ON_LABEL : SOUNDS_OFF_LABEL}
    </Button>
  );
}
