import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/database';
import { trustFunction } from './lib/client-address';
import { type Clock, systemClock } from './lib/clock';
import { createPasswordHasher, type PasswordHasher } from './lib/passwords';
import { cryptoRandom, type Random } from './lib/random';
import { serializeRequest } from './lib/request-log';
import { adminsModule } from './modules/admin/admins.module';
import { dashboardModule } from './modules/admin/dashboard.module';
import { reportsModule } from './modules/admin/reports.module';
import { authModule } from './modules/auth/auth.module';
import { businessModule } from './modules/business/business.module';
import { callsModule } from './modules/calls/calls.module';
import { clientConfigModule } from './modules/client-config/client-config.module';
import { connectionsModule } from './modules/connections/connections.module';
import { emailModule } from './modules/email/email.module';
import { embedModule } from './modules/embed/embed.module';
import { eventCalendarModule } from './modules/event-calendar/event-calendar.module';
import { eventOutboxModule } from './modules/event-outbox/event-outbox.module';
import { jobsModule } from './modules/jobs/jobs.module';
import { matchesModule } from './modules/matches/matches.module';
import { metricsPlugin } from './modules/metrics/metrics.routes';
import { participantsModule } from './modules/participants/participants.module';
import { paymentsModule } from './modules/payments/payments.module';
import type { StripeClientOptions } from './modules/payments/stripe-payment-provider';
import { presenceModule } from './modules/presence/presence.module';
import { publicApiModule } from './modules/public-api/public-api.module';
import { roundsModule } from './modules/rounds/rounds.module';
import { safetyModule } from './modules/safety/safety.module';
import { settingsModule } from './modules/settings/settings.module';
import { systemModule } from './modules/system/system.module';
import { webhooksModule } from './modules/webhooks/webhooks.module';
import { wheelsModule } from './modules/wheels/wheels.module';
import { wheelsAdminModule } from './modules/wheels-admin/wheels-admin.module';
import { registerErrorHandler } from './plugins/error-handler';
import { formRateLimit } from './plugins/form-rate-limit';
import { hub } from './plugins/hub';
import { infrastructure } from './plugins/infrastructure';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/web-app';

export interface AppDependencies {
  /** Already migrated; the app closes it when it closes. */
  database: DatabaseHandle;
  clock?: Clock;
  random?: Random;
  /** The bounded password queue; tests pass one that counts its hashes. */
  passwords?: PasswordHasher;
  /** 'manual': no timer drives the rounds; tests call `app.rounds.tick()` with their own clock. */
  rounds?: 'timer' | 'manual';
  /** 'manual': no timer runs the background jobs (mail, outbox events, webhooks); tests call `app.jobs.runDue()`. */
  jobs?: 'timer' | 'manual';
  /** Where the Stripe client sends API requests (tests point it at a local stand-in); Stripe's own by default. */
  stripeClientOptions?: StripeClientOptions;
  /** Where the log lines go (tests read them); standard output by default. */
  logStream?: DestinationStream;
}

/** Where `npm run build` puts the web app, seen from this file in src/ or from the bundle in dist/. */
const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/**
 * Builds the whole server: infrastructure plugins, then the feature modules, each a plugin that
 * names the modules it needs (fastify-plugin refuses to start when one is missing or comes
 * later), then the web app. Tests start it on port 0.
 */
export async function buildApp(config: AppConfig, deps: AppDependencies): Promise<FastifyInstance> {
  const { database } = deps;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: { req: serializeRequest },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // A client sending its headers (or its request) slowly holds a connection only this long. Node
    // checks for late headers every connectionsCheckingInterval, so it is a fraction of the limit.
    http: {
      headersTimeout: config.httpTimeouts.headersMs,
      connectionsCheckingInterval: Math.min(5_000, config.httpTimeouts.headersMs / 4),
    },
    requestTimeout: config.httpTimeouts.requestMs,
    keepAliveTimeout: config.httpTimeouts.keepAliveMs,
    // Keep-alive connections that are idle are closed at once on shutdown; busy ones finish first.
    forceCloseConnections: 'idle',
    // request.ip is the forwarded client address only behind a proxy named in TRUST_PROXY.
    trustProxy: trustFunction(config.trustProxy) || false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandler(app);
  registerSecurityHeaders(app, { publicOrigin: config.publicOrigin, stripe: config.stripe !== undefined });
  await registerOpenApi(app, config.publicOrigin);
  await app.register(metricsPlugin, { token: config.metricsToken, database });
  await app.register(infrastructure, {
    config,
    database,
    clock: deps.clock ?? systemClock,
    random: deps.random ?? cryptoRandom,
    passwords: deps.passwords ?? createPasswordHasher(),
  });
  await app.register(formRateLimit);
  await app.register(jobsModule, { mode: deps.jobs ?? 'timer' });
  await app.register(eventOutboxModule);
  await app.register(hub);

  await app.register(systemModule);
  await app.register(authModule);
  await app.register(settingsModule);
  await app.register(wheelsModule);
  await app.register(eventCalendarModule);
  await app.register(participantsModule);
  await app.register(matchesModule);
  await app.register(callsModule);
  await app.register(roundsModule, { ticker: deps.rounds ?? 'timer' });
  await app.register(presenceModule);
  await app.register(businessModule);
  await app.register(paymentsModule, { stripeClientOptions: deps.stripeClientOptions });
  await app.register(connectionsModule);
  await app.register(embedModule);
  await app.register(emailModule);
  await app.register(safetyModule);
  await app.register(clientConfigModule);
  await app.register(dashboardModule);
  await app.register(adminsModule);
  await app.register(wheelsAdminModule);
  await app.register(reportsModule);
  await app.register(webhooksModule);
  await app.register(publicApiModule);
  // Last of the preClose hooks, so every module has stopped its timers: hub calls under way are
  // answered (within half the shutdown budget), then the connections told to go; HTTP requests
  // finish after this.
  app.addHook('preClose', () => app.hub.close(config.shutdownTimeoutMs / 2));

  await registerWebApp(app, config.webDistDir ?? DEFAULT_WEB_DIST_DIR);
  return app;
}
