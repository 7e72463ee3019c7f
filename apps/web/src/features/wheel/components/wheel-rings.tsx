import { displayNameOf, indexInRing, type Ring, ringHalf, ringOf, type Slot } from '@wheelmeet/contracts';
import type { CSSProperties, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { NOT_YOUR_RING, type RingNames, STANDARD_RING_NAMES } from '../hooks/ring-texts';
import type { RingPose, RingPoses } from '../hooks/use-ring-rotation';
import { RING_RADIUS_PERCENT, seatSizePercent, useSeatLayout } from '../hooks/use-seat-layout';

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

/** The name shown for whoever holds a slot: never their age (issue 12). */
export function occupantName(slot: Slot): string {
  if (slot.user) return displayNameOf(slot.user);
  return slot.userId ? displayNameOf({ id: slot.userId }) : '';
}

/** Who is looking at the wheel, and which ring is theirs to sit on (null: either). */
export interface Viewer {
  meId: string | null;
  myRing: Ring | null;
}

const isOtherRing = (slot: Slot, slotCount: number, myRing: Ring | null) =>
  myRing !== null && ringOf(slot.position, slotCount) !== myRing;

/** The accessible name of a seat: ring, seat number and who holds it, or that the seat is not theirs to take. */
export function seatLabel(
  slot: Slot,
  slotCount: number,
  { meId, myRing }: Viewer,
  names: RingNames = STANDARD_RING_NAMES,
): string {
  const ring = names[ringOf(slot.position, slotCount)];
  const seat = indexInRing(slot.position, slotCount) + 1;
  if (!slot.userId)
    return `${ring}, seat ${seat}, free${isOtherRing(slot, slotCount, myRing) ? `, ${NOT_YOUR_RING}` : ''}`;
  const name = occupantName(slot);
  return `${ring}, seat ${seat}, taken by ${slot.userId === meId ? `${name} (you)` : name}`;
}

const transition = (pose: RingPose) =>
  pose.durationMs > 0 ? `transform ${pose.durationMs}ms ${pose.easing}` : 'none';

interface SeatState {
  occupied: boolean;
  mine: boolean;
  /** Free, but on the ring the person's answers keep them off (the server would refuse it). */
  otherRing: boolean;
  unavailable: boolean;
}

function seatState(slot: Slot, slotCount: number, { meId, myRing }: Viewer, locked: boolean): SeatState {
  const occupied = Boolean(slot.userId);
  const mine = occupied && slot.userId === meId;
  const otherRing = !occupied && isOtherRing(slot, slotCount, myRing);
  return { occupied, mine, otherRing, unavailable: (occupied && !mine) || otherRing || locked };
}

const seatColours = ({ occupied, mine, otherRing }: SeatState) =>
  mine
    ? 'bg-amber-400 text-slate-900 ring-4 ring-amber-200'
    : occupied
      ? 'bg-indigo-600 text-white'
      : otherRing
        ? 'border-2 border-dotted border-slate-300 bg-slate-100 text-slate-500'
        : 'border-2 border-dashed border-slate-400 bg-white text-slate-600';

/** The pointer's hint: who holds the seat, or that it is on the other ring. */
const seatTitle = (slot: Slot, { otherRing }: SeatState) =>
  slot.userId ? occupantName(slot) : otherRing ? `Free, ${NOT_YOUR_RING}` : undefined;

/** What a seat says on screen: 'You', the holder's name, or 'Free'. */
const seatText = (slot: Slot, { occupied, mine }: SeatState) =>
  occupied ? (mine ? 'You' : occupantName(slot)) : 'Free';

interface RingProps {
  ring: Ring;
  slots: Slot[];
  slotCount: number;
  pose: RingPose;
  viewer: Viewer;
  names: RingNames;
  locked: boolean;
  onSlotClick: (slot: Slot) => void;
  /** The seats are buttons; false when they are in the list beside the wheel and this is only a picture. */
  interactive: boolean;
}

function RingOfSeats({
  ring,
  slots,
  slotCount,
  pose,
  viewer,
  names,
  locked,
  onSlotClick,
  interactive,
}: RingProps) {
  const radius = RING_RADIUS_PERCENT[ring];
  // A share of the wheel's width (cqw), whichever ring: the inner ring's box is smaller.
  const size = seatSizePercent(ring, slots.length);
  const ringStyle: CSSProperties = { transform: `rotate(${pose.angle}deg)`, transition: transition(pose) };
  // Names turn back against the ring so they stay upright while it spins.
  const upright: CSSProperties = { transform: `rotate(${-pose.angle}deg)`, transition: transition(pose) };
  const Ring = interactive ? 'ul' : 'div';
  const Seat = interactive ? 'li' : 'div';

  return (
    <Ring
      {...(interactive ? { 'aria-label': names[ring] } : { 'aria-hidden': true })}
      data-ring={ring}
      className={cn('absolute rounded-full', ring === 'inner' ? 'inset-[10%]' : 'inset-0')}
      style={ringStyle}
    >
      {slots.map((slot) => {
        const radians = (seatAngle(slot.position, slotCount) * Math.PI) / 180;
        // Buttons are at least a finger's width on touch screens (--seat-min); the picture's
        // dots (the seats are listed instead) keep their share of the ring.
        const extent = interactive ? `max(var(--seat-min), ${size.toFixed(3)}cqw)` : `${size.toFixed(3)}cqw`;
        const seatStyle: CSSProperties = {
          width: extent,
          height: extent,
          left: `${50 + radius * Math.sin(radians)}%`,
          top: `${50 - radius * Math.cos(radians)}%`,
          transform: 'translate(-50%, -50%)',
        };
        const state = seatState(slot, slotCount, viewer, locked);
        const face = cn(
          'flex size-full items-center justify-center rounded-full p-0.5 text-center font-semibold leading-tight shadow-sm transition-colors',
          'text-[clamp(0.625rem,2.3cqw,0.875rem)]',
          seatColours(state),
        );
        const text = (
          <span aria-hidden="true" className="line-clamp-2 max-w-full break-words" style={upright}>
            {seatText(slot, state)}
          </span>
        );
        return (
          <Seat key={slot.id} className="absolute" style={seatStyle}>
            {interactive ? (
              <button
                type="button"
                aria-label={seatLabel(slot, slotCount, viewer, names)}
                aria-disabled={state.unavailable || undefined}
                data-mine={state.mine || undefined}
                data-slot-id={slot.id}
                title={seatTitle(slot, state)}
                onClick={() => onSlotClick(slot)}
                className={cn(
                  face,
                  // Keyboard focus scrolls a seat clear of the sticky header and the toasts.
                  'scroll-mt-24 scroll-mb-32 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
                  state.unavailable
                    ? 'cursor-not-allowed'
                    : 'cursor-pointer hover:border-indigo-500 hover:text-indigo-700',
                )}
              >
                {text}
              </button>
            ) : (
              <div className={cn(face, 'p-0')} />
            )}
          </Seat>
        );
      })}
    </Ring>
  );
}

interface SeatListProps {
  ring: Ring;
  slots: Slot[];
  slotCount: number;
  viewer: Viewer;
  names: RingNames;
  locked: boolean;
  onSlotClick: (slot: Slot) => void;
}

/** A ring's seats as a list of full-size buttons, for screens where the wheel is too small to tap. */
function SeatList({ ring, slots, slotCount, viewer, names, locked, onSlotClick }: SeatListProps) {
  return (
    <ul aria-label={names[ring]} className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      {slots.map((slot) => {
        const state = seatState(slot, slotCount, viewer, locked);
        return (
          <li key={slot.id}>
            <button
              type="button"
              aria-label={seatLabel(slot, slotCount, viewer, names)}
              aria-disabled={state.unavailable || undefined}
              data-mine={state.mine || undefined}
              data-slot-id={slot.id}
              title={seatTitle(slot, state)}
              onClick={() => onSlotClick(slot)}
              className={cn(
                'flex min-h-11 w-full scroll-mt-24 scroll-mb-32 items-center gap-2 rounded-xl px-3 py-2 text-left text-sm font-semibold',
                seatColours(state),
                state.unavailable ? 'cursor-not-allowed' : 'cursor-pointer hover:border-indigo-500',
              )}
            >
              <span aria-hidden="true" className="shrink-0 tabular-nums opacity-80">
                {indexInRing(slot.position, slotCount) + 1}
              </span>
              <span aria-hidden="true" className="min-w-0 truncate">
                {seatText(slot, state)}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The wheel's box: square, as wide as the screen allows. Width: keep in step with
 * wheelWidthPx(). Seats are sized in cqw of this box. The loading state has the same box.
 */
export const WHEEL_BOX_CLASS =
  'mx-auto my-6 aspect-square w-[min(800px,90vmin,max(20rem,calc(100dvh-15rem)))] lg:my-4 lg:w-[min(800px,90vmin,calc(100vw-32rem),max(20rem,calc(100dvh-9rem)))]';

/** The two rings' discs, under the seats. */
export function WheelBackground() {
  return (
    <>
      <div
        aria-hidden="true"
        className="absolute inset-0 rounded-full bg-linear-to-br from-indigo-100 to-sky-100"
      />
      <div
        aria-hidden="true"
        className="absolute inset-[10%] rounded-full bg-white/80 ring-1 ring-indigo-200"
      />
    </>
  );
}

interface WheelRingsProps {
  slotCount: number;
  slots: Slot[];
  /** The current user, whose seat is highlighted, and the ring their answers keep them on. */
  viewer: Viewer;
  /** What the rings are called (issue 38). */
  names: RingNames;
  /** Every seat is locked while the wheel spins, and for someone the organiser removed (decision 016). */
  locked: boolean;
  poses: RingPoses;
  onSlotClick: (slot: Slot) => void;
  /** Shown in the middle of the wheel (the countdown). */
  children?: ReactNode;
}

/**
 * The wheel: an outer and an inner ring of seats, each a button, turning as the server spins
 * them. When the seats would be too small to tap (many seats, a small screen), the rings stay
 * as a picture and the seats are listed below it.
 */
export function WheelRings({
  slotCount,
  slots,
  viewer,
  names,
  locked,
  poses,
  onSlotClick,
  children,
}: WheelRingsProps) {
  const layout = useSeatLayout(slotCount);
  const sorted = [...slots].sort((a, b) => a.position - b.position);
  const inner = sorted.filter((slot) => ringOf(slot.position, slotCount) === 'inner');
  const outer = sorted.filter((slot) => ringOf(slot.position, slotCount) === 'outer');
  const shared = { slotCount, viewer, names, locked, onSlotClick };
  const interactive = layout === 'wheel';

  return (
    <div data-seat-layout={layout}>
      <div
        data-testid="wheel"
        className={cn(
          WHEEL_BOX_CLASS,
          '@container relative [--seat-min:0px] pointer-coarse:[--seat-min:44px]',
        )}
      >
        <WheelBackground />
        <RingOfSeats ring="outer" slots={outer} pose={poses.outer} interactive={interactive} {...shared} />
        <RingOfSeats ring="inner" slots={inner} pose={poses.inner} interactive={interactive} {...shared} />
        {children ? (
          <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
            <div className="pointer-events-auto">{children}</div>
          </div>
        ) : null}
      </div>
      {interactive ? null : (
        <div className="mx-auto mt-4 max-w-xl space-y-4 text-left">
          {(['inner', 'outer'] as const).map((ring) => (
            <div key={ring}>
              <p aria-hidden="true" className="mb-2 text-sm font-semibold text-slate-700">
                {names[ring]}
              </p>
              <SeatList ring={ring} slots={ring === 'inner' ? inner : outer} {...shared} />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
