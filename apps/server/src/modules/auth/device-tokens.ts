import { createHash } from 'node:crypto';
import type { Clock } from '../../lib/clock';
import type { Random } from '../../lib/random';
import type { AuthRepository, DeviceOwner } from './auth.repository';

/** The numbers behind device tokens (decision 008, docs/security.md). */
export const DEVICE_TOKEN_LIMITS = {
  /** 32 random bytes: unguessable, so a fast hash is enough to keep them. */
  bytes: 32,
  /**
   * Wrong passwords a device token survives since its last right one. A stolen laptop gets
   * these few guesses without the account's delay, and then is a stranger like any other: its
   * token is no longer honoured until the right password is given without it (which issues a
   * new one). Each wrong one also counts against the account's delay, as from any address.
   */
  maxFailures: 5,
  /** Devices kept per account; signing in on a 21st forgets the least recently used. */
  perAccount: 20,
} as const;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A device token that holds for this sign-in; one failure is already counted against it. */
export interface ClaimedDevice {
  token: string;
  /** The password was right: clears the device's failures and answers the same token. */
  signedIn(): Promise<string>;
  /** The password was never checked (throttled, or the queue was busy): the failure is taken back. */
  release(): Promise<void>;
}

/**
 * Device tokens (OWASP's device cookies): a browser that signed in to an account gets a token
 * bound to it, and a later sign-in to that account with the token skips the account's delay
 * and uses the reserved hashing lane, so strangers' guessing cannot lock the owner out.
 */
export function createDeviceTokens(deps: { accounts: AuthRepository; clock: Clock; random: Random }) {
  const { accounts, clock, random } = deps;
  return {
    /**
     * The device behind `token` when it is the owner's and still honoured, with a failure
     * counted in advance (so concurrent guesses with a stolen token cannot outrun the limit);
     * undefined otherwise.
     */
    async claim(owner: DeviceOwner, token: string): Promise<ClaimedDevice | undefined> {
      const tokenHash = hashOf(token);
      if (!(await accounts.claimDevice(tokenHash, owner, DEVICE_TOKEN_LIMITS.maxFailures))) return undefined;
      return {
        token,
        async signedIn() {
          await accounts.deviceSignedIn(tokenHash, clock.now().toISOString());
          return token;
        },
        release: () => accounts.releaseDeviceClaim(tokenHash),
      };
    },

    /** A new device token for the owner; only its hash is stored. */
    async issue(owner: DeviceOwner): Promise<string> {
      const token = random.token(DEVICE_TOKEN_LIMITS.bytes);
      await accounts.addDevice(
        hashOf(token),
        owner,
        clock.now().toISOString(),
        DEVICE_TOKEN_LIMITS.perAccount,
      );
      return token;
    },
  };
}

export type DeviceTokens = ReturnType<typeof createDeviceTokens>;
