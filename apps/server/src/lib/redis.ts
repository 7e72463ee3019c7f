import type { FastifyBaseLogger } from 'fastify';

/** node-redis is loaded on the first connection: a process without REDIS_URL never holds it. */
async function createRedisClient(url: string) {
  const { createClient } = await import('redis');
  return createClient({
    url,
    disableOfflineQueue: true,
    socket: { connectTimeout: 2_000, reconnectStrategy: (retries) => redisReconnectDelayMs(retries) },
  });
}

export type RedisClient = Awaited<ReturnType<typeof createRedisClient>>;

/** Reconnect soon after a blip, then every 2 s at most, with jitter so N processes do not knock at once. */
export const redisReconnectDelayMs = (retries: number, jitter = Math.random()) =>
  Math.min(100 * 2 ** retries, 2_000) + Math.floor(jitter * 100);

/**
 * A Redis connection that survives Redis going away. node-redis emits 'error' on every failed
 * (re)connection; without a listener that is an uncaught exception that kills the process,
 * so every client gets one here. The log says once that Redis was lost and once that it is
 * back, not once per retry.
 * Commands sent while it is disconnected fail at once rather than wait for the reconnect, so
 * every caller can fall back at once (limiters count in memory, pushes reach this process's
 * people only).
 */
export async function connectRedis(
  url: string,
  options: { name: string; log: FastifyBaseLogger },
): Promise<RedisClient> {
  const { name, log } = options;
  const client = await createRedisClient(url);
  let lost = false;
  client.on('error', (error: unknown) => {
    if (lost) return;
    lost = true;
    log.error({ err: error, redis: name }, 'Redis connection lost; retrying');
  });
  client.on('ready', () => {
    if (!lost) return;
    lost = false;
    log.info({ redis: name }, 'Redis connection restored');
  });
  await client.connect();
  return client;
}
