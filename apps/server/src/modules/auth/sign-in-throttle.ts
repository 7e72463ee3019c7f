import type { Clock } from '../../lib/clock';
import { tooManyRequests } from '../../lib/errors';
import type { LimiterFactory } from '../../lib/redis-limiters';

export const TOO_MANY_LOGINS = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
export const tooManyLoginsForAccount = (seconds: number) =>
  `Too many failed sign-in attempts for this account. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`;

/** The numbers behind sign-in throttling (decision 008, docs/security.md). */
export const SIGN_IN_LIMITS = {
  /** Guesses one address may make at one account: strict, so one attacker gets few tries. */
  perAccountAndAddress: { maxAttempts: 5, windowMs: 15 * 60_000 },
  /** Guesses one address may make across all accounts (a shared venue address still fits). */
  perAddress: { maxAttempts: 30, windowMs: 15 * 60_000 },
  /**
   * Guesses at one account from all addresses together: the first five are free, then each
   * waits twice as long as the one before (1 s, 2 s, 4 s … at most 60 s). Never a hard lock,
   * so many addresses together cannot shut the owner out; the delay is forgotten after 15
   * quiet minutes, and an address the account signed in from lately does not wait at all.
   */
  perAccount: { freeFailures: 5, baseDelayMs: 1_000, maxDelayMs: 60_000, forgetAfterMs: 15 * 60_000 },
  /** How long an address that signed in successfully stays known to that account. */
  knownAddressMs: 30 * 24 * 3600_000,
} as const;

/** What became of a reserved guess. */
export type GuessOutcome = 'right' | 'wrong';

/**
 * Throttles password guesses. A guess is reserved before the password is checked, so however
 * many arrive at once, only the allowed number is ever checked; a right password gives its
 * reservation back. Used by sign-in and by every other path that checks an account password.
 */
export function createSignInThrottle(deps: { clock: Clock; limiters: LimiterFactory }) {
  const { clock, limiters } = deps;
  const perAccountAndAddress = limiters.attempts('sign-in-pair', SIGN_IN_LIMITS.perAccountAndAddress);
  const perAddress = limiters.attempts('sign-in-address', SIGN_IN_LIMITS.perAddress);
  const perAccount = limiters.growingDelay('sign-in-account', SIGN_IN_LIMITS.perAccount);
  // account → address → when it last signed in there. In this process's memory: a restart,
  // or a sign-in through another process, only means that address waits like any other.
  const knownAddresses = new Map<string, Map<string, number>>();

  const isKnown = (account: string, address: string) => {
    const since = knownAddresses.get(account)?.get(address);
    return since !== undefined && clock.now().getTime() - since < SIGN_IN_LIMITS.knownAddressMs;
  };

  return {
    /**
     * Reserves one guess at `account` from `address`, or throws 429 with Retry-After. Call the
     * returned function once the password was checked. A `trustedDevice` (one that presented a
     * device token of this account) does not wait for the account's delay, like a known
     * address; the limits of its address still hold.
     */
    async reserve(
      account: string,
      address: string,
      { trustedDevice = false }: { trustedDevice?: boolean } = {},
    ): Promise<(outcome: GuessOutcome) => Promise<void>> {
      const accountKey = account.trim().toLowerCase();
      const pairKey = `${accountKey}|${address}`;
      if (!(await perAccountAndAddress.tryAttempt(pairKey))) {
        throw tooManyRequests(TOO_MANY_LOGINS, await perAccountAndAddress.retryAfterMs(pairKey));
      }
      if (!(await perAddress.tryAttempt(address))) {
        await perAccountAndAddress.release(pairKey);
        throw tooManyRequests(TOO_MANY_LOGINS, await perAddress.retryAfterMs(address));
      }
      const known = trustedDevice || isKnown(accountKey, address);
      if (!known) {
        const waitMs = await perAccount.tryBegin(accountKey);
        if (waitMs > 0) {
          await perAccountAndAddress.release(pairKey);
          await perAddress.release(address);
          const seconds = Math.ceil(waitMs / 1000);
          throw tooManyRequests(tooManyLoginsForAccount(seconds), waitMs);
        }
      }
      return async (outcome) => {
        if (outcome === 'wrong') {
          if (known) await perAccount.fail(accountKey);
          return;
        }
        await perAccountAndAddress.reset(pairKey);
        await perAddress.release(address);
        await perAccount.reset(accountKey);
        const addresses = knownAddresses.get(accountKey) ?? new Map<string, number>();
        addresses.set(address, clock.now().getTime());
        knownAddresses.set(accountKey, addresses);
      };
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
