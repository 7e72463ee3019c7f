import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from './support/databases';
import { startTestApp, type TestApp } from './support/test-app';

const sqlite = TEST_DIALECTS.find((dialect) => dialect.name === 'sqlite');
if (!sqlite) throw new Error('no sqlite dialect');

const PAGE_HEADERS = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'none';img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';frame-src 'self';media-src 'self' blob:;connect-src 'self'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
  'permissions-policy':
    'camera=(self), microphone=(self), display-capture=(), geolocation=(), usb=(), serial=(), bluetooth=(), payment=()',
};
/** An API answer loads nothing and is framed nowhere. */
const API_POLICY = "default-src 'none';frame-ancestors 'none'";
/** Of the pages' headers, all an API answer keeps (decision 035). */
const API_HEADERS = { 'content-security-policy': API_POLICY, 'x-content-type-options': 'nosniff' };

/** The status line and headers of an answer exactly as they came over the wire, on a kept-alive connection as browsers use. */
function rawHeaderBlock(origin: string, path: string): Promise<string> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = connect({ host: hostname, port: Number(port) }, () =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n\r\n`),
    );
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      received += chunk;
      const end = received.indexOf('\r\n\r\n');
      if (end === -1) return;
      socket.destroy();
      resolve(received.slice(0, end + 4));
    });
    socket.on('error', reject);
  });
}

const connectSources = (policy: string) =>
  (policy.split(';').find((directive) => directive.trim().startsWith('connect-src')) ?? '')
    .trim()
    .split(/\s+/);

describe('browser-side limits on what a page may reach and use', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('lets pages open WebSockets only to our own origin, never to any host', async () => {
    t = await startTestApp(sqlite);
    const policy = (await t.app.inject({ method: 'GET', url: '/' })).headers[
      'content-security-policy'
    ] as string;
    expect(connectSources(policy)).toEqual(['connect-src', "'self'"]);
  });

  it('names the public origin’s WebSocket address when PUBLIC_ORIGIN is set, wss for https', async () => {
    t = await startTestApp(sqlite, { env: { PUBLIC_ORIGIN: 'https://meet.example.com' } });
    const policy = (await t.app.inject({ method: 'GET', url: '/' })).headers[
      'content-security-policy'
    ] as string;
    expect(connectSources(policy)).toEqual(['connect-src', "'self'", 'wss://meet.example.com']);
  });

  it('sends the whole set, computed once, on pages, the files they load and unknown page paths', async () => {
    t = await startTestApp(sqlite);
    for (const url of ['/', '/wheel/some-wheel', '/no/such/page', '/assets/app-1234.js']) {
      const { headers } = await t.app.inject({ method: 'GET', url });
      expect(headers, url).toMatchObject(PAGE_HEADERS);
      expect(headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('sends API answers, errors included, only what an answer needs, in a short header block', async () => {
    t = await startTestApp(sqlite, { listen: true });
    for (const url of [
      '/api/business/plans',
      '/api/wheels/public',
      '/api/wheels/not-a-uuid',
      '/api/nothing-here',
      '/healthz',
      '/readyz?verbose=1',
    ]) {
      const { headers } = await t.app.inject({ method: 'GET', url });
      expect(headers['content-type'], url).toMatch(/^application\/json/);
      const pageHeadersSent = Object.keys(PAGE_HEADERS).filter((name) => headers[name] !== undefined);
      expect(Object.fromEntries(pageHeadersSent.map((name) => [name, headers[name]])), url).toEqual(
        API_HEADERS,
      );
      expect(Buffer.byteLength(await rawHeaderBlock(t.baseUrl, url)), url).toBeLessThanOrEqual(400);
    }
  });

  it('serves the API documentation with the product’s policy, not a looser one of Swagger UI’s own', async () => {
    t = await startTestApp(sqlite);
    const productPolicy = (await t.app.inject({ method: 'GET', url: '/' })).headers[
      'content-security-policy'
    ];
    expect(productPolicy).toContain("frame-ancestors 'none'");
    for (const url of ['/api/docs/', '/api/docs/static/swagger-ui-bundle.js', '/api/docs/static/index.css']) {
      const docs = await t.app.inject({ method: 'GET', url });
      expect(docs.statusCode, url).toBe(200);
      expect(docs.headers['content-security-policy'], url).toBe(productPolicy);
      expect(docs.headers['content-security-policy'], url).not.toContain('upgrade-insecure-requests');
    }
  });

  it('adds HSTS everywhere and upgrade-insecure-requests to pages when served over https', async () => {
    t = await startTestApp(sqlite, { env: { PUBLIC_ORIGIN: 'https://meet.example.com' }, listen: true });
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    expect(page.headers['content-security-policy']).toContain(';upgrade-insecure-requests');
    const answer = await t.app.inject({ method: 'GET', url: '/api/business/plans' });
    expect(answer.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    expect(answer.headers['content-security-policy']).toBe(API_POLICY);
    expect(Buffer.byteLength(await rawHeaderBlock(t.baseUrl, '/api/business/plans'))).toBeLessThanOrEqual(
      400,
    );
  });

  it('allows camera and microphone to our own pages only, and no other powerful feature', async () => {
    t = await startTestApp(sqlite);
    for (const url of ['/', '/wheel/some-wheel']) {
      const policy = (await t.app.inject({ method: 'GET', url })).headers['permissions-policy'];
      expect(policy, url).toContain('camera=(self)');
      expect(policy, url).toContain('microphone=(self)');
      expect(policy, url).toContain('geolocation=()');
      expect(policy, url).toContain('payment=()');
    }
    const answer = await t.app.inject({ method: 'GET', url: '/api/business/plans' });
    expect(answer.headers['permissions-policy']).toBeUndefined();
  });
});
