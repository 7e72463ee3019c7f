import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../../db/database';
import { AppError } from '../../lib/errors';
import { createMetrics, type MetricsObservers, NO_METRICS } from './metrics';

export const METRICS_PATH = '/metrics';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** True when the Authorization header carries exactly `Bearer <token>`, compared in constant time. */
function presentsToken(header: string | undefined, token: string): boolean {
  const presented = header?.match(/^Bearer (\S+)$/i)?.[1] ?? '';
  // Equal-length digests: neither the token's length nor its content leaks through timing.
  return timingSafeEqual(digest(presented), digest(token)) && presented !== '';
}

declare module 'fastify' {
  interface FastifyInstance {
    /** How each part of the app reports to the metrics (no-ops without METRICS_TOKEN). */
    metrics: MetricsObservers;
  }
}

/**
 * Prometheus metrics (docs/metrics.md), only when a token is configured: then every HTTP
 * answer is timed, every database query is observed, and GET /metrics answers the scrape
 * for a `Bearer <token>`. Without a token there is no route and every observer is a no-op.
 * Registered first, on the root instance, so the hook sees every route.
 */
export const metricsPlugin = fp<{ token: string | undefined; database: DatabaseHandle }>(
  async (app, { token, database }) => {
    app.decorate('metrics', token ? observeWithPrometheus(app, token, database) : NO_METRICS);
  },
  { name: 'metrics' },
);

function observeWithPrometheus(
  app: FastifyInstance,
  token: string,
  database: DatabaseHandle,
): MetricsObservers {
  const metrics = createMetrics({
    dialect: database.dialect,
    onCollectError: (error, metric) => app.log.warn({ err: error, metric }, 'a metric could not be read'),
  });
  const stopObservingQueries = database.observeQueries(metrics.query);
  app.addHook('onClose', async () => {
    stopObservingQueries();
    metrics.stop();
  });

  // The route pattern (never the raw URL) keeps the number of series bounded.
  app.addHook('onResponse', async (request, reply) => {
    metrics.httpResponse(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime);
  });

  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!presentsToken(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer');
      throw new AppError('unauthorized', 'Metrics need the metrics token (Authorization: Bearer).');
    }
    const body = await metrics.register.metrics();
    return reply.header('cache-control', 'no-store').type(metrics.register.contentType).send(body);
  });

  return metrics;
}
