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

/** Thrown when too many password checks are already running or waiting; the caller answers 503. */
export class PasswordHasherBusyError extends Error {
  override name = 'PasswordHasherBusyError';
  constructor(readonly retryAfterMs: number) {
    super('Too many sign-ins are being checked right now.');
  }
}

export interface PasswordHasherLimits {
  /** Hashes running at once. Each holds one of libuv's 4 threads and 128 MiB. */
  maxConcurrent: number;
  /** Hashes that may wait for a turn; more are refused at once. */
  maxQueued: number;
  /** How long one may wait for a turn before it is refused. */
  maxWaitMs: number;
}

/** Two of libuv's four threads stay free for static files and the database; at most 256 MiB hashing. */
export const DEFAULT_PASSWORD_HASHER_LIMITS: PasswordHasherLimits = {
  maxConcurrent: 2,
  maxQueued: 16,
  maxWaitMs: 2_000,
};

/**
 * Hashing and checking passwords with a bound on how many run at once. scrypt is slow and
 * memory-hungry by design; without a bound a flood of sign-ins takes every libuv thread (the
 * ones that also read static files) and gigabytes of memory. Beyond the bound a request
 * waits briefly in a queue, then is refused with PasswordHasherBusyError. Known and unknown
 * accounts go through the same queue and the same work, so timing tells nothing.
 */
export function createPasswordHasher(
  limits: PasswordHasherLimits = DEFAULT_PASSWORD_HASHER_LIMITS,
  derive: { hash: typeof hashPassword; verify: typeof verifyPassword } = {
    hash: hashPassword,
    verify: verifyPassword,
  },
) {
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

  async function withTurn<T>(work: () => Promise<T>): Promise<T> {
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
  }

  return {
    hash: (password: string) => withTurn(() => derive.hash(password)),
    verify: (password: string, stored: string) => withTurn(() => derive.verify(password, stored)),
    /** Hashes running now and waiting now, for tests and metrics. */
    load: () => ({ running, waiting: waiting.length }),
  };
}

export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
