import { ringHalf } from '@wheelmeet/contracts';
import { useSyncExternalStore } from 'react';

/** The smallest seat a finger can hit reliably (WCAG 2.5.5). */
export const TOUCH_SEAT_MIN_PX = 44;
/** The smallest seat that still shows a name readably; above WCAG 2.5.8's 24 px for a mouse. */
export const POINTER_SEAT_MIN_PX = 36;

/**
 * Where the seats sit, in percent of the wheel's width: the outer ring's seats on a circle of
 * 45%, the inner ring's (the inner ring is 80% of the wheel) on one of 0.8 · 36% = 28.8%.
 */
export const RING_RADIUS_PERCENT = { outer: 45, inner: 36 } as const;
const INNER_RING_SCALE = 0.8;
/** No seat grows past this share of the wheel, so an outer and an inner seat never touch. */
export const SEAT_MAX_PERCENT = 15;

/** A seat's width in percent of the wheel's width: 85% of its share of the ring, at most SEAT_MAX_PERCENT. */
export function seatSizePercent(ring: 'inner' | 'outer', seatsOnRing: number): number {
  const radius = ring === 'outer' ? RING_RADIUS_PERCENT.outer : RING_RADIUS_PERCENT.inner * INNER_RING_SCALE;
  const arc = (2 * Math.PI * radius) / Math.max(seatsOnRing, 1);
  return Math.min(SEAT_MAX_PERCENT, arc * 0.85);
}

/** From this width (Tailwind's lg) the heading and status sit beside the wheel instead of above it. */
const SIDE_BY_SIDE_MIN_PX = 1024;

/**
 * The wheel's width on a screen of that size: the spec's smaller of 800 px and 90% of the
 * smaller side, but no taller than what leaves the header (and, stacked, the heading and
 * status above it) in view, and at least 20rem. Keep in step with the wheel's CSS width in
 * wheel-rings.tsx.
 */
export function wheelWidthPx(viewportWidth: number, viewportHeight: number): number {
  const spec = Math.min(800, 0.9 * Math.min(viewportWidth, viewportHeight));
  if (viewportWidth >= SIDE_BY_SIDE_MIN_PX) {
    return Math.min(spec, viewportWidth - 512, Math.max(320, viewportHeight - 144));
  }
  return Math.min(spec, Math.max(320, viewportHeight - 240));
}

/** Whether every seat of the wheel is big enough to hit on that wheel; otherwise the seats go in a list. */
export function seatsFitOnWheel(slotCount: number, wheelPx: number, coarsePointer: boolean): boolean {
  const half = ringHalf(slotCount);
  const outerSeats = slotCount - half;
  const smallest = Math.min(seatSizePercent('inner', half), seatSizePercent('outer', outerSeats));
  const minimum = coarsePointer ? TOUCH_SEAT_MIN_PX : POINTER_SEAT_MIN_PX;
  return (smallest / 100) * wheelPx >= minimum;
}

const COARSE = '(pointer: coarse)';

function coarseQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(COARSE)
    : null;
}

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const query = coarseQuery();
  window.addEventListener('resize', onChange);
  query?.addEventListener?.('change', onChange);
  return () => {
    window.removeEventListener('resize', onChange);
    query?.removeEventListener?.('change', onChange);
  };
}

const getSnapshot = () =>
  typeof window === 'undefined'
    ? 'wheel'
    : `${window.innerWidth}x${window.innerHeight}x${coarseQuery()?.matches ? 'coarse' : 'fine'}`;

/**
 * 'wheel' when the seats on the rings are big enough to tap (44 px on a touch screen), else
 * 'list': the rings stay as a picture and the seats are buttons in a list beside it.
 */
export function useSeatLayout(slotCount: number): 'wheel' | 'list' {
  const screen = useSyncExternalStore(subscribe, getSnapshot, () => 'wheel');
  const [width, height, pointer] = screen.split('x');
  const viewportWidth = Number(width);
  const viewportHeight = Number(height);
  if (!viewportWidth || !viewportHeight) return 'wheel';
  const wheelPx = wheelWidthPx(viewportWidth, viewportHeight);
  return seatsFitOnWheel(slotCount, wheelPx, pointer === 'coarse') ? 'wheel' : 'list';
}
