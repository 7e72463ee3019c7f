import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { type DatabaseHandle, isDatabaseReachable } from './db/database';
import { trustFunction } from './lib/client-address';
import { type Clock, systemClock } from './lib/clock';
import { createDomainEvents } from './lib/domain-events';
import { createPasswordHasher } from './lib/passwords';
import { cryptoRandom, type Random } from './lib/random';
import { createReadCache, shareTableChanges } from './lib/read-cache';
import { connectRedis } from './lib/redis';
import { createLimiterFactory } from './lib/redis-limiters';
import { createTokenService } from './lib/tokens';
import { registerAdmins } from './modules/admin/admins.module';
import { registerDashboard } from './modules/admin/dashboard.module';
import { registerReports } from './modules/admin/reports.module';
import { registerAuth } from './modules/auth/auth.module';
import { createSignInThrottle } from './modules/auth/sign-in-throttle';
import { registerBusiness } from './modules/business/business.module';
import { registerPublicApi } from './modules/public-api/public-api.module';
import { registerCalls } from './modules/calls/calls.module';
import type { CallsService } from './modules/calls/calls.service';
import { registerClientConfig } from './modules/client-config/client-config.module';
import { registerConnections } from './modules/connections/connections.module';
import { registerEmbed } from './modules/embed/embed.module';
import { registerEmail } from './modules/email/email.module';
import { registerEventOutbox } from './modules/event-outbox/event-outbox.module';
import type { EventOutbox } from './modules/event-outbox/event-outbox';
import { registerMatches } from './modules/matches/matches.module';
import { registerMetrics } from './modules/metrics/metrics.routes';
import { registerParticipants } from './modules/participants/participants.module';
import { registerPayments } from './modules/payments/payments.module';
import type { StripeClientOptions } from './modules/payments/stripe-payment-provider';
import { registerRounds } from './modules/rounds/rounds.module';
import type { RoundsService } from './modules/rounds/rounds.service';
import { refuseRemovedParticipants } from './modules/safety/safety.hub';
import { registerSafety } from './modules/safety/safety.module';
import { createSafetyRepository } from './modules/safety/safety.repository';
import { createSettings } from './modules/settings/settings.module';
import { systemRoutes } from './modules/system/system.routes';
import { registerWheels } from './modules/wheels/wheels.module';
import { registerWheelsAdmin } from './modules/wheels/wheels-admin.module';
import { registerErrorHandler } from './plugins/error-handler';
import { registerFormRateLimit } from './plugins/form-rate-limit';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/web-app';
import { createHub } from './realtime/hub';
import { HUB_LIMITS } from './realtime/hub-limits';
import { createPresence } from './realtime/presence';
import { forwardDomainEventsToHub } from './realtime/pushes';
import { registerWheelHandlers } from './realtime/wheel-handlers';
import { resolveJwtSecret } from './secrets';

export interface AppDependencies {
  /** Already migrated; the app closes it when it closes. */
  database: DatabaseHandle;
  clock?: Clock;
  random?: Random;
  /** 'manual': no timer drives the rounds; tests call `app.wheelmeet.rounds.tick()` with their own clock. */
  rounds?: 'timer' | 'manual';
  /** Where the Stripe client sends API requests (tests point it at a local stand-in); Stripe's own by default. */
  stripeClientOptions?: StripeClientOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Services tests drive directly. */
    wheelmeet: { rounds: RoundsService; calls: CallsService; eventOutbox: EventOutbox };
  }
}

/** Where `npm run build` puts the web app, seen from this file in src/ or from the bundle in dist/. */
const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/** Builds the whole server: plugins, then feature modules and the hub, then the web app. Tests start it on port 0. */
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
    // request.ip is the forwarded client address only behind a proxy named in TRUST_PROXY.
    trustProxy: trustFunction(config.trustProxy) || false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onClose', () => database.close());

  registerErrorHandler(app);
  registerSecurityHeaders(app, {
    publicOrigin: config.publicOrigin,
    stripe: config.stripe !== undefined,
  });
  await registerOpenApi(app, config.publicOrigin);
  const metrics = registerMetrics(app, { token: config.metricsToken, database });

  // Shared infrastructure.
  // With several processes, Redis carries the hub's pushes between them and holds the counts
  // of every rate limit, so a limit is the same with one process or N. Each purpose has its
  // own connection. While Redis is away, both fall back to this process: pushes reach its own
  // people, limits count in its memory. It also tells every process which tables the others
  // changed, so cached reads are dropped (docs/decisions/011-http-read-path.md).
  const connectTo = (name: string) =>
    config.redisUrl ? connectRedis(config.redisUrl, { name, log: app.log }) : undefined;
  const hubRedis = await connectTo('hub');
  const limiterRedis = await connectTo('limits');
  const changesOut = await connectTo('table-changes-out');
  const changesIn = await connectTo('table-changes-in');
  const stopSharingChanges =
    changesOut && changesIn
      ? await shareTableChanges(database.changes, {
          publisher: changesOut,
          subscriber: changesIn,
          channel: `${config.redisKeyPrefix}:table-changes`,
          processId: randomUUID(),
        })
      : () => {};
  app.addHook('onClose', async () => {
    stopSharingChanges();
    for (const client of [hubRedis, limiterRedis, changesOut, changesIn])
      if (client?.isOpen) client.destroy();
  });
  // Reads that many visitors repeat (plans, the public wheels, a wheel's page), until a table they
  // come from changes, here or in another process, and for at most READ_CACHE_MAX_AGE_MS.
  const readCache = createReadCache({ changes: database.changes, clock });
  const limiters = createLimiterFactory({
    clock,
    redis: limiterRedis,
    keyPrefix: config.redisKeyPrefix,
    onRefusal: metrics.limiterRefusal,
    onRedisError: metrics.redisFallback,
  });
  await registerFormRateLimit(app, limiters);
  // One bounded queue for every password hash and check, one throttle for every password guess.
  const passwords = createPasswordHasher();
  const signInThrottle = createSignInThrottle({ clock, limiters });
  // Who was removed, and the open reports the wheel lists count (decision 016).
  const safetyRecords = createSafetyRepository(database.db);
  // A participant removed from their wheel is refused wherever their token is read.
  const tokens = refuseRemovedParticipants(
    createTokenService(resolveJwtSecret(config.jwtSecret, config.dataDir), clock),
    safetyRecords.isRemoved,
  );
  const events = createDomainEvents((error, name) =>
    app.log.error({ err: error, event: name }, 'event listener failed'),
  );
  const eventOutbox = registerEventOutbox(app, {
    db: database.db,
    events,
    clock,
    random,
    worker: deps.rounds === 'manual' ? 'manual' : 'timer',
  });
  const hub = createHub(app.server, {
    tokens,
    redis: hubRedis,
    limiters,
    redisKeyPrefix: config.redisKeyPrefix,
    clock,
    log: app.log,
    trustProxy: config.trustProxy,
    connectionsPerAddress: config.hubConnectionsPerAddress,
    limits: {
      ...HUB_LIMITS,
      callsPerAddress: { ...HUB_LIMITS.callsPerAddress, maxAttempts: config.hubCallsPerAddress },
    },
    observeCall: metrics.hubCall,
  });
  const presence = createPresence(() => hub.io, { multiProcess: hubRedis !== undefined });

  // Once shutting down (the preClose hook below), answers close their keep-alive connections: an
  // idle one would otherwise hold the server open until SHUTDOWN_TIMEOUT_MS. Added before any
  // module registers its routes: a module's routes take only the hooks added before it.
  let closing = false;
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  // Shutting down: requests under way finish, and their answers close their keep-alive
  // connections. preClose hooks run in the order they were added, so this one comes before
  // those below: the round ticker stops, then the wheel's pending seat releases, then the hub.
  app.addHook('preClose', async () => {
    closing = true;
  });

  // Feature modules, each registering its own routes, hub calls and reactions: auth first (the
  // staff guards of the others' admin routes ask it who is signed in), then the wheels and
  // registering, which rounds and the hub use, then matches and calls, which rounds use.
  const auth = await registerAuth(app, {
    db: database.db,
    tokens,
    clock,
    passwords,
    throttle: signInThrottle,
  });
  const wheels = await registerWheels(app, {
    db: database.db,
    clock,
    random,
    tokens,
    limiters,
    events,
    presence,
    defaultRoundSeconds: config.wheelRoundSeconds,
    cache: readCache,
  });
  const participants = await registerParticipants(app, {
    db: database.db,
    wheels,
    tokens,
    clock,
    random,
    registrationLimit: config.participantRegistrationLimit,
  });
  const matches = registerMatches(app, {
    db: database.db,
    cache: readCache,
    events,
    clock,
    hub: hub.io,
  });
  const calls = registerCalls(app, {
    db: database.db,
    clock,
    ice: config.ice,
    events,
    hub: hub.io,
    signalLimiter: hub.signalLimiter,
  });
  const { rounds, wheelsByPhase } = registerRounds(app, {
    db: database.db,
    wheels,
    matches,
    events,
    clock,
    random,
    onSpin: metrics.spin,
    ticker: deps.rounds === 'manual' ? 'manual' : 'timer',
    // One tick drives everything the clock decides: rounds, expiring matches, calls whose time is up.
    alsoOnTick: [calls.endTimeUp],
  });
  app.decorate('wheelmeet', { rounds, calls, eventOutbox });
  metrics.readFrom({ connectedSockets: () => hub.io.engine.clientsCount, wheelsByPhase });
  const settings = createSettings({ db: database.db, clock });

  // Pushes to the browsers; then the wheel's own hub calls (join, leave, seats), which use most
  // of the modules above.
  const stopPushes = forwardDomainEventsToHub(events, hub.io, { multiProcess: hubRedis !== undefined });
  // Closed: seat changes still gathered are dropped (the connections are gone; a reconnect reads a snapshot).
  app.addHook('onClose', async () => stopPushes());
  registerWheelHandlers(app, {
    hub: hub.io,
    wheels,
    rounds,
    participants,
    calls,
    matches,
    isPresent: presence.isPresent,
    slotReleaseGraceMs: config.slotReleaseGraceMs,
    multiProcess: hubRedis !== undefined,
  });
  // Half the shutdown budget for hub calls under way; HTTP requests finish after this hook.
  app.addHook('preClose', async () => {
    await hub.close(config.shutdownTimeoutMs / 2);
  });

  // The other feature modules.
  await app.register(systemRoutes, { isDatabaseReachable: () => isDatabaseReachable(database.db) });
  const business = await registerBusiness(app, {
    db: database.db,
    cache: readCache,
    clock,
    random,
    passwords,
    signInThrottle,
    tokens,
    outbox: eventOutbox,
    auth,
    formLimit: config.publicFormLimit,
  });
  await registerPayments(app, {
    db: database.db,
    businessUsers: business.businessUsers,
    plans: business.plans,
    stripe: config.stripe,
    stripeClientOptions: deps.stripeClientOptions,
    clock,
    random,
    tokens,
    outbox: eventOutbox,
    formLimit: config.publicFormLimit,
  });
  const connections = await registerConnections(app, { db: database.db, clock, tokens, events });
  await registerEmbed(app, { db: database.db, auth });
  await registerEmail(app, {
    db: database.db,
    clock,
    random,
    auth,
    tokens,
    settings,
    connections,
    events,
    worker: deps.rounds === 'manual' ? 'manual' : 'timer',
  });
  await registerSafety(app, {
    db: database.db,
    clock,
    random,
    tokens,
    auth,
    matches,
    calls,
    wheels,
    hub: hub.io,
    log: app.log,
  });
  await registerClientConfig(app, {
    calls,
    tokens,
    stripe: config.stripe,
    defaultRoundSeconds: config.wheelRoundSeconds,
  });

  const seats = await registerDashboard(app, { db: database.db, auth, clock, settings, participants });
  await registerAdmins(app, { db: database.db, auth, clock, random, passwords });
  const wheelsAdmin = await registerWheelsAdmin(app, {
    db: database.db,
    auth,
    rounds,
    calls,
    seats,
    reports: safetyRecords,
    clock,
    random,
    defaultRoundSeconds: config.wheelRoundSeconds,
  });
  const reports = await registerReports(app, { db: database.db, auth });
  await registerPublicApi(app, {
    db: database.db,
    clock,
    random,
    events,
    auth,
    limiters,
    businessUsers: business.businessUsers,
    plans: business.plans,
    wheelsAdmin,
    participants,
    matches,
    reports,
    allowPrivateAddresses: config.webhooksAllowPrivateAddresses,
    requestsPerMinute: config.apiRequestsPerMinute,
    timers: deps.rounds === 'manual' ? 'manual' : 'timer',
  });

  await registerWebApp(app, config.webDistDir ?? DEFAULT_WEB_DIST_DIR);
  return app;
}
