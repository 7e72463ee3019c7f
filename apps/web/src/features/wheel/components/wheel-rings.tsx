import { indexInRing, type Ring, ringHalf, ringOf, type Slot } from '@wheelmeet/contracts';
import type { CSSProperties, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { participantName } from '@/lib/participant-name';
import type { RingPose, RingPoses } from '../hooks/use-ring-rotation';

/**
 * Degrees clockwise from the top at which a slot sits on its ring: seat k at k·360/half (the
 * shared geometry). With an odd slot count the outer ring's extra seat, which never faces
 * anyone, sits half a step before the first.
 */
export function seatAngle(position: number, slotCount: number): number {
  const half = ringHalf(slotCount);
  if (half === 0) return 0;
  const index = indexInRing(position, slotCount);
  const step = 360 / half;
  return index < half ? index * step : (half - 0.5) * step;
}

const RING_LABEL: Record<Ring, string> = { inner: 'Inner', outer: 'Outer' };

/** The accessible name of a seat: ring, seat number and who holds it. */
export function seatLabel(slot: Slot, slotCount: number, meId: string | null): string {
  const ring = RING_LABEL[ringOf(slot.position, slotCount)];
  const seat = indexInRing(slot.position, slotCount) + 1;
  if (!slot.userId) return `${ring} ring, seat ${seat}, free`;
  const name = participantName(slot.user);
  return `${ring} ring, seat ${seat}, taken by ${slot.userId === meId ? `${name} (you)` : name}`;
}

// Geometry in percent of each ring's own box. The outer ring is the whole wheel; the inner
// ring is 80% of it (spec section 9), so the outer seats sit in the band between the two.
const RING_GEOMETRY: Record<Ring, { radius: number; maxSeat: number }> = {
  outer: { radius: 45, maxSeat: 9 },
  inner: { radius: 36, maxSeat: 12 },
};

function seatSize(ring: Ring, count: number): number {
  const { radius, maxSeat } = RING_GEOMETRY[ring];
  const arc = (2 * Math.PI * radius) / Math.max(count, 1);
  return Math.min(maxSeat, arc * 0.85);
}

const transition = (pose: RingPose) =>
  pose.durationMs > 0 ? `transform ${pose.durationMs}ms ${pose.easing}` : 'none';

interface RingProps {
  ring: Ring;
  slots: Slot[];
  slotCount: number;
  pose: RingPose;
  meId: string | null;
  locked: boolean;
  onSlotClick: (slot: Slot) => void;
}

function RingOfSeats({ ring, slots, slotCount, pose, meId, locked, onSlotClick }: RingProps) {
  const { radius } = RING_GEOMETRY[ring];
  const size = seatSize(ring, slots.length);
  const ringStyle: CSSProperties = { transform: `rotate(${pose.angle}deg)`, transition: transition(pose) };
  // Names turn back against the ring so they stay upright while it spins.
  const upright: CSSProperties = { transform: `rotate(${-pose.angle}deg)`, transition: transition(pose) };

  return (
    <ul
      aria-label={`${RING_LABEL[ring]} ring`}
      data-ring={ring}
      className={cn('absolute rounded-full', ring === 'inner' ? 'inset-[10%]' : 'inset-0')}
      style={ringStyle}
    >
      {slots.map((slot) => {
        const radians = (seatAngle(slot.position, slotCount) * Math.PI) / 180;
        const seatStyle: CSSProperties = {
          width: `${size}%`,
          height: `${size}%`,
          left: `${50 + radius * Math.sin(radians) - size / 2}%`,
          top: `${50 - radius * Math.cos(radians) - size / 2}%`,
        };
        const occupied = Boolean(slot.userId);
        const mine = occupied && slot.userId === meId;
        const unavailable = occupied || locked;
        return (
          <li key={slot.id} className="absolute" style={seatStyle}>
            <button
              type="button"
              aria-label={seatLabel(slot, slotCount, meId)}
              aria-disabled={unavailable || undefined}
              data-mine={mine || undefined}
              onClick={() => onSlotClick(slot)}
              className={cn(
                'flex size-full items-center justify-center overflow-hidden rounded-full p-0.5 text-center text-[clamp(0.5rem,1.4vmin,0.75rem)] font-semibold leading-tight shadow-sm transition-colors',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
                mine
                  ? 'bg-amber-400 text-slate-900 ring-4 ring-amber-200'
                  : occupied
                    ? 'bg-indigo-600 text-white'
                    : 'border-2 border-dashed border-slate-300 bg-white text-slate-500',
                unavailable
                  ? 'cursor-not-allowed'
                  : 'cursor-pointer hover:border-indigo-500 hover:text-indigo-700',
              )}
            >
              <span aria-hidden="true" className="block max-w-full truncate" style={upright}>
                {occupied ? (mine ? 'You' : participantName(slot.user)) : 'Free'}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

interface WheelRingsProps {
  slotCount: number;
  slots: Slot[];
  /** The current user, whose seat is highlighted. */
  meId: string | null;
  /** While the wheel spins every seat is locked. */
  locked: boolean;
  poses: RingPoses;
  onSlotClick: (slot: Slot) => void;
  /** Shown in the middle of the wheel (the countdown). */
  children?: ReactNode;
}

/** The wheel: an outer and an inner ring of seats, each a button, turning as the server spins them. */
export function WheelRings({
  slotCount,
  slots,
  meId,
  locked,
  poses,
  onSlotClick,
  children,
}: WheelRingsProps) {
  const sorted = [...slots].sort((a, b) => a.position - b.position);
  const inner = sorted.filter((slot) => ringOf(slot.position, slotCount) === 'inner');
  const outer = sorted.filter((slot) => ringOf(slot.position, slotCount) === 'outer');
  const shared = { slotCount, meId, locked, onSlotClick };

  return (
    <div className="relative mx-auto aspect-square w-[min(800px,90vmin)]">
      <div
        aria-hidden="true"
        className="absolute inset-0 rounded-full bg-linear-to-br from-indigo-100 to-sky-100"
      />
      <div
        aria-hidden="true"
        className="absolute inset-[10%] rounded-full bg-white/80 ring-1 ring-indigo-200"
      />
      <RingOfSeats ring="outer" slots={outer} pose={poses.outer} {...shared} />
      <RingOfSeats ring="inner" slots={inner} pose={poses.inner} {...shared} />
      {children ? (
        <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
          <div className="pointer-events-auto">{children}</div>
        </div>
      ) : null}
    </div>
  );
}
