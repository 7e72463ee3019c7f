import { ringRotationDegrees, SPIN_ANIMATION_MS } from '@wheelmeet/contracts';
import { useEffect, useState } from 'react';
import type { RingSpin } from './wheel-reducer';

/** Where a ring points and how it gets there: a CSS rotation with its transition. */
export interface RingPose {
  angle: number;
  durationMs: number;
  easing: string;
}

export interface RingPoses {
  inner: RingPose;
  outer: RingPose;
}

/** Three whole turns first, then the final rotation (spec section 9). */
export const SPIN_TURNS_DEGREES = 1080;
const PHASE_MS = SPIN_ANIMATION_MS / 2;

const AT_REST: RingPose = { angle: 0, durationMs: 0, easing: 'linear' };

/**
 * The rings' poses for a spin: at rest (0°) without one; for a new spin three turns over
 * about 2 s, then a 2 s rotation to `ringRotationDegrees(offset, half)`; for a spin already
 * under way when we joined, straight at the final angle. For people who prefer reduced
 * motion the rings are put straight where they stop, with no whole turns and no animation.
 */
export function useRingRotation(spin: RingSpin | null, half: number, reducedMotion: boolean): RingPoses {
  const spinKey = spin ? `${spin.round}|${spin.startedAt}` : null;
  const animated = Boolean(spin?.animate) && !reducedMotion;
  // The spin whose first phase (the three turns) is over.
  const [turnsDoneFor, setTurnsDoneFor] = useState<string | null>(null);

  useEffect(() => {
    if (!animated || spinKey === null) return;
    const timer = setTimeout(() => setTurnsDoneFor(spinKey), PHASE_MS);
    return () => clearTimeout(timer);
  }, [animated, spinKey]);

  if (!spin || half === 0) return { inner: AT_REST, outer: AT_REST };

  const final = (offset: number, durationMs: number): RingPose => ({
    angle: ringRotationDegrees(offset, half),
    durationMs,
    easing: 'cubic-bezier(0.22, 1, 0.36, 1)',
  });

  if (!spin.animate) {
    return { inner: final(spin.innerOffset, 0), outer: final(spin.outerOffset, 0) };
  }
  if (reducedMotion) {
    // The same resting place without the five whole turns; nothing moves on the way.
    const still = (offset: number): RingPose => ({
      ...AT_REST,
      angle: ringRotationDegrees(offset, half) % 360,
    });
    return { inner: still(spin.innerOffset), outer: still(spin.outerOffset) };
  }
  if (turnsDoneFor !== spinKey) {
    const turns: RingPose = {
      angle: SPIN_TURNS_DEGREES,
      durationMs: PHASE_MS,
      easing: 'cubic-bezier(0.5, 0, 1, 1)',
    };
    return { inner: turns, outer: turns };
  }
  return { inner: final(spin.innerOffset, PHASE_MS), outer: final(spin.outerOffset, PHASE_MS) };
}
