import { type Ring, ringHalf, ringOf } from '@wheelmeet/contracts';

export interface SeatChoiceInput {
  slotCount: number;
  slots: ReadonlyArray<{ id: string; position: number; participantId: string | null }>;
  /** The ring the wheel's rule keeps this person on; null: either. */
  ring: Ring | null;
  /** People this person met before or blocked: no new acquaintance for them. */
  known: ReadonlySet<string>;
  /** A float in [0, 1); injected so tests are repeatable. */
  random: () => number;
}

const OTHER: Record<Ring, Ring> = { inner: 'outer', outer: 'inner' };

/**
 * 'Any seat' (issue 38): the free seat where this person is likeliest to meet someone new, or
 * undefined when their ring has none. A ring is worth the chance that they get a partner there
 * (the other ring's people shared among this ring's, them included) times the chance that the
 * partner is someone new:
 *   new people on the other ring ÷ max(people on the other ring, people on this ring + 1).
 * The better ring wins; of two as good, the one with fewer people, so the rings stay even.
 * Within the ring a seat is drawn at random: the spin decides who faces whom anyway.
 */
export function chooseSeat(input: SeatChoiceInput): string | undefined {
  const half = ringHalf(input.slotCount);
  // With an odd slot count the last outer slot faces nobody: never worth offering.
  const seats = input.slots.filter((slot) => slot.position < 2 * half);
  const onRing = (ring: Ring) => seats.filter((slot) => ringOf(slot.position, input.slotCount) === ring);
  const occupantsOf = (ring: Ring) =>
    onRing(ring).flatMap((slot) => (slot.participantId ? [slot.participantId] : []));

  const options = (input.ring ? [input.ring] : (['inner', 'outer'] as const)).map((ring) => {
    const here = occupantsOf(ring).length;
    const across = occupantsOf(OTHER[ring]);
    const fresh = across.filter((person) => !input.known.has(person)).length;
    return {
      free: onRing(ring).filter((slot) => slot.participantId === null),
      people: here,
      score: fresh / Math.max(across.length, here + 1),
    };
  });
  const [best] = options
    .filter((option) => option.free.length > 0)
    .sort((a, b) => b.score - a.score || a.people - b.people);
  if (!best) return undefined;
  return best.free[Math.floor(input.random() * best.free.length)]?.id;
}
