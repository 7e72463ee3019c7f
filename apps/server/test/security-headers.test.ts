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
