import {
  indexInRing,
  parseInterests,
  EVENT_ENDED_MESSAGE,
  promptForRound,
  type Ring,
  type RoundControlAction,
  ringHalf,
  ringLabel,
  type SpinState,
  type WheelSnapshot,
} from '@wheelmeet/contracts';
import { z } from 'zod';
import { fromJsonColumn, toJsonColumn } from '../../db/json';
import type { WheelRow } from '../../db/rows';
import type { DomainEvents } from '../../events/domain-events';
import type { Clock } from '../../lib/clock';
import { AppError, notFound, refusal } from '../../lib/errors';
import type { Random } from '../../lib/random';
import type { MatchesService } from '../matches/matches.service';
import {
  ALREADY_IN_SLOT,
  announcementOf,
  promptsOf,
  ringOfAnswers,
  ringSettingsOf,
  WHEEL_NOT_FOUND,
  WHEEL_SPINNING,
  type WheelsService,
} from '../wheels/wheels.service';
import { chooseRotation, pairKey } from './matching';
import {
  countdownEnd,
  dueAction,
  dueCutoffs,
  isLastRound,
  isPairable,
  retimedSpinAt,
  secondsLater,
  spinSchedule,
} from './round-timing';
import type { RoundsRepository } from './rounds.repository';
import { chooseSeat } from './seat-choice';

const participantIdsSchema = z.array(z.string());

/**
 * How often a round-length change reads again when other changes land first. Of changes racing
 * each other, one lands per attempt, so up to this many at once all land.
 */
const ROUND_LENGTH_ATTEMPTS = 10;
export const ROUND_LENGTH_CONFLICT =
  'The wheel changed while its round length was being changed. Please try again.';
/** 'Any seat' tries the best seat, and once more if someone was quicker to it. */
const ANY_SEAT_ATTEMPTS = 2;
export const EVENT_STARTED_ALREADY = 'The event has started already.';
export const NO_FREE_SEAT = 'There is no free seat for you on this wheel right now.';
export const noFreeSeatOnRing = (label: string) =>
  `There is no free seat on your ring, the ${label}, right now.`;

/** The spin under way on a wheel, as clients need it to draw the rings; null between spins. */
export function spinStateOf(row: WheelRow): SpinState | null {
  if (!row.spin_started_at || row.spin_inner_offset === null || row.spin_outer_offset === null) return null;
  return {
    round: row.current_round,
    startedAt: row.spin_started_at,
    innerOffset: row.spin_inner_offset,
    outerOffset: row.spin_outer_offset,
    ...spinSchedule(row.spin_started_at, row.matches_revealed_at),
  };
}

/**
 * Runs every wheel's rounds. `tick` looks for wheels with something due and carries each one
 * step on; each step is claimed in the database first, so with several server processes
 * every step happens once, and a restarted server finishes what was due while it was down.
 */
export function createRoundsService(deps: {
  rounds: RoundsRepository;
  wheels: WheelsService;
  matches: MatchesService;
  events: DomainEvents;
  clock: Clock;
  random: Random;
  onError: (error: unknown, wheelId: string) => void;
  /** Told of each spin that started, with how long after its wheel's next spin time (metrics). */
  onSpin?: (latenessMs: number) => void;
}) {
  const { rounds, wheels, matches, events, clock, random } = deps;

  async function publishSchedule(wheelId: string, slotsCleared: boolean) {
    const row = await rounds.findWheel(wheelId);
    if (!row) return;
    await events.publish('roundScheduled', {
      wheelId,
      currentRound: row.current_round,
      lastSpinDate: row.last_spin_date,
      nextSpinAt: row.next_spin_at,
      roundsPaused: row.rounds_paused,
      slotsCleared,
      startsAt: row.starts_at,
    });
  }

  async function spin(row: WheelRow, now: Date): Promise<void> {
    if (!row.next_spin_at) return;
    const expected = { round: row.current_round, nextSpinAt: row.next_spin_at };
    const startedAt = now.toISOString();
    // Answerable for a while after the reveal; the next spin closes it sooner (decision 010).
    const answerBy = new Date(
      Date.parse(spinSchedule(startedAt).revealAt) + wheels.answerWindowMsOf(row),
    ).toISOString();
    const outcome = await rounds
      .transaction(async (tx) => {
        const round = await tx.claimSpin(row.id, expected, startedAt);
        if (round === undefined) return 'lost' as const;
        const prompt = promptForRound(promptsOf(row), round);
        const occupied = await tx.listOccupiedSlots(row.id);
        if (
          !isPairable(
            occupied.map((slot) => slot.position),
            row.slot_count,
          )
        ) {
          throw new NothingToPair();
        }
        const half = ringHalf(row.slot_count);
        const inner: (string | null)[] = Array(half).fill(null);
        const outer: (string | null)[] = Array(half).fill(null);
        for (const slot of occupied) {
          if (slot.position >= 2 * half) continue;
          (slot.position < half ? inner : outer)[indexInRing(slot.position, row.slot_count)] =
            slot.participant_id;
        }
        const seated = occupied.map((slot) => slot.participant_id);
        const met = await tx.listMetPairsAmong(row.id, seated);
        const blocked = await tx.listBlockedPairsAmong(row.id, seated);
        const interests = await tx.listInterestsOf(seated);
        const result = chooseRotation({
          half,
          inner,
          outer,
          metBefore: new Set(met.map(([a, b]) => pairKey(a, b))),
          blocked: new Set(blocked.map(([a, b]) => pairKey(a, b))),
          priority: new Set(fromJsonColumn(row.priority_participant_ids, participantIdsSchema, [])),
          interests: new Map(interests.map((person) => [person.id, parseInterests(person.interests)])),
          random: random.next,
        });
        await tx.recordSpin(
          row.id,
          {
            innerOffset: result.innerOffset,
            outerOffset: result.outerOffset,
            priorityParticipantIds: toJsonColumn(result.unmatched),
          },
          result.pairs.map((pair) => ({
            id: random.uuid(),
            wheel_id: row.id,
            round,
            user1_id: pair.inner,
            user2_id: pair.outer,
            status: 'Pending' as const,
            accepted_by_user1: false,
            accepted_by_user2: false,
            created_at: startedAt,
            call_started_at: null,
            call_ended_at: null,
            answer_by: answerBy,
            prompt,
          })),
        );
        await tx.recordRound({
          wheel_id: row.id,
          round,
          spun_at: startedAt,
          seated: seated.length,
          pairs: result.pairs.length,
          never_met_pairs: result.neverMetPairs,
          shared_interests: result.sharedInterests,
          sat_out_ids: toJsonColumn(result.unmatched),
        });
        return { round, innerOffset: result.innerOffset, outerOffset: result.outerOffset };
      })
      .catch((error: unknown) => {
        if (error instanceof NothingToPair) return 'nobody' as const;
        throw error;
      });

    if (outcome === 'lost') return;
    if (outcome === 'nobody') {
      // People left before the spin: wait for someone on both rings.
      if (await rounds.clearSchedule(row.id, expected.nextSpinAt)) await publishSchedule(row.id, false);
      return;
    }
    deps.onSpin?.(now.getTime() - Date.parse(expected.nextSpinAt));
    await events.publish('spinStarted', {
      wheelId: row.id,
      round: outcome.round,
      startedAt,
      innerOffset: outcome.innerOffset,
      outerOffset: outcome.outerOffset,
      ...spinSchedule(startedAt),
    });
    // After the spin is on its way: people see the rings turn on time, then old dialogs close.
    await matches.closeStaleBefore(row.id, outcome.round);
  }

  async function reveal(row: WheelRow, now: Date): Promise<void> {
    const round = row.current_round;
    const lastSpinDate = row.last_spin_date ?? row.spin_started_at ?? now.toISOString();
    const unmatchedUserIds = fromJsonColumn(row.priority_participant_ids, participantIdsSchema, []);
    const revealedAt = now.toISOString();
    // The claim and the `round.completed` webhook's deliveries (when the wheel's owner has such
    // a webhook), in one transaction; a process that loses the claim reads nothing more.
    const claimed = await rounds.transaction(async (tx) => {
      if (!(await tx.markRevealed(row.id, round, revealedAt))) return undefined;
      const roundCompleted = {
        wheelId: row.id,
        round,
        matches: await tx.countMatches(row.id, round),
        unmatchedParticipants: unmatchedUserIds.length,
        completedAt: lastSpinDate,
      };
      return { deliveries: await tx.recordRoundCompleted(roundCompleted, now.toISOString()) };
    });
    if (!claimed) return;
    const roundMatches = await matches.listForRound(row.id, round);
    // From the reveal as stored, however late it came: the reset is due from that (dueAction).
    const { resetAt } = spinSchedule(row.spin_started_at ?? revealedAt, revealedAt);
    await Promise.all([
      events.publish('matchesRevealed', {
        created: { wheelId: row.id, matches: roundMatches },
        completed: {
          wheelId: row.id,
          matches: roundMatches,
          currentRound: round,
          lastSpinDate,
          unmatchedUserIds,
          resetAt,
        },
      }),
      claimed.deliveries.length > 0 &&
        events.publish('webhookDeliveriesRecorded', { deliveries: claimed.deliveries }),
    ]);
  }

  async function reset(row: WheelRow, now: Date): Promise<void> {
    const at = now.toISOString();
    if (row.event_ended_at || isLastRound({ currentRound: row.current_round, roundCount: row.round_count })) {
      if (!(await rounds.transaction((tx) => tx.resetLastRound(row.id, row.current_round, at)))) return;
      await publishSchedule(row.id, true);
      // Ended by the organiser during the spin: everyone heard EventEnded then.
      if (!row.event_ended_at) await events.publish('eventEnded', { wheelId: row.id });
      return;
    }
    const nextSpinAt = secondsLater(now, wheels.roundSecondsOf(row));
    const kept = await rounds.transaction((tx) => tx.resetRound(row.id, row.current_round, nextSpinAt, at));
    if (!kept) return;
    await publishSchedule(row.id, true);
    // Clients clear every seat on the reset's RoundScheduled: the kept ones are taken again.
    for (const seat of kept)
      await events.publish('slotTaken', {
        wheelId: row.id,
        userId: seat.participant_id,
        slotId: seat.id,
        occupiedAt: seat.occupied_at,
      });
  }

  /**
   * Starts the countdown of a waiting wheel with people on both rings, and tells everyone;
   * true if it started. For a wheel not waiting (counting down, spinning) it reads no slot.
   */
  async function scheduleIfPairable(wheelId: string): Promise<boolean> {
    const seats = await rounds.listSeatsIfWaiting(wheelId);
    const wheel = seats[0];
    if (
      !wheel ||
      !isPairable(
        seats.map((seat) => seat.position),
        wheel.slot_count,
      )
    )
      return false;
    const scheduled = await rounds.scheduleIfIdle(
      wheelId,
      countdownEnd(clock.now(), wheels.roundSecondsOf(wheel), wheel.starts_at),
    );
    if (!scheduled) return false;
    await events.publish('roundScheduled', {
      wheelId,
      currentRound: scheduled.current_round,
      lastSpinDate: scheduled.last_spin_date,
      nextSpinAt: scheduled.next_spin_at,
      roundsPaused: false,
      slotsCleared: false,
      startsAt: wheel.starts_at,
    });
    return true;
  }

  const steps = { spin, reveal, reset } as const;

  /**
   * Whether this process's ticks have closed the matches a spin left open when the process
   * before it stopped just after that spin's commit; until one has, every tick tries again.
   */
  let staleClosedSinceStart = false;

  async function endEvent(wheelId: string): Promise<void> {
    const ended = await rounds.transaction((tx) => tx.endEventNow(wheelId, clock.now().toISOString()));
    if (!ended) throw refusal('event_ended', EVENT_ENDED_MESSAGE);
    await publishSchedule(wheelId, ended.seatsCleared);
    await events.publish('eventEnded', { wheelId });
  }

  /** The start moves to now; people seated already meet at once (their countdown waited for the start). */
  async function startNow(wheelId: string): Promise<void> {
    const started = await rounds.transaction((tx) => tx.startNow(wheelId, clock.now().toISOString()));
    if (!started) throw new AppError('conflict', EVENT_STARTED_ALREADY);
    await publishSchedule(wheelId, false);
  }

  /** The free seat of their ring where this person is likeliest to meet someone new (seat-choice.ts). */
  async function bestSeatFor(row: WheelRow, participantId: string) {
    const [participant, slots] = await Promise.all([
      rounds.findParticipantOn(row.id, participantId),
      rounds.listSlots(row.id),
    ]);
    if (slots.some((slot) => slot.participant_id === participantId))
      throw refusal('already_seated', ALREADY_IN_SLOT);
    const present = slots.flatMap((slot) => (slot.participant_id ? [slot.participant_id] : []));
    const people = [participantId, ...present];
    const [met, blocked] = await Promise.all([
      rounds.listMetPairsAmong(row.id, people),
      rounds.listBlockedPairsAmong(row.id, people),
    ]);
    const known = new Set(
      [...met, ...blocked].flatMap(([a, b]) => (a === participantId ? [b] : b === participantId ? [a] : [])),
    );
    const settings = ringSettingsOf(row);
    const ring: Ring | null = participant
      ? ringOfAnswers(settings.ringRule, participant.registration_data)
      : null;
    const slotId = chooseSeat({
      slotCount: row.slot_count,
      slots: slots.map((slot) => ({
        id: slot.id,
        position: slot.position,
        participantId: slot.participant_id,
      })),
      ring,
      known,
      random: random.next,
    });
    if (!slotId)
      throw refusal('wheel_full', ring ? noFreeSeatOnRing(ringLabel(settings, ring)) : NO_FREE_SEAT);
    return slotId;
  }

  return {
    /**
     * Carries every wheel with something due one step on. Wheels do not wait for each other:
     * their steps run together (on PostgreSQL in parallel, on SQLite's one connection in
     * turn), spins first, since people watch the countdown to the second. Each step's failure
     * is its wheel's alone. The first tick of a process also closes what an earlier process left
     * open when it stopped between a spin and that spin's closing of older matches.
     */
    async tick(): Promise<void> {
      const now = clock.now();
      const due = (await rounds.listDue(dueCutoffs(now))).flatMap((row) => {
        const action = dueAction(
          {
            status: row.status,
            roundsPaused: row.rounds_paused,
            nextSpinAt: row.next_spin_at,
            spinStartedAt: row.spin_started_at,
            matchesRevealedAt: row.matches_revealed_at,
            currentRound: row.current_round,
            startsAt: row.starts_at,
            roundCount: row.round_count,
            eventEndedAt: row.event_ended_at,
          },
          now,
        );
        return action === 'none' ? [] : [{ row, step: steps[action], isSpin: action === 'spin' }];
      });
      due.sort((a, b) => Number(b.isSpin) - Number(a.isSpin));
      await Promise.all(
        due.map(({ row, step }) => step(row, now).catch((error: unknown) => deps.onError(error, row.id))),
      );
      await matches.closeDue();
      if (!staleClosedSinceStart) {
        await matches.closeStaleOnEveryWheel();
        staleClosedSinceStart = true;
      }
    },

    /**
     * 'Any seat' (issue 38): seats the person where they are likeliest to meet someone new, on
     * their ring, through the ordinary take (its refusals, its push). When someone is quicker
     * to that seat, it chooses once more from the seats as they are then; the seat taken.
     */
    async takeAnySeat(wheelId: string, participantId: string): Promise<{ slotId: string }> {
      const row = await rounds.findWheel(wheelId);
      if (!row) throw notFound(WHEEL_NOT_FOUND);
      if (row.spin_started_at) throw refusal('wheel_spinning', WHEEL_SPINNING);
      for (let attempt = 1; ; attempt += 1) {
        const slotId = await bestSeatFor(row, participantId);
        try {
          await wheels.takeSlot({ wheelId, slotId, participantId });
          return { slotId };
        } catch (error) {
          const lostTheRace = error instanceof AppError && error.reason === 'slot_taken';
          if (!lostTheRace || attempt === ANY_SEAT_ATTEMPTS) throw error;
        }
      }
    },

    /** Someone took a slot: a waiting wheel that now has people on both rings starts its countdown. */
    async onSlotTaken(wheelId: string): Promise<void> {
      await scheduleIfPairable(wheelId);
    },

    /**
     * The organiser's controls: spin now, pause the rounds, resume them, and (issue 35) start
     * the event now or end it. Once the event is over, none of them has anything to move.
     */
    async control(wheelId: string, action: RoundControlAction): Promise<void> {
      const row = await rounds.findWheel(wheelId);
      if (!row) throw notFound(WHEEL_NOT_FOUND);
      if (row.event_ended_at) throw refusal('event_ended', EVENT_ENDED_MESSAGE);
      if (action === 'end-event') return endEvent(wheelId);
      // Spinning before the start starts the event: no round spins before it.
      if (
        action === 'start-now' ||
        (action === 'spin-now' && row.starts_at && Date.parse(row.starts_at) > clock.now().getTime())
      ) {
        return startNow(wheelId);
      }
      if (action === 'spin-now') {
        if (!(await rounds.spinAt(wheelId, clock.now().toISOString()))) {
          throw new AppError('conflict', 'The wheel is spinning already.');
        }
        await publishSchedule(wheelId, false);
        return;
      }
      await rounds.setPaused(wheelId, action === 'pause');
      if (action === 'resume' && (await scheduleIfPairable(wheelId))) return;
      await publishSchedule(wheelId, false);
    },

    /**
     * The organiser changed the event's start or round count (issue 35): a countdown under way
     * moves to the new start (or to a round from now, if it waited for a start that is now
     * past or gone), and a wheel that has run all its rounds now ends. Everyone hears the start.
     */
    async followSchedule(wheelId: string): Promise<void> {
      const row = await rounds.findWheel(wheelId);
      if (!row || row.event_ended_at || row.spin_started_at) return;
      if (row.next_spin_at && isLastRound({ currentRound: row.current_round, roundCount: row.round_count }))
        return endEvent(wheelId);
      if (row.next_spin_at) {
        const now = clock.now();
        const roundFromNow = secondsLater(now, wheels.roundSecondsOf(row));
        const spinAt = countdownEnd(now, wheels.roundSecondsOf(row), row.starts_at);
        // A countdown to a start still to come, or to a start now past or gone, follows; a round's keeps its time.
        const waitsForStart =
          spinAt !== roundFromNow || Date.parse(row.next_spin_at) > Date.parse(roundFromNow);
        if (waitsForStart && spinAt !== row.next_spin_at)
          await rounds.moveCountdown(wheelId, row.next_spin_at, spinAt);
      }
      await publishSchedule(wheelId, false);
    },

    /**
     * A new round length (null: the standard one), stored with the countdown under way moved
     * to it: the round keeps the moment it opened and ends at the new length, or now if it has
     * run longer already. The write names what it read; if another change landed in between,
     * it reads again.
     */
    async setRoundLength(wheelId: string, roundSeconds: number | null): Promise<void> {
      for (let attempt = 0; attempt < ROUND_LENGTH_ATTEMPTS; attempt += 1) {
        const row = await rounds.findWheel(wheelId);
        if (!row || row.round_seconds === roundSeconds) return;
        const counting = row.next_spin_at !== null && row.spin_started_at === null && !row.rounds_paused;
        const nextSpinAt =
          counting && row.next_spin_at
            ? retimedSpinAt(
                row.next_spin_at,
                wheels.roundSecondsOf(row),
                wheels.roundSecondsOf({ round_seconds: roundSeconds }),
                clock.now(),
              )
            : row.next_spin_at;
        if (await rounds.changeRoundLength(row, { round_seconds: roundSeconds, next_spin_at: nextSpinAt })) {
          if (nextSpinAt !== row.next_spin_at) await publishSchedule(wheelId, false);
          return;
        }
      }
      throw new AppError('conflict', ROUND_LENGTH_CONFLICT);
    },

    /**
     * Everything a client needs to draw the wheel now, with the caller's matches: those of the
     * current round once revealed (until the next spin, across the reset), and any still open.
     */
    async snapshot(row: WheelRow, participantId: string | undefined): Promise<Omit<WheelSnapshot, 'seq'>> {
      const spinState = spinStateOf(row);
      // While the rings turn, this round's matches are still a surprise.
      const spinning = row.spin_started_at !== null && row.matches_revealed_at === null;
      const myMatches = participantId
        ? (await matches.forSnapshot(row.id, participantId, spinning ? undefined : row.current_round)).filter(
            (match) => !spinning || match.round !== row.current_round,
          )
        : [];
      return {
        wheel: await wheels.toOpenWheel(row),
        serverTime: clock.now().toISOString(),
        spin: spinState,
        myMatches,
        staying: participantId ? await rounds.isStaying(participantId) : false,
        announcement: announcementOf(row),
      };
    },
  };
}

class NothingToPair extends Error {}

export type RoundsService = ReturnType<typeof createRoundsService>;
