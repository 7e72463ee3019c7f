import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAILING_TICKS_LOG_INTERVAL_MS, startRoundTicker } from './round-ticker';

describe('the round ticker', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('logs a run of failing ticks once, then every 30 s, then the recovery', async () => {
    vi.useFakeTimers();
    let healthy = false;
    const rounds = { tick: vi.fn(async () => (healthy ? undefined : Promise.reject(new Error('db away')))) };
    const log = { error: vi.fn(), info: vi.fn() };
    const { stop } = startRoundTicker(rounds, 200, log, () => Date.now());

    // 10 s of failing ticks, five a second: one line.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(rounds.tick.mock.calls.length).toBeGreaterThanOrEqual(49);
    expect(log.error).toHaveBeenCalledTimes(1);
    // Still failing half a minute later: one more line, with the count.
    await vi.advanceTimersByTimeAsync(FAILING_TICKS_LOG_INTERVAL_MS);
    expect(log.error).toHaveBeenCalledTimes(2);
    expect(log.error.mock.calls[1]?.[0]).toMatchObject({ failures: expect.any(Number) });

    healthy = true;
    await vi.advanceTimersByTimeAsync(400);
    expect(log.info).toHaveBeenCalledTimes(1);
    expect(log.info.mock.calls[0]?.[1]).toBe('round ticks work again');
    stop();
  });

  it('ticks when a wake-up asks, between the regular ticks, and again after a tick that was running', async () => {
    vi.useFakeTimers();
    let finish: () => void = () => {};
    const rounds = {
      tick: vi.fn(
        () =>
          new Promise<void>((resolve) => {
            finish = resolve;
          }),
      ),
    };
    const ticker = startRoundTicker(rounds, 1_000, { error: vi.fn(), info: vi.fn() });
    ticker.wakeIn(300);
    await vi.advanceTimersByTimeAsync(299);
    expect(rounds.tick).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5);
    expect(rounds.tick).toHaveBeenCalledTimes(1);
    // A wake-up while that tick runs: one more tick as soon as it ends, not a second at once.
    ticker.wakeIn(0);
    await vi.advanceTimersByTimeAsync(5);
    expect(rounds.tick).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(rounds.tick).toHaveBeenCalledTimes(2);
    finish();
    ticker.stop();
  });
});
