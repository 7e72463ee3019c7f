import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from './support/databases';
import { startTestApp, type TestApp } from './support/test-app';

const sqlite = TEST_DIALECTS.find((dialect) => dialect.name === 'sqlite');
if (!sqlite) throw new Error('no sqlite dialect');

/** Three demo requests from one proxy address, each naming a different client behind it. */
async function threeForwardedRequests(t: TestApp, proxyAddress: string) {
  const statuses: number[] = [];
  for (const client of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/business/demo-request',
      remoteAddress: proxyAddress,
      headers: { 'x-forwarded-for': client },
      payload: { name: 'Dana', telephone: '123', company: 'Uni', email: 'dana@uni.edu' },
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

describe('per-address limits behind a reverse proxy (TRUST_PROXY)', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('ignores X-Forwarded-For by default, so a visitor cannot choose their own address', async () => {
    t = await startTestApp(sqlite, { env: { PUBLIC_FORM_LIMIT: '2' } });
    expect(await threeForwardedRequests(t, '203.0.113.10')).toEqual([201, 201, 429]);
  });

  it('keys limits on the forwarded client address when the proxy is trusted', async () => {
    t = await startTestApp(sqlite, { env: { PUBLIC_FORM_LIMIT: '2', TRUST_PROXY: '10.0.0.0/8' } });
    expect(await threeForwardedRequests(t, '10.1.2.3')).toEqual([201, 201, 201]);
  });

  it('still ignores X-Forwarded-For from an address that is not a trusted proxy', async () => {
    t = await startTestApp(sqlite, { env: { PUBLIC_FORM_LIMIT: '2', TRUST_PROXY: '10.0.0.0/8' } });
    expect(await threeForwardedRequests(t, '203.0.113.10')).toEqual([201, 201, 429]);
  });

  it('trusts a hop count when told to', async () => {
    t = await startTestApp(sqlite, { env: { PUBLIC_FORM_LIMIT: '2', TRUST_PROXY: '1' } });
    expect(await threeForwardedRequests(t, '203.0.113.10')).toEqual([201, 201, 201]);
  });
});
