import { createHash } from 'node:crypto';
import { API_KEY_PREFIX } from '@wheelmeet/contracts';
import type { Random } from '../../lib/random';
import { hasSubscriptionEnded, type SubscriptionCoverage } from '../business/subscription-coverage';

/*
 * The public API's rules as plain functions (decision 018): keys, plan gating and how many
 * webhooks an account may hold. What a delivery is and how it is sent: modules/webhooks.
 */

/** Bytes of randomness in a key: 256 bits, so a fast hash of it cannot be reversed by guessing. */
export const API_KEY_BYTES = 32;
/** Characters of the key shown in lists to recognise it: the prefix and four more. */
export const VISIBLE_PREFIX_LENGTH = API_KEY_PREFIX.length + 4;
/** Active keys one account may hold. */
export const MAX_KEYS_PER_ACCOUNT = 10;
/** Webhook subscriptions one account may hold. */
export const MAX_WEBHOOKS_PER_ACCOUNT = 10;

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A new key: the whole key (shown once), the part shown afterwards, and the hash kept. */
export function newApiKey(random: Random) {
  const key = `${API_KEY_PREFIX}${random.token(API_KEY_BYTES)}`;
  return { key, prefix: key.slice(0, VISIBLE_PREFIX_LENGTH), hash: sha256(key) };
}

/** Only a string shaped like a key is looked up (anything else is refused without a query). */
export const looksLikeApiKey = (value: string | undefined): value is string =>
  typeof value === 'string' && value.startsWith(API_KEY_PREFIX) && /^[\w-]{20,200}$/.test(value);

export const planRequiredMessage = (apiPlans: readonly string[]) =>
  `The API is part of the ${apiPlans.length > 0 ? apiPlans.join(' and ') : 'Professional and Enterprise'} plans. Upgrade your plan to use it.`;
export const ACCOUNT_NOT_ACTIVE = 'This account is not active, so its API keys do not work.';

export interface ApiAccount {
  is_active: boolean;
  deactivated_at: string | null;
  /** Whether the account's plan includes the API. */
  planApiAccess: boolean;
  coverage: SubscriptionCoverage | undefined;
}

/**
 * Why an account may not use the API now, or undefined when it may: a deactivated or unpaid
 * account is not active; a plan without the API, or paid time that ran out, needs a plan.
 */
export function apiRefusal(account: ApiAccount, now: Date): 'not_active' | 'plan_required' | undefined {
  if (account.deactivated_at !== null || !account.is_active) return 'not_active';
  if (!account.planApiAccess || hasSubscriptionEnded(account.coverage, now)) return 'plan_required';
  return undefined;
}
