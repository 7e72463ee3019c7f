import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_URL_REFUSED } from './webhook-delivery-rules';
import { createHttpWebhookSender } from './webhook-sender';

describe('the webhook HTTP client (decision 018)', () => {
  const bodies: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      bodies.push(body);
      response.statusCode = 202;
      response.end();
    });
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses loopback at delivery time, whether written as an address or behind a name', async () => {
    const send = createHttpWebhookSender({ allowPrivateAddresses: false });
    for (const host of ['127.0.0.1', 'localhost'])
      await expect(send(`http://${host}:${port}/hook`, '{}', {})).rejects.toThrow(WEBHOOK_URL_REFUSED);
    expect(bodies).toEqual([]);
  });

  it('posts the body and answers the status when private addresses are allowed', async () => {
    const send = createHttpWebhookSender({ allowPrivateAddresses: true });
    expect(
      await send(`http://localhost:${port}/hook`, '{"a":1}', { 'content-type': 'application/json' }),
    ).toBe(202);
    expect(bodies).toEqual(['{"a":1}']);
  });
});
