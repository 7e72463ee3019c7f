import { ringHalf, ringOf, STAYING_ENDED_TEXTS, type StayingEndedReason } from '@wheelmeet/contracts';
import type { DomainEvents } from '../../events/domain-events';
import { AppError } from '../../lib/errors';
import type { Random } from '../../lib/random';
import type { WheelsService } from '../wheels/wheels.service';
import type { StayingRepository } from './staying.repository';

/** Matches let pass without an answer, in a row, after which a seat is no longer kept. */
export const MISSED_ANSWERS_ENDING_STAY = 2;

interface FreeSlot {
  id: string;
  position: number;
}

/**
 * Where someone sits again after their call: the seat they had if it is free, else a free seat
 * on the same ring chosen at random (the ring may be the one a ring rule puts them on);
 * undefined when that ring is full.
 */
export function seatToReturnTo(
  home: number,
  free: readonly FreeSlot[],
  slotCount: number,
  random: () => number,
): FreeSlot | undefined {
  const own = free.find((slot) => slot.position === home);
  if (own) return own;
  const ring = ringOf(home, slotCount);
  // On a wheel with an odd slot count, the last seat faces nobody.
  const sameRing = free.filter(
    (slot) => slot.position < 2 * ringHalf(slotCount) && ringOf(slot.position, slotCount) === ring,
  );
  return sameRing[Math.floor(random() * sameRing.length)];
}

const refusedFor = (error: unknown, reason: string) => error instanceof AppError && error.reason === reason;

/**
 * Staying seated (issue 38): a seat taken is kept across rounds. The reset keeps it
 * (rounds.repository's resetRound); this gives it back after a call and gives it up after
 * answers missed in a row, reacting to the domain events of calls and matches.
 */
export function createStayingService(deps: {
  staying: StayingRepository;
  wheels: Pick<WheelsService, 'takeSlot' | 'leaveSlot'>;
  events: DomainEvents;
  random: Random;
}) {
  const { staying, wheels, events, random } = deps;

  const tellEnded = (wheelId: string, participantId: string, reason: StayingEndedReason) =>
    events.publish('stayingEnded', {
      event: { wheelId, reason, message: STAYING_ENDED_TEXTS[reason] },
      participantId,
    });

  /**
   * Seats a staying person again whose call is over: at their seat, or another on its ring.
   * While the wheel spins (until its reset) no seat can be taken, so the reset does it.
   */
  async function seatAgain(participantId: string): Promise<void> {
    const waiting = await staying.findWaitingStayer(participantId);
    if (!waiting || waiting.in_call || waiting.spinning) return;
    const { wheel_id: wheelId, home_position: home } = waiting;
    if (!(await staying.claimHome(participantId, home))) return;
    // Each refusal means someone else took a seat meanwhile; a ring has at most slot_count of them.
    for (let attempt = 0; attempt < waiting.slot_count; attempt += 1) {
      const seat = seatToReturnTo(
        home,
        await staying.listFreeSlots(wheelId),
        waiting.slot_count,
        random.next,
      );
      if (!seat) break;
      try {
        await wheels.takeSlot({ wheelId, slotId: seat.id, participantId });
        return;
      } catch (error) {
        if (refusedFor(error, 'already_seated')) return;
        if (refusedFor(error, 'wheel_spinning')) return staying.restoreHome(participantId, home);
        if (!refusedFor(error, 'slot_taken')) throw error;
      }
    }
    if (await staying.stopStaying(participantId)) await tellEnded(wheelId, participantId, 'no_free_seat');
  }

  return {
    seatAgain,

    /** After a reset: the people whose call ended while the wheel spun sit again. */
    async seatAgainOn(wheelId: string): Promise<void> {
      for (const participantId of await staying.listWaitingOn(wheelId)) await seatAgain(participantId);
    },

    /**
     * A match closed unanswered: its people who had not accepted missed an answer. At
     * MISSED_ANSWERS_ENDING_STAY in a row, a staying person's seat goes to others, and they hear why.
     */
    async matchUnanswered(wheelId: string, matchId: string): Promise<void> {
      for (const person of await staying.countMissedAnswer(matchId)) {
        if (person.missed_answers < MISSED_ANSWERS_ENDING_STAY || !person.staying) continue;
        if (!(await staying.stopStaying(person.id))) continue;
        await wheels.leaveSlot(wheelId, person.id);
        await tellEnded(wheelId, person.id, 'no_show');
      }
    },

    /** Any answer, a decline too, shows the person is there: their run of missed answers ends. */
    answered: async (participantId: string) => {
      await staying.forgiveMissedAnswers(participantId);
    },
  };
}

export type StayingService = ReturnType<typeof createStayingService>;
