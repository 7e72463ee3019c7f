import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from './support/databases';
import { startTestApp, type TestApp } from './support/test-app';

const sqlite = TEST_DIALECTS.find((dialect) => dialect.name === 'sqlite');
if (!sqlite) throw new Error('no sqlite dialect');

/**
 * Sends a request's headers one line every 300 ms for up to `sendForMs`, as a slow-headers
 * attack does; resolves with how long the server kept the connection and what it answered.
 */
function sendHeadersSlowly(baseUrl: string, sendForMs: number) {
  const { hostname, port } = new URL(baseUrl);
  return new Promise<{ openMs: number; answer: string }>((resolve) => {
    const started = Date.now();
    let answer = '';
    const socket = connect(Number(port), hostname, () => {
      socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
    });
    let line = 0;
    const drip = setInterval(() => {
      if (Date.now() - started > sendForMs) {
        clearInterval(drip);
        socket.destroy();
        return;
      }
      socket.write(`X-Slow-${line++}: y\r\n`);
    }, 300);
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(drip);
      resolve({ openMs: Date.now() - started, answer });
    });
  });
}

describe('HTTP connection timeouts', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('closes a connection whose headers arrive too slowly, and still answers normal requests', async () => {
    t = await startTestApp(sqlite, { listen: true, env: { HTTP_HEADERS_TIMEOUT_MS: '1000' } });

    const slow = await sendHeadersSlowly(t.baseUrl, 15_000);
    expect(slow.openMs).toBeLessThan(8_000);
    expect(slow.answer).toMatch(/^HTTP\/1\.1 408/);

    expect((await fetch(`${t.baseUrl}/healthz`)).status).toBe(200);
  }, 30_000);
});
