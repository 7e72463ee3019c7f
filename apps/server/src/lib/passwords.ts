import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// OWASP's scrypt baseline (N=2^17, r=8, p=1) needs 128 MiB per hash: raise maxmem accordingly.
const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 };
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, params: typeof SCRYPT_PARAMS): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, params, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Hashes a password as `scrypt$N$r$p$salt$key` so the cost can change without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, SCRYPT_PARAMS);
  const { N, r, p } = SCRYPT_PARAMS;
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), {
    ...SCRYPT_PARAMS,
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A stored-hash lookalike with today's cost parameters that no password matches: checking a
 * password against it for a username that does not exist costs exactly the work of checking a
 * real account, and needs no hashing to make.
 */
export const DUMMY_PASSWORD_HASH = [
  'scrypt',
  SCRYPT_PARAMS.N,
  SCRYPT_PARAMS.r,
  SCRYPT_PARAMS.p,
  Buffer.alloc(16).toString('base64'),
  Buffer.alloc(KEY_LENGTH).toString('base64'),
].join('$');

/**
 * Thrown when a lane of the password queue is full, or a check waited there too long; the
 * caller answers 429 with Retry-After, as for any other "come back later".
 */
export class PasswordHasherBusyError extends Error {
  override name = 'PasswordHasherBusyError';
  constructor(readonly retryAfterMs: number) {
    super('Too many passwords are being checked right now.');
  }
}

export interface PasswordLaneLimits {
  /** Hashes running at once. Each holds one of libuv's 4 threads and 128 MiB. */
  maxConcurrent: number;
  /** Hashes that may wait for a turn; more are refused at once. */
  maxQueued: number;
  /** How long one may wait for a turn before it is refused. */
  maxWaitMs: number;
}

/**
 * Which lane a hash runs in. `device`: a sign-in that presented a device token its account
 * issued (decision 008), so a burst of strangers in the public lane never delays the owners.
 */
export type PasswordLane = 'public' | 'device';

export type PasswordHasherLimits = Record<PasswordLane, PasswordLaneLimits>;

/**
 * At most three of libuv's four threads and 384 MiB hashing. The public lane has two: one
 * thread stays free for static files and the database even while strangers flood it. The
 * device lane has one more, which only sign-ins with a valid device token reach.
 */
export const DEFAULT_PASSWORD_HASHER_LIMITS: PasswordHasherLimits = {
  public: { maxConcurrent: 2, maxQueued: 16, maxWaitMs: 2_000 },
  device: { maxConcurrent: 1, maxQueued: 8, maxWaitMs: 5_000 },
};

/** One bounded queue: at most `maxConcurrent` at once, a few waiting briefly, the rest refused. */
function createLane(limits: PasswordLaneLimits) {
  let running = 0;
  const waiting: { start: () => void; timer: NodeJS.Timeout }[] = [];

  const release = () => {
    running -= 1;
    const next = waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      running += 1;
      next.start();
    }
  };

  return {
    async withTurn<T>(work: () => Promise<T>): Promise<T> {
      if (running >= limits.maxConcurrent) {
        if (waiting.length >= limits.maxQueued) throw new PasswordHasherBusyError(limits.maxWaitMs);
        await new Promise<void>((resolve, reject) => {
          const entry = {
            start: resolve,
            timer: setTimeout(() => {
              waiting.splice(waiting.indexOf(entry), 1);
              reject(new PasswordHasherBusyError(limits.maxWaitMs));
            }, limits.maxWaitMs),
          };
          waiting.push(entry);
        });
      } else {
        running += 1;
      }
      try {
        return await work();
      } finally {
        release();
      }
    },
    load: () => ({ running, waiting: waiting.length }),
  };
}

/**
 * Hashing and checking passwords with a bound on how many run at once. scrypt is slow and
 * memory-hungry by design; without a bound a flood of sign-ins takes every libuv thread (the
 * ones that also read static files) and gigabytes of memory. Beyond the bound a request
 * waits briefly in its lane, then is refused with PasswordHasherBusyError. Known and unknown
 * accounts go through the same lane and the same work (DUMMY_PASSWORD_HASH), so timing tells
 * nothing; only a valid device token, which a stranger cannot have, picks the other lane.
 */
export function createPasswordHasher(
  limits: PasswordHasherLimits = DEFAULT_PASSWORD_HASHER_LIMITS,
  derive: { hash: typeof hashPassword; verify: typeof verifyPassword } = {
    hash: hashPassword,
    verify: verifyPassword,
  },
) {
  const lanes = { public: createLane(limits.public), device: createLane(limits.device) };

  return {
    hash: (password: string, lane: PasswordLane = 'public') =>
      lanes[lane].withTurn(() => derive.hash(password)),
    verify: (password: string, stored: string, lane: PasswordLane = 'public') =>
      lanes[lane].withTurn(() => derive.verify(password, stored)),
    /** Per lane, hashes running now and waiting now, for tests and metrics. */
    load: () => ({ public: lanes.public.load(), device: lanes.device.load() }),
  };
}

export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
