import { healthResponseSchema } from '@wheelmeet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fastSerializerCompiler } from '../../lib/response-serializer';

export interface SystemRoutesOptions {
  isDatabaseReachable: () => Promise<boolean>;
}

/**
 * The probes' answers, made once: load balancers ask often, and the fast serialiser writes an
 * object's JSON once and reuses it (lib/response-serializer.ts), so these are never changed.
 */
const LIVE = { status: 'ok' } as const;
const READY = { status: 'ok', checks: { database: 'ok' } } as const;
const NOT_READY = { status: 'unavailable', checks: { database: 'failed' } } as const;

/** Liveness says the process answers; readiness says it can do real work (the database answers). */
export const systemRoutes: FastifyPluginAsyncZod<SystemRoutesOptions> = async (app, options) => {
  app.get(
    '/healthz',
    {
      serializerCompiler: fastSerializerCompiler,
      schema: { tags: ['system'], summary: 'Liveness', response: { 200: healthResponseSchema } },
    },
    () => LIVE,
  );

  app.get(
    '/readyz',
    {
      serializerCompiler: fastSerializerCompiler,
      schema: {
        tags: ['system'],
        summary: 'Readiness: the database is reachable',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (_request, reply) => {
      const ready = await options.isDatabaseReachable();
      return reply.code(ready ? 200 : 503).send(ready ? READY : NOT_READY);
    },
  );
};
