import type { ErrorBody } from '@wheelmeet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from './support/databases';
import { startTestApp, type TestApp } from './support/test-app';

const sqlite = TEST_DIALECTS.find((dialect) => dialect.name === 'sqlite');

describe('public forms are limited per client address', () => {
  let t: TestApp;
  beforeAll(async () => {
    if (!sqlite) throw new Error('no sqlite dialect');
    t = await startTestApp(sqlite, { env: { PUBLIC_FORM_LIMIT: '10' } });
  });
  afterAll(() => t?.close());

  const demoRequest = (ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/business/demo-request',
      remoteAddress: ip,
      payload: { name: 'Dana', telephone: '123', company: 'Uni', email: 'dana@uni.edu' },
    });

  it('answers the eleventh demo request in ten minutes with a 429 in the error model, other clients unaffected', async () => {
    for (let request = 0; request < 10; request += 1)
      expect((await demoRequest('203.0.113.7')).statusCode).toBe(201);
    const limited = await demoRequest('203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json<ErrorBody>().error).toMatchObject({ code: 'too_many_requests' });
    expect(limited.json<ErrorBody>().error.message).toMatch(/^Too many requests\. Please try again in /);
    expect((await demoRequest('203.0.113.8')).statusCode).toBe(201);
  });

  it('lists those 429 answers in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, { post?: { responses: Record<string, unknown> } }>;
    }>();
    for (const path of ['/api/business/demo-request', '/api/users/anonymous', '/api/business/register'])
      expect(Object.keys(document.paths[path]?.post?.responses ?? {}), path).toContain('429');
  });
});
