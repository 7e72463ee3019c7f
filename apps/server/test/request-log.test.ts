import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from './support/databases';
import { startTestApp, type TestApp } from './support/test-app';

const sqlite = TEST_DIALECTS.find((dialect) => dialect.name === 'sqlite');
if (!sqlite) throw new Error('no sqlite dialect');

const METRICS_TOKEN = 'metrics-token-of-at-least-24-characters';

describe('request logs', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('show the path and the query names but never a value someone put in a query string', async () => {
    const lines: string[] = [];
    t = await startTestApp(sqlite, {
      env: { LOG_LEVEL: 'info', METRICS_TOKEN },
      logStream: { write: (line: string) => lines.push(line) },
    });

    const metrics = await t.app.inject({ method: 'GET', url: '/metrics?token=secret123' });
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/wheels?api_key=abcdef&page=2' });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/nothing-here?token=secret456' });
    expect([metrics.statusCode, api.statusCode, unknown.statusCode]).toEqual([401, 401, 404]);

    const log = lines.join('');
    expect(log).not.toContain('secret123');
    expect(log).not.toContain('abcdef');
    expect(log).not.toContain('secret456');
    expect(log).toContain('"url":"/metrics?token=[redacted]"');
    expect(log).toContain('"url":"/api/v1/wheels?api_key=[redacted]&page=[redacted]"');
    expect(log).toContain('"url":"/api/nothing-here?token=[redacted]"');
  });
});
