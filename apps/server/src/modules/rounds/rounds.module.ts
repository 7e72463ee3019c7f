import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startRoundTicker } from './round-ticker';
import { registerRoundHandlers } from './rounds.hub';
import { createRoundsRepository } from './rounds.repository';
import { createRoundsService, type RoundsService } from './rounds.service';
import { createStayingRepository } from './staying.repository';
import { createStayingService } from './staying.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live wheel: snapshots and round steps; tests with a manual ticker call `tick()` themselves. */
    rounds: RoundsService;
  }
}

/**
 * Staying seated (issue 38), driven by what happens to calls and matches: a call's end gives a
 * waiting person their seat back (the reset does it for calls that ended while the wheel spun),
 * and answers, given or missed, decide whether a seat is still kept.
 */
function subscribeStaying(app: FastifyInstance) {
  const { events } = app;
  const staying = createStayingService({
    staying: createStayingRepository(app.db),
    wheels: app.wheels,
    events,
    random: app.random,
  });
  const seatBothAgain = async (participantIds: readonly string[]) => {
    for (const participantId of participantIds) await staying.seatAgain(participantId);
  };
  events.subscribe('callEnded', (event) => seatBothAgain(event.participantIds));
  events.subscribe('callTimeUp', (event) => seatBothAgain(event.participantIds));
  events.subscribe('matchExpired', ({ event, participantIds }) =>
    // A match closed before anyone accepted held no call; one closed once accepted ends its call.
    event.reason === 'unanswered'
      ? staying.matchUnanswered(event.wheelId, event.matchId)
      : seatBothAgain(participantIds),
  );
  events.subscribe('matchAccepted', ({ event }) => staying.answered(event.userId));
  events.subscribe('matchDeclined', ({ event }) => staying.answered(event.userId));
  events.subscribe('roundScheduled', (event) =>
    event.slotsCleared ? staying.seatAgainOn(event.wheelId) : undefined,
  );
}

/** How often the ticker looks for due steps, besides waking for the ones this process scheduled. */
const ROUND_TICK_MS = 200;

/**
 * Rounds: the repository, the service, 'Any seat' (rounds.hub.ts), a taken slot starting a
 * wheel's countdown, and the clock.
 * With `ticker: 'timer'`, one tick drives everything the clock decides: the rounds' steps and
 * expiring matches, then calls whose time is up; the ticker stops when the app starts closing.
 */
export const roundsModule = fp<{ ticker: 'timer' | 'manual' }>(
  async (app, { ticker: driver }) => {
    const { events, clock, calls } = app;
    const repository = createRoundsRepository(app.db);
    const rounds = createRoundsService({
      rounds: repository,
      wheels: app.wheels,
      matches: app.matches,
      events,
      clock,
      random: app.random,
      onSpin: app.metrics.spin,
      onError: (error, wheelId) => app.log.error({ err: error, wheelId }, 'round step failed'),
    });
    app.decorate('rounds', rounds);
    app.hub.handle((socket) => registerRoundHandlers(socket, { rounds, log: app.log }));
    app.metrics.readFrom({ wheelsByPhase: repository.countWheelsByPhase });
    events.subscribe('slotTaken', (event) => rounds.onSlotTaken(event.wheelId));
    subscribeStaying(app);
    if (driver === 'manual') return;

    const ticker = startRoundTicker(
      {
        tick: async () => {
          await rounds.tick();
          await calls.endTimeUp();
        },
      },
      ROUND_TICK_MS,
      app.log,
    );
    // The next step of a round this process moved on is known to the millisecond: wake for it.
    const wakeAt = (due: string | null) => {
      if (due) ticker.wakeIn(Date.parse(due) - clock.now().getTime());
    };
    events.subscribe('roundScheduled', (event) => wakeAt(event.nextSpinAt));
    events.subscribe('spinStarted', (event) => wakeAt(event.revealAt));
    events.subscribe('matchesRevealed', (event) => wakeAt(event.completed.resetAt));
    app.addHook('preClose', async () => ticker.stop());
  },
  { name: 'rounds', dependencies: ['infrastructure', 'hub', 'wheels', 'matches', 'calls'] },
);
