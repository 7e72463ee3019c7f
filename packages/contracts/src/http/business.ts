import { z } from 'zod';

export const supportLevelSchema = z.enum(['email', 'priority', 'dedicated']);
export type SupportLevel = z.infer<typeof supportLevelSchema>;

export const planSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** Monthly price as a decimal amount; shown in euros on /business and in USD in the purchase flow. */
    price: z.number().nonnegative(),
    period: z.string().optional(),
    description: z.string(),
    features: z.array(z.string()),
    featured: z.boolean(),
    /** Distinct participants a wheel of this plan admits; null means unlimited. */
    maxParticipantsPerWheel: z.number().int().positive().nullable(),
    support: supportLevelSchema,
    apiAccess: z.boolean(),
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof planSchema>;

/** GET /api/business/plans */
export const listPlansResponseSchema = z.array(planSchema);
export type ListPlansResponse = z.infer<typeof listPlansResponseSchema>;
