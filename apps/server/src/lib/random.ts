import { randomBytes, randomUUID } from 'node:crypto';

/** Randomness, injected so tests can make ids, codes and shuffles repeatable. */
export interface Random {
  uuid(): string;
  /** A float in [0, 1). */
  next(): number;
  /** A URL-safe random string carrying `bytes` bytes of entropy. */
  token(bytes: number): string;
}

export const cryptoRandom: Random = {
  uuid: () => randomUUID(),
  next: () => randomBytes(6).readUIntBE(0, 6) / 2 ** 48,
  token: (bytes) => randomBytes(bytes).toString('base64url'),
};
