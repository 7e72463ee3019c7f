import { createPushSequence } from '@wheelmeet/contracts';
import type { WheelState } from './wheel-reducer';

/** The server's clock now, by the offset measured with the latest snapshot. */
export const serverNow = (state: WheelState) => Date.now() + state.clockOffsetMs;

/**
 * Issue 36 on one wheel screen: drops pushes the snapshot already had. All times are the
 * server's clock.
 */
export function createWheelSync() {
  const sequence = createPushSequence();
  return {
    snapshot(seq: number) {
      sequence.reset(seq);
    },
    /** Whether a push is new to the screen (false: the snapshot or an earlier push had it). */
    receive(seq: number | undefined, now: number): boolean {
      return sequence.receive(seq, now) === 'apply';
    },
  };
}
