/**
 * Where slots sit and who faces whom. Shared so the server pairs exactly the people the
 * browser shows facing each other.
 *
 * A wheel of n slots has `half = floor(n / 2)` positions on each ring: inner 0..half-1 and
 * outer half..2·half-1 (with an odd n the last outer slot never faces anyone). Slot k of a
 * ring sits at k · 360 / half degrees, clockwise from the top. A spin turns each ring
 * clockwise by its offset in slot steps (plus five whole turns for show), so inner slot i
 * ends at (i + innerOffset) steps and outer slot j at (j + outerOffset) steps: they face
 * each other when those agree modulo half.
 *
 * The spec's angle, offset · 360 / (half + 1), would leave the rings between slots, so that
 * nobody visibly faces their partner; we use the slot step 360 / half instead.
 */

export const ringHalf = (slotCount: number): number => Math.floor(slotCount / 2);

export type Ring = 'inner' | 'outer';

export const ringOf = (position: number, slotCount: number): Ring =>
  position < ringHalf(slotCount) ? 'inner' : 'outer';

/** Index of a position within its own ring (0..half-1). */
export const indexInRing = (position: number, slotCount: number): number => {
  const half = ringHalf(slotCount);
  return position < half ? position : position - half;
};

const modulo = (value: number, divisor: number) => ((value % divisor) + divisor) % divisor;

/** The outer position (half..2·half-1) that inner position `inner` faces after a spin. */
export function facingOuterPosition(
  inner: number,
  innerOffset: number,
  outerOffset: number,
  half: number,
): number {
  return half + modulo(inner + innerOffset - outerOffset, half);
}

/** The ring's final rotation in degrees: five whole turns plus the offset in slot steps. */
export const ringRotationDegrees = (offset: number, half: number): number => 1800 + (offset * 360) / half;
