import fp from 'fastify-plugin';
import { isDatabaseReachable } from '../../db/database';
import { systemRoutes } from './system.routes';

/** Liveness and readiness (/healthz, /readyz). */
export const systemModule = fp(
  async (app) => {
    await app.register(systemRoutes, { isDatabaseReachable: () => isDatabaseReachable(app.db) });
  },
  { name: 'system', dependencies: ['infrastructure'] },
);
