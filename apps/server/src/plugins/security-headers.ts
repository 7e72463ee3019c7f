import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every response. The content security policy allows only our own
 * origin (WebSocket included); `upgrade-insecure-requests` and HSTS are sent only when the
 * product is served over https, so a plain-http install on a LAN keeps working.
 */
export async function registerSecurityHeaders(app: FastifyInstance, publicOrigin: string | undefined) {
  const https = publicOrigin?.startsWith('https:') ?? false;
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", https ? 'wss:' : 'ws:'],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
}
