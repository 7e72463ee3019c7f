import type { Clock } from './clock';

/**
 * Counts attempts per key in a sliding window and says when a key has had too many, so a
 * short secret (an access code, a password) cannot be guessed by trying. Kept in memory: with
 * several server processes each enforces its own limit.
 */
export function createAttemptLimiter(options: { maxAttempts: number; windowMs: number; clock: Clock }) {
  const attempts = new Map<string, number[]>();
  const recent = (key: string, now: number) =>
    (attempts.get(key) ?? []).filter((time) => time > now - options.windowMs);
  const prune = () => {
    const now = options.clock.now().getTime();
    for (const [key] of attempts) {
      const times = recent(key, now);
      if (times.length === 0) attempts.delete(key);
      else attempts.set(key, times);
    }
  };

  return {
    /** Records an attempt; false when the key is over its limit (the attempt should be refused). */
    tryAttempt(key: string): boolean {
      const now = options.clock.now().getTime();
      const times = recent(key, now);
      if (times.length >= options.maxAttempts) {
        attempts.set(key, times);
        return false;
      }
      times.push(now);
      attempts.set(key, times);
      if (attempts.size > 10_000) prune();
      return true;
    },

    /** True when the key has used up its attempts for now (nothing is recorded). */
    isLimited(key: string): boolean {
      return recent(key, options.clock.now().getTime()).length >= options.maxAttempts;
    },

    /** Records an attempt without asking, e.g. a failed sign-in. */
    record(key: string): void {
      const now = options.clock.now().getTime();
      attempts.set(key, [...recent(key, now), now]);
    },

    /** Forgets a key, e.g. after a successful attempt. */
    reset(key: string) {
      attempts.delete(key);
    },
  };
}

export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;
