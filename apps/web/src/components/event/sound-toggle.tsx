import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { LineIcon } from '@/components/ui/line-icon';
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
      <BellIcon muted={!on} /> {SOUND_ALERTS_LABEL}
    </Button>
  );
}

/** A bell, struck through when muted: drawn, since an emoji shows as a box where no emoji font is installed. */
function BellIcon({ muted }: { muted: boolean }) {
  return (
    <LineIcon className="size-4">
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      {muted ? <path d="M3 3l18 18" /> : null}
    </LineIcon>
  );
}
