import { errorBodySchema, listPlansResponseSchema } from '@wheelmeet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PlansService } from './plans.service';

export const businessRoutes: FastifyPluginAsyncZod<{ plans: PlansService }> = async (app, { plans }) => {
  app.get(
    '/api/business/plans',
    {
      schema: {
        tags: ['business'],
        summary: 'The plans organisers can buy, featured plan flagged',
        response: { 200: listPlansResponseSchema, 500: errorBodySchema },
      },
    },
    () => plans.listPlans(),
  );
};
