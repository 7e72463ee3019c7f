import type { ApiKey, ApiKeysResponse, CreatedApiKey } from '@wheelmeet/contracts';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import type { Random } from '../../lib/random';
import type { Staff } from '../auth/auth.service';
import type { BusinessUsersRepository } from '../business/business-users.repository';
import type { PlansRepository } from '../business/plans.repository';
import type { ApiKeyRow, PublicApiRepository } from './public-api.repository';
import {
  ACCOUNT_NOT_ACTIVE,
  apiRefusal,
  looksLikeApiKey,
  MAX_KEYS_PER_ACCOUNT,
  newApiKey,
  planRequiredMessage,
  sha256,
} from './public-api-rules';

export const INVALID_API_KEY = 'This API key is not valid. It may have been revoked.';
export const KEY_NOT_FOUND = 'API key not found';
export const ONLY_BUSINESS_USERS = 'API keys belong to business accounts.';
export const TOO_MANY_KEYS = `An account may hold at most ${MAX_KEYS_PER_ACCOUNT} keys. Revoke one you no longer use first.`;
/** How often a key's "last used" date is written at most. */
const LAST_USED_RESOLUTION_MS = 60_000;

const toApiKey = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

/** Who a valid key acts for: a business user, as the admin area's services know them. */
export type ApiCaller = Extract<Staff, { kind: 'BusinessUser' }> & { keyId: string };

export function createApiKeysService(deps: {
  repository: PublicApiRepository;
  businessUsers: BusinessUsersRepository;
  plans: PlansRepository;
  clock: Clock;
  random: Random;
}) {
  const { repository, businessUsers, plans, clock, random } = deps;

  /** The account's standing for the API now: the refusal to give, if any. */
  async function refusalFor(ownerId: string): Promise<AppError | undefined> {
    const owner = await businessUsers.findById(ownerId);
    if (!owner) return new AppError('unauthorized', INVALID_API_KEY);
    const [plan, coverage] = await Promise.all([
      plans.findById(owner.plan_id),
      businessUsers.subscriptionCoverage(ownerId),
    ]);
    const refusal = apiRefusal({ ...owner, planApiAccess: plan?.api_access ?? false, coverage }, clock.now());
    if (refusal === 'not_active') return new AppError('forbidden', ACCOUNT_NOT_ACTIVE);
    if (refusal === 'plan_required')
      return new AppError('plan_required', planRequiredMessage(await repository.apiPlanNames()));
    return undefined;
  }

  const ownerOf = (staff: Staff) => {
    if (staff.kind !== 'BusinessUser') throw new AppError('forbidden', ONLY_BUSINESS_USERS);
    return staff.id;
  };

  return {
    /** The admin page: the keys, and whether the plan allows the API (for the upgrade message). */
    async list(staff: Staff): Promise<ApiKeysResponse> {
      const ownerId = ownerOf(staff);
      const [keys, refusal, apiPlans] = await Promise.all([
        repository.listActiveKeys(ownerId),
        refusalFor(ownerId),
        repository.apiPlanNames(),
      ]);
      return { keys: keys.map(toApiKey), planAllowsApi: refusal === undefined, apiPlans };
    },

    async create(staff: Staff, name: string): Promise<CreatedApiKey> {
      const ownerId = ownerOf(staff);
      const refusal = await refusalFor(ownerId);
      if (refusal) throw refusal;
      if ((await repository.countActiveKeys(ownerId)) >= MAX_KEYS_PER_ACCOUNT)
        throw new AppError('conflict', TOO_MANY_KEYS);
      const { key, prefix, hash } = newApiKey(random);
      const row = {
        id: random.uuid(),
        business_user_id: ownerId,
        name,
        prefix,
        key_hash: hash,
        created_at: clock.now().toISOString(),
        last_used_at: null,
        revoked_at: null,
      };
      await repository.insertKey(row);
      return { ...toApiKey(row), key };
    },

    /** Works at once: the next request with the key is refused. Someone else's key is 'not found'. */
    /** The business user behind an admin session, for what belongs to them (their webhooks). */
    ownerOf,

    /** The same, when what they ask for needs a plan with the API now (a new webhook): else 403. */
    async ownerWithApi(staff: Staff): Promise<string> {
      const ownerId = ownerOf(staff);
      const refusal = await refusalFor(ownerId);
      if (refusal) throw refusal;
      return ownerId;
    },

    async revoke(staff: Staff, id: string): Promise<void> {
      const revoked = await repository.revokeKey(ownerOf(staff), id, clock.now().toISOString());
      if (!revoked) throw notFound(KEY_NOT_FOUND);
    },

    /**
     * The caller behind a key, checked on every request: a revoked key or an unknown one is
     * 401; an account whose plan no longer includes the API (downgraded, expired) is 403.
     */
    async authenticate(key: string | undefined): Promise<ApiCaller> {
      if (!looksLikeApiKey(key)) throw new AppError('unauthorized', INVALID_API_KEY);
      const row = await repository.findActiveKeyByHash(sha256(key));
      if (!row) throw new AppError('unauthorized', INVALID_API_KEY);
      const refusal = await refusalFor(row.business_user_id);
      if (refusal) throw refusal;
      const owner = await businessUsers.findById(row.business_user_id);
      if (!owner) throw new AppError('unauthorized', INVALID_API_KEY);
      const now = clock.now();
      await repository.touchKey(
        row.id,
        now.toISOString(),
        new Date(now.getTime() - LAST_USED_RESOLUTION_MS).toISOString(),
      );
      return {
        kind: 'BusinessUser',
        id: owner.id,
        planId: owner.plan_id,
        keyId: row.id,
        profile: {
          id: owner.id,
          firstName: owner.first_name,
          lastName: owner.last_name,
          email: owner.email,
          isSuperAdmin: false,
        },
      };
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
