import type { Plan, planSchema } from '@wheelmeet/contracts';
import { z } from 'zod';
import { fromJsonColumn } from '../../db/json';
import { centsToAmount } from '../../lib/money';
import type { PlanRow, PlansRepository } from './plans.repository';

export function toPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    name: row.name,
    price: centsToAmount(row.price_cents),
    ...(row.period ? { period: row.period } : {}),
    description: row.description,
    features: fromJsonColumn(row.features, z.array(z.string()), []),
    featured: row.featured,
    maxParticipantsPerWheel: row.max_participants_per_wheel,
    support: row.support_level,
    apiAccess: row.api_access,
  } satisfies z.input<typeof planSchema>;
}

export function createPlansService(plans: PlansRepository) {
  return {
    async listPlans(): Promise<Plan[]> {
      return (await plans.listAll()).map(toPlan);
    },
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
