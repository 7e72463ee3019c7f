import { healthResponseSchema } from '@wheelmeet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export interface SystemRoutesOptions {
  isDatabaseReachable: () => Promise<boolean>;
}

/** Liveness says the process answers; readiness says it can do real work (the database answers). */
export const systemRoutes: FastifyPluginAsyncZod<SystemRoutesOptions> = async (app, options) => {
  app.get(
    '/healthz',
    { schema: { tags: ['system'], summary: 'Liveness', response: { 200: healthResponseSchema } } },
    () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: the database is reachable',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (_request, reply) => {
      const database = (await options.isDatabaseReachable()) ? 'ok' : 'failed';
      return reply
        .code(database === 'ok' ? 200 : 503)
        .send({ status: database === 'ok' ? 'ok' : 'unavailable', checks: { database } });
    },
  );
};
