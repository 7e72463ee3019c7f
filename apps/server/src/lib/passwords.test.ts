import { describe, expect, it } from 'vitest';
import {
  createPasswordHasher,
  DUMMY_PASSWORD_HASH,
  hashPassword,
  type PasswordLaneLimits,
  PasswordHasherBusyError,
  verifyPassword,
} from './passwords';

describe('passwords', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('open sesame 123');
    expect(hash.startsWith('scrypt$')).toBe(true);
    expect(hash).not.toContain('open sesame');
    expect(await verifyPassword('open sesame 123', hash)).toBe(true);
    expect(await verifyPassword('open sesame 124', hash)).toBe(false);
  });

  it('salts every hash, so equal passwords do not give equal hashes', async () => {
    expect(await hashPassword('same password')).not.toBe(await hashPassword('same password'));
  });

  it('refuses a stored value that is not one of its hashes', async () => {
    expect(await verifyPassword('anything', 'plain-text')).toBe(false);
    expect(await verifyPassword('anything', '')).toBe(false);
  });

  it('has a dummy hash with the cost of a real one that no password matches', async () => {
    const real = await hashPassword('decoy');
    const costOf = (hash: string) => hash.split('$').slice(0, 4).join('$');
    expect(costOf(DUMMY_PASSWORD_HASH)).toBe(costOf(real));
    expect(await verifyPassword('', DUMMY_PASSWORD_HASH)).toBe(false);
  });
});

describe('password hasher bounds', () => {
  const roomy: PasswordLaneLimits = { maxConcurrent: 1, maxQueued: 10, maxWaitMs: 60_000 };

  /** A stand-in for scrypt that finishes when the test says so, and counts how many run at once. */
  function controllableDerive() {
    let running = 0;
    let peak = 0;
    const pending: (() => void)[] = [];
    const work = async () => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise<void>((resolve) => pending.push(resolve));
      running -= 1;
    };
    return {
      derive: {
        hash: async (password: string) => {
          await work();
          return `hash:${password}`;
        },
        verify: async (password: string, stored: string) => {
          await work();
          return stored === `hash:${password}`;
        },
      },
      finishAll: async () => {
        while (pending.length > 0) {
          for (const resolve of pending.splice(0)) resolve();
          await new Promise((resolve) => setTimeout(resolve, 0));
        }
      },
      peak: () => peak,
    };
  }

  it('never runs more than the bound at once, queues a few and refuses the rest with a retry time', async () => {
    const fake = controllableDerive();
    const hasher = createPasswordHasher(
      { public: { maxConcurrent: 2, maxQueued: 3, maxWaitMs: 60_000 }, device: roomy },
      fake.derive,
    );
    const outcomes = Array.from({ length: 10 }, (_, index) =>
      hasher.verify(`p${index}`, `hash:p${index}`).then(
        (ok) => ({ ok }),
        (error: unknown) => ({ error }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(hasher.load().public).toEqual({ running: 2, waiting: 3 });
    await fake.finishAll();
    const results = await Promise.all(outcomes);
    expect(results.filter((result) => 'ok' in result && result.ok)).toHaveLength(5);
    const refused = results
      .filter((result) => 'error' in result)
      .map((result) => (result as { error: unknown }).error);
    expect(refused).toHaveLength(5);
    for (const error of refused) {
      expect(error).toBeInstanceOf(PasswordHasherBusyError);
      expect((error as PasswordHasherBusyError).retryAfterMs).toBe(60_000);
    }
    expect(fake.peak()).toBe(2);
    expect(hasher.load().public).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a queued check that waited too long, and the queue moves on', async () => {
    const fake = controllableDerive();
    const hasher = createPasswordHasher(
      { public: { maxConcurrent: 1, maxQueued: 5, maxWaitMs: 20 }, device: roomy },
      fake.derive,
    );
    const first = hasher.hash('first');
    const second = hasher.hash('second');
    await expect(second).rejects.toBeInstanceOf(PasswordHasherBusyError);
    await fake.finishAll();
    expect(await first).toBe('hash:first');
    const third = hasher.hash('third');
    await fake.finishAll();
    expect(await third).toBe('hash:third');
  });

  it('keeps the device lane open while strangers fill the public one', async () => {
    const fake = controllableDerive();
    const hasher = createPasswordHasher(
      { public: { maxConcurrent: 1, maxQueued: 1, maxWaitMs: 60_000 }, device: roomy },
      fake.derive,
    );
    const strangers = Array.from({ length: 5 }, (_, index) =>
      hasher.verify(`p${index}`, 'hash:x').catch((error: unknown) => error),
    );
    const owner = hasher.verify('mine', 'hash:mine', 'device');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(hasher.load()).toEqual({ public: { running: 1, waiting: 1 }, device: { running: 1, waiting: 0 } });
    await fake.finishAll();
    expect(await owner).toBe(true);
    const refused = (await Promise.all(strangers)).filter(
      (result) => result instanceof PasswordHasherBusyError,
    );
    expect(refused).toHaveLength(3);
  });
});
