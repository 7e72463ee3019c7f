import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config';
import type { DatabaseHandle } from '../db/database';
import { createReadCache, type ReadCache, shareTableChanges } from '../db/read-cache';
import type { Database } from '../db/schema';
import { createDomainEvents, type DomainEvents } from '../events/domain-events';
import type { Clock } from '../lib/clock';
import type { PasswordHasher } from '../lib/passwords';
import type { Random } from '../lib/random';
import { connectRedis, type RedisClient } from '../lib/redis';
import { createLimiterFactory, type LimiterFactory } from '../lib/redis-limiters';
import { createTokenService, type TokenService } from '../lib/tokens';
import { resolveJwtSecret } from '../secrets';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: DatabaseHandle;
    /** `database.db`: what every repository is built from. */
    db: Kysely<Database>;
    clock: Clock;
    random: Random;
    /** What happened in the domain: services raise events, the hub and other services react. */
    events: DomainEvents;
    /** Reads many visitors repeat, until a table they come from changes (decision 011). */
    readCache: ReadCache;
    /** Rate limits, counted in Redis when configured so every process shares them. */
    limiters: LimiterFactory;
    /** One bounded queue for every password hash and check. */
    passwords: PasswordHasher;
    tokens: TokenService;
    /** With REDIS_URL: the connection the hub's adapter carries pushes between processes over. */
    hubRedis: RedisClient | undefined;
  }
}

export interface InfrastructureOptions {
  config: AppConfig;
  /** Already migrated; closed when the app closes. */
  database: DatabaseHandle;
  clock: Clock;
  random: Random;
  /** The bounded password queue; tests pass one that counts its hashes. */
  passwords: PasswordHasher;
}

/**
 * What every feature module builds on, as decorators: the configuration, the database, the
 * clock and randomness (injected, so tests drive them), domain events, the read cache, rate
 * limiters, passwords and tokens, and the Redis connections shared by several processes.
 * Needs the metrics plugin first: limiters report refusals and Redis fallbacks to it.
 */
export const infrastructure = fp<InfrastructureOptions>(
  async (app, { config, database, clock, random, passwords }) => {
    app.addHook('onClose', () => database.close());
    // Once shutting down (preClose), answers close their keep-alive connections: an idle one
    // would otherwise hold the server open until SHUTDOWN_TIMEOUT_MS. Added before any module
    // registers its routes (they take only the hooks added before them), and before the
    // modules' own preClose hooks, which run after this one.
    let closing = false;
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (closing) reply.header('connection', 'close');
      done(null, payload);
    });
    app.addHook('preClose', async () => {
      closing = true;
    });

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

    app.decorate('config', config);
    app.decorate('database', database);
    app.decorate('db', database.db);
    app.decorate('clock', clock);
    app.decorate('random', random);
    app.decorate('hubRedis', hubRedis);
    app.decorate(
      'events',
      createDomainEvents((error, name) =>
        app.log.error({ err: error, event: name }, 'event listener failed'),
      ),
    );
    // Until a table a read comes from changes, here or in another process, and for at most READ_CACHE_MAX_AGE_MS.
    app.decorate('readCache', createReadCache({ changes: database.changes, clock }));
    app.decorate(
      'limiters',
      createLimiterFactory({
        clock,
        redis: limiterRedis,
        keyPrefix: config.redisKeyPrefix,
        onRefusal: app.metrics.limiterRefusal,
        onRedisError: app.metrics.redisFallback,
      }),
    );
    app.decorate('passwords', passwords);
    app.decorate('tokens', createTokenService(resolveJwtSecret(config.jwtSecret, config.dataDir), clock));
  },
  { name: 'infrastructure', dependencies: ['metrics'] },
);
