import type { RoundsService } from './rounds.service';

/** Drives the rounds with real time: a tick every `intervalMs`, never two at once. */
export function startRoundTicker(
  rounds: RoundsService,
  intervalMs: number,
  onError: (error: unknown) => void,
) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    rounds
      .tick()
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  return () => clearInterval(timer);
}
