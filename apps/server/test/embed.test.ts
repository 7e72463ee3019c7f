import type { EmbedSettings, ErrorBody } from '@wheelmeet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from './support/each-dialect';
import { createTestBusinessUser, createTestWheel } from './support/factories';
import { signIn } from './support/staff';
import { startTestApp, TEST_ADMIN_PASSWORD, TEST_INDEX_HTML, type TestApp } from './support/test-app';

const directive = (policy: unknown, name: string) =>
  String(policy)
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));

describeEachDialect('the embeddable wheel (issue 13, decision 017)', (dialect) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signIn>>;
  let bea: Awaited<ReturnType<typeof signIn>>;
  let beasWheel: string;
  let otherWheel: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
    const beaId = await createTestBusinessUser(t.database, {
      email: 'bea@example.com',
      password: 'bea-pass-1234',
    });
    bea = await signIn(t.app, 'bea@example.com', 'bea-pass-1234');
    beasWheel = await createTestWheel(t.database, {
      name: "Bea's meetup",
      description: 'x',
      slotCount: 4,
      businessUserId: beaId,
    });
    otherWheel = await createTestWheel(t.database, { name: 'Someone else', description: 'x', slotCount: 4 });
  });
  afterAll(() => t?.close());

  const put = (wheelId: string, headers: Record<string, string>, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/wheels/${wheelId}/embed`,
      headers,
      payload: payload as Record<string, unknown>,
    });
  const get = (wheelId: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/admin/wheels/${wheelId}/embed`, headers });
  const page = (wheelId: string) => t.app.inject({ method: 'GET', url: `/embed/wheels/${wheelId}` });

  describe('the organiser lists the sites allowed to embed a wheel', () => {
    it('starts with no site, and keeps each listed site as its origin', async () => {
      const wheel = await createTestWheel(t.database, { name: 'Fresh', description: 'x', slotCount: 2 });
      expect((await get(wheel, admin.headers)).json<EmbedSettings>()).toEqual({
        wheelId: wheel,
        allowedOrigins: [],
        embedPath: `/embed/wheels/${wheel}`,
      });
      const saved = await put(wheel, admin.headers, {
        allowedOrigins: [
          'https://Events.Example.com/',
          'http://127.0.0.1:8080',
          'https://events.example.com',
        ],
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json<EmbedSettings>().allowedOrigins).toEqual([
        'https://events.example.com',
        'http://127.0.0.1:8080',
      ]);
      expect((await get(wheel, admin.headers)).json<EmbedSettings>().allowedOrigins).toEqual([
        'https://events.example.com',
        'http://127.0.0.1:8080',
      ]);
    });

    it.each([
      ['a path', 'https://example.com/events'],
      ['no scheme', 'example.com'],
      ['another scheme', 'ftp://example.com'],
      ['a wildcard', 'https://*.example.com'],
      ['a second directive', "https://example.com; script-src 'unsafe-inline'"],
      ['a port out of range', 'https://example.com:70000'],
    ])('refuses a site with %s, saying what a site looks like, and keeps the list', async (_, origin) => {
      await put(beasWheel, bea.headers, { allowedOrigins: ['https://bea.example'] });
      const refused = await put(beasWheel, bea.headers, { allowedOrigins: [origin] });
      expect(refused.statusCode).toBe(400);
      const { error } = refused.json<ErrorBody>();
      expect(error.code).toBe('validation_failed');
      expect(error.message).toMatch(/http\(s\):\/\/host/);
      expect((await get(beasWheel, bea.headers)).json<EmbedSettings>().allowedOrigins).toEqual([
        'https://bea.example',
      ]);
    });

    it('refuses bodies that are not a list of sites, with 400 and never 500', async () => {
      for (const payload of [{}, { allowedOrigins: 'https://a.example' }, { allowedOrigins: [42] }, []]) {
        const refused = await put(beasWheel, bea.headers, payload);
        expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
        expect(refused.json<ErrorBody>().error.code).toBe('validation_failed');
      }
      const tooMany = Array.from({ length: 21 }, (_, i) => `https://site${i}.example`);
      expect((await put(beasWheel, bea.headers, { allowedOrigins: tooMany })).statusCode).toBe(400);
    });

    it('lets a business user manage their own wheel only, and nobody without signing in', async () => {
      expect((await get(beasWheel, bea.headers)).statusCode).toBe(200);
      expect((await get(otherWheel, bea.headers)).statusCode).toBe(404);
      expect((await put(otherWheel, bea.headers, { allowedOrigins: [] })).statusCode).toBe(404);
      expect((await get(beasWheel, admin.headers)).statusCode).toBe(200);
      expect((await get(beasWheel, {})).statusCode).toBe(401);
      expect((await put(beasWheel, {}, { allowedOrigins: [] })).statusCode).toBe(401);
      expect((await get('not-a-uuid', admin.headers)).statusCode).toBe(400);
      expect((await get('6f1d7c1e-0000-4000-8000-000000000000', admin.headers)).statusCode).toBe(404);
    });

    it('keeps one whole list when two saves arrive at once, never a mix', async () => {
      const first = ['https://one.example', 'https://two.example'];
      const second = ['https://three.example'];
      const answers = await Promise.all([
        put(beasWheel, bea.headers, { allowedOrigins: first }),
        put(beasWheel, admin.headers, { allowedOrigins: second }),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      const kept = (await get(beasWheel, bea.headers)).json<EmbedSettings>().allowedOrigins;
      expect([first, second]).toContainEqual(kept);
      expect(directive((await page(beasWheel)).headers['content-security-policy'], 'frame-ancestors')).toBe(
        `frame-ancestors ${kept.join(' ')}`,
      );
    });
  });

  describe("the embed page's headers", () => {
    it('lets only the listed sites frame the wheel, with camera and microphone for the call', async () => {
      await put(otherWheel, admin.headers, {
        allowedOrigins: ['https://events.example.com', 'http://localhost:4000'],
      });
      const response = await page(otherWheel);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(TEST_INDEX_HTML);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      const policy = response.headers['content-security-policy'];
      expect(directive(policy, 'frame-ancestors')).toBe(
        'frame-ancestors https://events.example.com http://localhost:4000',
      );
      // The rest of the policy is the site's own.
      expect(directive(policy, 'script-src')).toBe("script-src 'self'");
      expect(directive(policy, 'connect-src')).toBe("connect-src 'self'");
      expect(response.headers['x-frame-options']).toBeUndefined();
      expect(response.headers['permissions-policy']).toContain('camera=(self)');
      expect(response.headers['permissions-policy']).toContain('microphone=(self)');
    });

    it('follows the list as it changes, and refuses every site once it is empty', async () => {
      await put(otherWheel, admin.headers, { allowedOrigins: ['https://later.example'] });
      expect(directive((await page(otherWheel)).headers['content-security-policy'], 'frame-ancestors')).toBe(
        'frame-ancestors https://later.example',
      );
      await put(otherWheel, admin.headers, { allowedOrigins: [] });
      expect(directive((await page(otherWheel)).headers['content-security-policy'], 'frame-ancestors')).toBe(
        "frame-ancestors 'none'",
      );
    });

    it('answers 404 for a wheel that does not exist, framed by nobody', async () => {
      for (const id of ['6f1d7c1e-0000-4000-8000-000000000000', 'not-a-wheel']) {
        const response = await page(id);
        expect(response.statusCode, id).toBe(404);
        expect(response.json<ErrorBody>().error.code).toBe('not_found');
        expect(directive(response.headers['content-security-policy'], 'frame-ancestors')).toBe(
          "frame-ancestors 'none'",
        );
      }
    });

    it("leaves every other page's framing as it was: nobody may frame it", async () => {
      await put(otherWheel, admin.headers, { allowedOrigins: ['https://events.example.com'] });
      for (const url of ['/', `/wheel/${otherWheel}`, `/api/wheels/${otherWheel}`, '/admin/wheels']) {
        const { headers } = await t.app.inject({ method: 'GET', url });
        expect(directive(headers['content-security-policy'], 'frame-ancestors'), url).toBe(
          "frame-ancestors 'none'",
        );
        // Pages keep the legacy header too; an API answer has only the policy (decision 035).
        if (!url.startsWith('/api/')) expect(headers['x-frame-options'], url).toBe('SAMEORIGIN');
      }
    });

    it('serves the snippet script to other sites: small, JavaScript, loadable cross-origin', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/embed.js' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/javascript/);
      expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(response.body).toContain('wheelmeet:resize');
      expect(response.body.length).toBeLessThan(2_000);
    });
  });
});
