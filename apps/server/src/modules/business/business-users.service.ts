import type {
  BusinessUser,
  businessRegistrationSchema,
  createBusinessUserRequestSchema,
  updateBusinessUserRequestSchema,
} from '@wheelmeet/contracts';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors';
import type { Clock } from '../../lib/clock';
import { AppError, conflict, notFound } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { Random } from '../../lib/random';
import type { BusinessUserRecord, BusinessUsersRepository } from './business-users.repository';
import type { PlansRepository } from './plans.repository';

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists.';
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
}) {
  const { businessUsers, plans, clock, random } = deps;

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

  return {
    /**
     * Creates an organiser's account for a plan. It stays inactive until a payment for it
     * succeeds (only the payment provider's confirmation activates it). A taken email is
     * refused, except by the owner of an unpaid account giving its password again, who
     * continues with that account.
     */
    async register(registration: z.output<typeof businessRegistrationSchema>): Promise<BusinessUser> {
      const plan = await plans.findById(registration.planId);
      if (!plan) {
        throw new AppError('validation_failed', UNKNOWN_PLAN_MESSAGE, [
          { path: 'body.planId', message: UNKNOWN_PLAN_MESSAGE },
        ]);
      }
      const email = registration.email.toLowerCase();
      const existing = await businessUsers.findByEmail(email);
      if (existing) {
        // Someone who signed up but never paid may come back later: with the same password
        // they continue with that account (for the plan they now chose) instead of being stuck.
        const resumable =
          !existing.is_active && (await verifyPassword(registration.password, existing.password_hash));
        if (!resumable) throw conflict(EMAIL_TAKEN_MESSAGE);
        await businessUsers.update(existing.id, {
          first_name: registration.firstName,
          last_name: registration.lastName,
          company_name: registration.companyName,
          phone_number: registration.phoneNumber || null,
          plan_id: plan.id,
          updated_at: clock.now().toISOString(),
        });
        return getBusinessUser(existing.id);
      }

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
          password_hash: await hashPassword(registration.password),
          is_active: false,
          created_at: now,
          updated_at: now,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN_MESSAGE);
        throw error;
      }
      return getBusinessUser(id);
    },

    /** A business user with its plan and latest subscription period. */
    getBusinessUser,

    async list(): Promise<BusinessUser[]> {
      return (await businessUsers.listRecords()).map(toBusinessUser);
    },

    /** An admin adds an account directly (active unless said otherwise); no payment involved. */
    async createByAdmin(input: z.output<typeof createBusinessUserRequestSchema>): Promise<BusinessUser> {
      await requirePlan(input.planId);
      const now = clock.now().toISOString();
      const id = random.uuid();
      await uniqueEmail(async () =>
        businessUsers.insert({
          id,
          first_name: input.firstName,
          last_name: input.lastName,
          email: input.email.toLowerCase(),
          company_name: input.companyName,
          phone_number: input.phoneNumber,
          plan_id: input.planId,
          password_hash: await hashPassword(input.password),
          is_active: input.isActive,
          created_at: now,
          updated_at: now,
        }),
      );
      return getBusinessUser(id);
    },

    /** A blank password keeps the current one. */
    async updateByAdmin(
      id: string,
      input: z.output<typeof updateBusinessUserRequestSchema>,
    ): Promise<BusinessUser> {
      await getBusinessUser(id);
      await requirePlan(input.planId);
      await uniqueEmail(async () =>
        businessUsers.update(id, {
          first_name: input.firstName,
          last_name: input.lastName,
          email: input.email.toLowerCase(),
          company_name: input.companyName,
          phone_number: input.phoneNumber,
          plan_id: input.planId,
          is_active: input.isActive,
          ...(input.password ? { password_hash: await hashPassword(input.password) } : {}),
          updated_at: clock.now().toISOString(),
        }),
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
