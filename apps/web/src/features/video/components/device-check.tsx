import { Suspense, useCallback, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { onDemand } from '@/lib/on-demand';
import { OPENING_DEVICES_MESSAGE } from './device-check-texts';

export const CHECK_DEVICES_LABEL = 'Check camera and microphone';

// The preview and the level meter load when someone opens the check, not with the wheel.
const panel = onDemand(() => import('./device-check-panel'));
const DeviceCheckPanel = panel.component((module) => module.DeviceCheckPanel);

/**
 * The lobby's device check (issue 35): a button that opens a camera preview and microphone
 * level (device-check-panel.tsx). The camera it opens stays on for the first call until the
 * person leaves the wheel, when this component goes and releases it.
 */
export function DeviceCheck() {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);

  // Leaving the wheel: no call here will use the camera any more. Only the panel keeps one on,
  // so if its code never came there is nothing to turn off (and nothing to fetch for it).
  useEffect(() => () => panel.loaded()?.releaseKeptMedia(), []);

  if (!open)
    return (
      <Button variant="secondary" onPointerEnter={() => void panel.preload()} onClick={() => setOpen(true)}>
        {CHECK_DEVICES_LABEL}
      </Button>
    );
  return (
    <Suspense
      fallback={
        <p role="status" className="text-sm text-slate-700">
          {OPENING_DEVICES_MESSAGE}
        </p>
      }
    >
      <DeviceCheckPanel onDone={close} />
    </Suspense>
  );
}
