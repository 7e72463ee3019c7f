import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from './support/databases';
import { startTestApp, type TestApp } from './support/test-app';

const sqlite = TEST_DIALECTS.find((dialect) => dialect.name === 'sqlite');
if (!sqlite) throw new Error('no sqlite dialect');

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

  it('sends the whole set, computed once, on pages, API answers, errors and unknown paths alike', async () => {
    t = await startTestApp(sqlite);
    const expected = {
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
    for (const url of [
      '/',
      '/api/business/plans',
      '/api/wheels/not-a-uuid',
      '/api/nothing-here',
      '/healthz',
    ]) {
      const { headers } = await t.app.inject({ method: 'GET', url });
      expect(headers, url).toMatchObject(expected);
      expect(headers['strict-transport-security'], url).toBeUndefined();
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

  it('adds HSTS and upgrade-insecure-requests when served over https', async () => {
    t = await startTestApp(sqlite, { env: { PUBLIC_ORIGIN: 'https://meet.example.com' } });
    const { headers } = await t.app.inject({ method: 'GET', url: '/api/business/plans' });
    expect(headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    expect(headers['content-security-policy']).toContain(';upgrade-insecure-requests');
  });

  it('allows camera and microphone to our own pages only, and no other powerful feature', async () => {
    t = await startTestApp(sqlite);
    for (const url of ['/', '/wheel/some-wheel', '/api/business/plans']) {
      const policy = (await t.app.inject({ method: 'GET', url })).headers['permissions-policy'];
      expect(policy, url).toContain('camera=(self)');
      expect(policy, url).toContain('microphone=(self)');
      expect(policy, url).toContain('geolocation=()');
      expect(policy, url).toContain('payment=()');
    }
  });
});
