import type { Plan, planSchema } from '@wheelmeet/contracts';
import { z } from 'zod';
import { fromJsonColumn } from '../../db/json';
import type { ReadCache } from '../../db/read-cache';
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

/** `cache`: the plan list is read on every visit of /business and changes rarely. */
export function createPlansService(plans: PlansRepository, cache?: ReadCache) {
  const listPlans = async (): Promise<Plan[]> => (await plans.listAll()).map(toPlan);
  return {
    listPlans: (): Promise<Plan[]> => (cache ? cache.read('plans', ['plans'], listPlans) : listPlans()),
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
