import type { FastifyBaseLogger } from 'fastify';
import type { RoundsService } from './rounds.service';

/** While ticks keep failing (the database is away), how often the log says so again. */
export const FAILING_TICKS_LOG_INTERVAL_MS = 30_000;

/**
 * Drives the rounds with real time: a tick every `intervalMs`, never two at once. A tick that
 * fails is tried again on the next one; the log tells the first failure, then once every
 * FAILING_TICKS_LOG_INTERVAL_MS while they go on, then the recovery, not five lines a second.
 */
export function startRoundTicker(
  rounds: Pick<RoundsService, 'tick'>,
  intervalMs: number,
  log: Pick<FastifyBaseLogger, 'error' | 'info'>,
  now: () => number = Date.now,
) {
  let running = false;
  let failures = 0;
  let lastLoggedAt = 0;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    rounds
      .tick()
      .then(
        () => {
          if (failures > 0) log.info({ failures }, 'round ticks work again');
          failures = 0;
        },
        (error: unknown) => {
          failures += 1;
          if (failures === 1 || now() - lastLoggedAt >= FAILING_TICKS_LOG_INTERVAL_MS) {
            lastLoggedAt = now();
            log.error(
              { err: error, failures },
              failures === 1 ? 'round tick failed' : 'round ticks still failing',
            );
          }
        },
      )
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  return () => clearInterval(timer);
}
