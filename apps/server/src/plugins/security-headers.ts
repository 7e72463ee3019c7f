import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { API_DOCS_PATH } from './openapi';

/** What Stripe.js needs when card payments go through Stripe (its script, frames and API). */
const STRIPE_SOURCES = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/**
 * The hub's WebSocket address. CSP Level 3's 'self' already covers a same-origin WebSocket in
 * current browsers; with a known public origin we name it too, and never a bare `ws:` that
 * would let a page talk to any host.
 */
function webSocketSources(publicOrigin: string | undefined): string[] {
  if (!publicOrigin) return [];
  const url = new URL(publicOrigin);
  return [`${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`];
}

/**
 * Which powerful browser features pages may use: camera and microphone for the video call,
 * from our own origin only (no embedded frame gets them); payment for Stripe's card frame
 * when Stripe takes the payments; nothing else.
 */
export function permissionsPolicy(options: { stripe: boolean }): string {
  const payment = options.stripe ? '(self "https://js.stripe.com")' : '()';
  return [
    'camera=(self)',
    'microphone=(self)',
    'display-capture=()',
    'geolocation=()',
    'usb=()',
    'serial=()',
    'bluetooth=()',
    `payment=${payment}`,
  ].join(', ');
}

/**
 * The headers helmet sets for these options, computed once: helmet is run against a stand-in
 * response that records them. Every directive here is a fixed string, so the headers are the
 * same for every request (a per-request directive, such as a nonce, would need helmet per request).
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** What the server answers without a page: the API, and the probes a load balancer and Prometheus ask. */
const SERVER_ANSWER_PATHS = ['/healthz', '/readyz', '/metrics'];

/**
 * True for an answer of the API (JSON, and the API's CSV and calendar downloads) rather than a
 * page or a file a page loads. The API documentation under /api/docs is a page (Swagger UI).
 */
export function isApiAnswer(url: string): boolean {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  if (path === '/api' || path.startsWith('/api/')) return !path.startsWith(API_DOCS_PATH);
  return SERVER_ANSWER_PATHS.includes(path);
}

/**
 * Security headers, computed once at start: the headers never change while the process runs.
 *
 * Pages and the files they load (the web app, the API documentation, the embedded wheel) get
 * the whole set: a content security policy allowing only our own origin (WebSocket included),
 * plus Stripe.js when Stripe takes the payments, and helmet's other headers for documents.
 * API answers get only what an answer no browser renders as a document needs (decision 035):
 * nosniff, so it is never read as HTML or script, and a policy that lets it load nothing and be
 * framed nowhere; the rest would be bytes to write and send on every call, for nothing.
 * `upgrade-insecure-requests` and HSTS are sent only when the product is served over https, so
 * a plain-http install on a LAN keeps working; HSTS goes on both, as a browser takes it from
 * any answer.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { publicOrigin: string | undefined; stripe: boolean },
) {
  const https = options.publicOrigin?.startsWith('https:') ?? false;
  const stripe = (kind: keyof typeof STRIPE_SOURCES) => (options.stripe ? STRIPE_SOURCES[kind] : []);
  const helmetSet = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripe('script')],
        frameSrc: ["'self'", ...stripe('frame')],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", ...webSocketSources(options.publicOrigin), ...stripe('connect')],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  const pageHeaders = { ...helmetSet, 'permissions-policy': permissionsPolicy({ stripe: options.stripe }) };
  const hsts = helmetSet['strict-transport-security'];
  const apiHeaders = {
    'content-security-policy': "default-src 'none';frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    ...(hsts ? { 'strict-transport-security': hsts } : {}),
  };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiAnswer(request.url) ? apiHeaders : pageHeaders);
    done();
  });
}
