import type { FastifyBaseLogger } from 'fastify';
import type { RoundsService } from './rounds.service';

/** While ticks keep failing (the database is away), how often the log says so again. */
export const FAILING_TICKS_LOG_INTERVAL_MS = 30_000;

/** A wake-up comes this much after the step it is for, so the step is surely due by then. */
const WAKE_MARGIN_MS = 2;

/**
 * Drives the rounds with real time: a tick every `intervalMs`, never two at once. A tick that
 * fails is tried again on the next one; the log tells the first failure, then once every
 * FAILING_TICKS_LOG_INTERVAL_MS while they go on, then the recovery, not five lines a second.
 *
 * `wakeIn(ms)` asks for a tick at a known moment (a spin this process scheduled), so a step
 * happens when it falls due rather than up to `intervalMs` later. A wake-up that comes while
 * a tick runs makes another tick follow it at once.
 */
export function startRoundTicker(
  rounds: Pick<RoundsService, 'tick'>,
  intervalMs: number,
  log: Pick<FastifyBaseLogger, 'error' | 'info'>,
  now: () => number = Date.now,
) {
  let running = false;
  let again = false;
  let failures = 0;
  let lastLoggedAt = 0;
  const wakeUps = new Set<NodeJS.Timeout>();

  function tick() {
    if (running) {
      again = true;
      return;
    }
    running = true;
    again = false;
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
        if (again) tick();
      });
  }

  const timer = setInterval(tick, intervalMs);
  return {
    wakeIn(delayMs: number) {
      const wakeUp = setTimeout(() => {
        wakeUps.delete(wakeUp);
        tick();
      }, Math.max(0, delayMs) + WAKE_MARGIN_MS);
      wakeUps.add(wakeUp);
    },
    stop() {
      clearInterval(timer);
      for (const wakeUp of wakeUps) clearTimeout(wakeUp);
      wakeUps.clear();
    },
  };
}
