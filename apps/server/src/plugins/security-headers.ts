import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** What Stripe.js needs when card payments go through Stripe (its script, frames and API). */
const STRIPE_SOURCES = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/**
 * Security headers on every response. The content security policy allows only our own
 * origin (WebSocket included), plus Stripe.js when Stripe takes the payments;
 * `upgrade-insecure-requests` and HSTS are sent only when the product is served over https,
 * so a plain-http install on a LAN keeps working.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { publicOrigin: string | undefined; stripe: boolean },
) {
  const https = options.publicOrigin?.startsWith('https:') ?? false;
  const stripe = (kind: keyof typeof STRIPE_SOURCES) => (options.stripe ? STRIPE_SOURCES[kind] : []);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripe('script')],
        frameSrc: ["'self'", ...stripe('frame')],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", https ? 'wss:' : 'ws:', ...stripe('connect')],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
}
