import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { type DatabaseHandle, isDatabaseReachable } from './db/database';
import { type Clock, systemClock } from './lib/clock';
import { cryptoRandom, type Random } from './lib/random';
import { businessRoutes } from './modules/business/business.routes';
import { createPlansRepository } from './modules/business/plans.repository';
import { createPlansService } from './modules/business/plans.service';
import { systemRoutes } from './modules/system/system.routes';
import { createWheelsRepository } from './modules/wheels/wheels.repository';
import { wheelsRoutes } from './modules/wheels/wheels.routes';
import { createWheelsService } from './modules/wheels/wheels.service';
import { registerErrorHandler } from './plugins/error-handler';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/web-app';

export interface AppDependencies {
  /** Already migrated; the app closes it when it closes. */
  database: DatabaseHandle;
  clock?: Clock;
  random?: Random;
}

/** Where `npm run build` puts the web app, seen from this file in src/ or from the bundle in dist/. */
const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/** Builds the whole server: plugins, then feature modules, then the web app. Tests start it on port 0. */
export async function buildApp(config: AppConfig, deps: AppDependencies): Promise<FastifyInstance> {
  const clock = deps.clock ?? systemClock;
  const random = deps.random ?? cryptoRandom;
  const { database } = deps;

  const app = Fastify({
    logger: { level: config.logLevel },
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // Keep-alive connections that are idle are closed at once on shutdown; busy ones finish first.
    forceCloseConnections: 'idle',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onClose', () => database.close());

  registerErrorHandler(app);
  await registerSecurityHeaders(app, config.publicOrigin);
  await registerOpenApi(app, config.publicOrigin);

  const plans = createPlansService(createPlansRepository(database.db));
  const wheels = createWheelsService({ wheels: createWheelsRepository(database.db), clock, random });

  await app.register(systemRoutes, { isDatabaseReachable: () => isDatabaseReachable(database.db) });
  await app.register(businessRoutes, { plans });
  await app.register(wheelsRoutes, { wheels });

  await registerWebApp(app, config.webDistDir ?? DEFAULT_WEB_DIST_DIR);
  return app;
}
