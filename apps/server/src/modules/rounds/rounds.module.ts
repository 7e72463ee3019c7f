import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { startRoundTicker } from './round-ticker';
import { createRoundsRepository } from './rounds.repository';
import { createRoundsService } from './rounds.service';

type RoundsServiceDeps = Parameters<typeof createRoundsService>[0];

/** How often the ticker looks for due steps, besides waking for the ones this process scheduled. */
const ROUND_TICK_MS = 200;

/**
 * Rounds: the repository, the service, a taken slot starting a wheel's countdown, and the clock.
 * With `ticker: 'timer'`, one tick drives everything the clock decides: the rounds' steps and
 * expiring matches (`rounds.tick`), then each of `alsoOnTick` in turn; the ticker stops when the
 * app starts closing (a preClose hook). Returns the service (the hub, the admin wheels and tests
 * drive it) and the count of wheels by phase the metrics read.
 */
export function registerRounds(
  app: FastifyInstance,
  deps: Omit<RoundsServiceDeps, 'rounds' | 'onError'> & {
    db: Kysely<Database>;
    /** 'manual': no timer; tests call `tick()` themselves with their own clock. */
    ticker: 'timer' | 'manual';
    /** More of what the clock decides, run after the rounds' own steps on every tick. */
    alsoOnTick: ReadonlyArray<() => Promise<unknown>>;
  },
) {
  const { db, ticker: driver, alsoOnTick, ...service } = deps;
  const { events, clock } = service;
  const repository = createRoundsRepository(db);
  const rounds = createRoundsService({
    ...service,
    rounds: repository,
    onError: (error, wheelId) => app.log.error({ err: error, wheelId }, 'round step failed'),
  });
  const wheelsByPhase = repository.countWheelsByPhase;
  events.subscribe('slotTaken', (event) => rounds.onSlotTaken(event.wheelId));
  if (driver === 'manual') return { rounds, wheelsByPhase };

  const tickAll = async () => {
    await rounds.tick();
    for (const step of alsoOnTick) await step();
  };
  const ticker = startRoundTicker({ tick: tickAll }, ROUND_TICK_MS, app.log);
  // The next step of a round this process moved on is known to the millisecond: wake for it.
  const wakeAt = (due: string | null) => {
    if (due) ticker.wakeIn(Date.parse(due) - clock.now().getTime());
  };
  events.subscribe('roundScheduled', (event) => wakeAt(event.nextSpinAt));
  events.subscribe('spinStarted', (event) => wakeAt(event.revealAt));
  events.subscribe('matchesRevealed', (event) => wakeAt(event.completed.resetAt));
  app.addHook('preClose', async () => ticker.stop());
  return { rounds, wheelsByPhase };
}
