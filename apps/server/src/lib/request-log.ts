import type { FastifyRequest } from 'fastify';

const REDACTED = '[redacted]';

/**
 * The URL with every query value replaced: a key or token someone puts in a query string
 * (`?api_key=…`, `?token=…`) is refused, and must not be kept in the logs either. The names stay,
 * so a log still shows what was asked.
 */
export function redactQuery(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      return equals === -1 ? pair : `${pair.slice(0, equals)}=${REDACTED}`;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${query}`;
}

/** Fastify's own request serializer (the same fields), with the query values redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactQuery(request.url),
    version: firstValue(request.headers['accept-version']),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

function firstValue(header: string | string[] | undefined): string | undefined {
  return Array.isArray(header) ? header[0] : header;
}
