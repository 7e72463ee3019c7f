import type { Slot } from '@wheelmeet/contracts';
import type { CSSProperties } from 'react';

interface RingSeat {
  position: number;
  username: string | null;
  occupied: boolean;
}

/** Splits slots by position: 0..half-1 is the inner ring, half..slotCount-1 the outer ring. */
export function splitRings(slotCount: number, slots: Slot[]): { inner: RingSeat[]; outer: RingSeat[] } {
  const byPosition = new Map(slots.map((slot) => [slot.position, slot]));
  const half = Math.floor(slotCount / 2);
  const seats: RingSeat[] = Array.from({ length: slotCount }, (_, position) => {
    const slot = byPosition.get(position);
    return {
      position,
      occupied: Boolean(slot?.userId),
      username: slot?.user?.username ?? null,
    };
  });
  return { inner: seats.slice(0, half), outer: seats.slice(half) };
}

// Geometry in percent of the wheel's width: the inner disc is 80% of the wheel (spec section 9).
const OUTER_RADIUS = 44;
const INNER_RADIUS = 30;
const MAX_SEAT = 11;

function seatSize(radius: number, count: number): number {
  const arc = (2 * Math.PI * radius) / Math.max(count, 1);
  return Math.min(MAX_SEAT, arc * 0.85);
}

function Ring({ label, seats, radius }: { label: string; seats: RingSeat[]; radius: number }) {
  const size = seatSize(radius, seats.length);
  return (
    <ul aria-label={label} className="absolute inset-0">
      {seats.map((seat, index) => {
        const angle = (index / seats.length) * 2 * Math.PI - Math.PI / 2;
        const style: CSSProperties = {
          width: `${size}%`,
          height: `${size}%`,
          left: `${50 + radius * Math.cos(angle) - size / 2}%`,
          top: `${50 + radius * Math.sin(angle) - size / 2}%`,
        };
        const name = seat.occupied ? (seat.username ?? 'Taken') : 'Free';
        return (
          <li
            key={seat.position}
            style={style}
            title={`Slot ${seat.position + 1}: ${name}`}
            className={
              seat.occupied
                ? 'absolute flex items-center justify-center overflow-hidden rounded-full bg-indigo-600 p-0.5 text-center text-[clamp(0.5rem,1.4vmin,0.75rem)] font-semibold text-white shadow'
                : 'absolute flex items-center justify-center overflow-hidden rounded-full border-2 border-dashed border-slate-300 bg-white p-0.5 text-center text-[clamp(0.5rem,1.4vmin,0.75rem)] text-slate-500'
            }
          >
            <span className="sr-only">Slot {seat.position + 1}: </span>
            <span className="truncate">{name}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** A static picture of the wheel: outer and inner ring with each slot's occupant or 'Free'. */
export function WheelRings({ slotCount, slots }: { slotCount: number; slots: Slot[] }) {
  const { inner, outer } = splitRings(slotCount, slots);
  return (
    <div className="relative mx-auto aspect-square w-[min(800px,90vmin)]">
      <div
        aria-hidden="true"
        className="absolute inset-0 rounded-full bg-linear-to-br from-indigo-100 to-sky-100"
      />
      <div
        aria-hidden="true"
        className="absolute inset-[10%] rounded-full bg-white/70 ring-1 ring-indigo-200"
      />
      <Ring label="Outer ring" seats={outer} radius={OUTER_RADIUS} />
      <Ring label="Inner ring" seats={inner} radius={INNER_RADIUS} />
    </div>
  );
}
