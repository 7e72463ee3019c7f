import type {
  BusinessRegistrationResponse,
  BusinessUser,
  businessRegistrationSchema,
  createBusinessUserRequestSchema,
  updateBusinessUserRequestSchema,
} from '@wheelmeet/contracts';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors';
import type { Clock } from '../../lib/clock';
import { AppError, conflict, notFound } from '../../lib/errors';
import type { PasswordHasher } from '../../lib/passwords';
import type { Random } from '../../lib/random';
import type { TokenService } from '../../lib/tokens';
import type { SignInThrottle } from '../auth/sign-in-throttle';
import type { BusinessUserRecord, BusinessUsersRepository } from './business-users.repository';
import type { PlansRepository } from './plans.repository';
import { hasSubscriptionEnded } from './subscription-coverage';

/** For admins only: they may know which emails have accounts. */
export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists.';
/**
 * A sign-up for an email that has an account which may not continue: the same words whether
 * the account is active, deactivated, or unpaid and the password was wrong, so a sign-up does
 * not tell anyone which emails have accounts.
 */
export const SIGN_UP_REFUSED_MESSAGE =
  'We could not create an account with these details. If you already have an account, sign in instead or use another email.';
export const UNKNOWN_PLAN_MESSAGE = 'This plan does not exist. Please choose one of our plans.';
export const BUSINESS_USER_NOT_FOUND_MESSAGE = 'We could not find this account.';

export function toBusinessUser(record: BusinessUserRecord): BusinessUser {
  return {
    id: record.id,
    firstName: record.first_name,
    lastName: record.last_name,
    email: record.email,
    companyName: record.company_name,
    phoneNumber: record.phone_number,
    planId: record.plan_id,
    plan: { id: record.plan_id, name: record.plan_name },
    isActive: record.is_active,
    subscriptionStartDate: record.subscription_starts_at,
    subscriptionEndDate: record.subscription_ends_at,
  };
}

export function createBusinessUsersService(deps: {
  businessUsers: BusinessUsersRepository;
  plans: PlansRepository;
  clock: Clock;
  random: Random;
  passwords: PasswordHasher;
  /** The sign-in throttle: a sign-up for an existing email is a password guess like any other. */
  signInThrottle: SignInThrottle;
  tokens: Pick<TokenService, 'signSignup'>;
}) {
  const { businessUsers, plans, clock, random, passwords, signInThrottle, tokens } = deps;

  const requirePlan = async (planId: string) => {
    if (!(await plans.findById(planId))) {
      throw new AppError('validation_failed', UNKNOWN_PLAN_MESSAGE, [
        { path: 'body.planId', message: UNKNOWN_PLAN_MESSAGE },
      ]);
    }
  };

  const uniqueEmail = async (write: () => Promise<void>) => {
    try {
      await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN_MESSAGE);
      throw error;
    }
  };

  const getBusinessUser = async (id: string): Promise<BusinessUser> => {
    const record = await businessUsers.findRecordById(id);
    if (!record) throw notFound(BUSINESS_USER_NOT_FOUND_MESSAGE);
    return toBusinessUser(record);
  };

  const withSignupToken = async (id: string): Promise<BusinessRegistrationResponse> => ({
    ...(await getBusinessUser(id)),
    signupToken: await tokens.signSignup(id),
  });

  return {
    /**
     * Creates an organiser's account for a plan, and the sign-up token that lets this browser
     * pay for it. The account stays inactive until a payment for it succeeds (only the payment
     * provider's confirmation activates it). For an email that has an account, the password is
     * checked like a sign-in (throttled per account and address): the owner of an account that
     * was never paid, or whose subscription ended, continues with it; anything else gets the
     * same neutral 409, which does not say whether the email has an account.
     */
    async register(
      registration: z.output<typeof businessRegistrationSchema>,
      clientAddress: string,
    ): Promise<BusinessRegistrationResponse> {
      const plan = await plans.findById(registration.planId);
      if (!plan) {
        throw new AppError('validation_failed', UNKNOWN_PLAN_MESSAGE, [
          { path: 'body.planId', message: UNKNOWN_PLAN_MESSAGE },
        ]);
      }
      const email = registration.email.toLowerCase();
      const existing = await businessUsers.findByEmail(email);
      if (existing) {
        const settle = await signInThrottle.reserve(email, clientAddress);
        let passwordOk = false;
        try {
          passwordOk = await passwords.verify(registration.password, existing.password_hash);
        } finally {
          await settle(passwordOk ? 'right' : 'wrong');
        }
        // Someone who signed up but never paid, or whose paid time ran out, may come back:
        // with the same password they continue with that account (for the plan they now
        // chose). An account an admin deactivated stays closed.
        const resumable =
          passwordOk &&
          existing.deactivated_at === null &&
          (!existing.is_active ||
            hasSubscriptionEnded(await businessUsers.subscriptionCoverage(existing.id), clock.now()));
        if (!resumable) throw conflict(SIGN_UP_REFUSED_MESSAGE);
        await businessUsers.update(existing.id, {
          first_name: registration.firstName,
          last_name: registration.lastName,
          company_name: registration.companyName,
          phone_number: registration.phoneNumber || null,
          plan_id: plan.id,
          updated_at: clock.now().toISOString(),
        });
        return withSignupToken(existing.id);
      }

      const passwordHash = await passwords.hash(registration.password);
      const now = clock.now().toISOString();
      const id = random.uuid();
      try {
        await businessUsers.insert({
          id,
          first_name: registration.firstName,
          last_name: registration.lastName,
          email,
          company_name: registration.companyName,
          phone_number: registration.phoneNumber || null,
          plan_id: plan.id,
          password_hash: passwordHash,
          is_active: false,
          deactivated_at: null,
          created_at: now,
          updated_at: now,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(SIGN_UP_REFUSED_MESSAGE);
        throw error;
      }
      return withSignupToken(id);
    },

    /** A business user with its plan and latest subscription period. */
    getBusinessUser,

    async list(): Promise<BusinessUser[]> {
      return (await businessUsers.listRecords()).map(toBusinessUser);
    },

    /**
     * An admin adds an account directly (active unless said otherwise); no payment involved.
     * One the admin creates inactive counts as deactivated by an admin: paying cannot open it.
     */
    async createByAdmin(input: z.output<typeof createBusinessUserRequestSchema>): Promise<BusinessUser> {
      await requirePlan(input.planId);
      const passwordHash = await passwords.hash(input.password);
      const now = clock.now().toISOString();
      const id = random.uuid();
      await uniqueEmail(() =>
        businessUsers.insert({
          id,
          first_name: input.firstName,
          last_name: input.lastName,
          email: input.email.toLowerCase(),
          company_name: input.companyName,
          phone_number: input.phoneNumber,
          plan_id: input.planId,
          password_hash: passwordHash,
          is_active: input.isActive,
          deactivated_at: input.isActive ? null : now,
          created_at: now,
          updated_at: now,
        }),
      );
      return getBusinessUser(id);
    },

    /**
     * A blank password keeps the current one. Switching an active account off marks it
     * deactivated by an admin (so no payment reopens it) and ends its sign-ins, as does a new
     * password; switching it on clears the mark. Saving an account that was never paid as
     * inactive leaves it waiting for its payment.
     */
    async updateByAdmin(
      id: string,
      input: z.output<typeof updateBusinessUserRequestSchema>,
    ): Promise<BusinessUser> {
      const current = await businessUsers.findById(id);
      if (!current) throw notFound(BUSINESS_USER_NOT_FOUND_MESSAGE);
      await requirePlan(input.planId);
      const passwordHash = input.password ? await passwords.hash(input.password) : undefined;
      const now = clock.now().toISOString();
      const deactivating = !input.isActive && current.is_active;
      const deactivatedAt = input.isActive ? null : deactivating ? now : current.deactivated_at;
      await uniqueEmail(() =>
        businessUsers.update(
          id,
          {
            first_name: input.firstName,
            last_name: input.lastName,
            email: input.email.toLowerCase(),
            company_name: input.companyName,
            phone_number: input.phoneNumber,
            plan_id: input.planId,
            is_active: input.isActive,
            deactivated_at: deactivatedAt,
            ...(passwordHash ? { password_hash: passwordHash } : {}),
            updated_at: now,
          },
          { endSessions: deactivating || passwordHash !== undefined },
        ),
      );
      return getBusinessUser(id);
    },

    async deleteByAdmin(id: string): Promise<void> {
      await getBusinessUser(id);
      await businessUsers.delete(id);
    },
  };
}

export type BusinessUsersService = ReturnType<typeof createBusinessUsersService>;
