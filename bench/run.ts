/**
 * HTTP read-path benchmark. Each endpoint is timed against a baseline measured in the same
 * run (GET /healthz: Fastify, routing and serialisation, no database), so the numbers are
 * ratios that mean the same on a fast or a slow machine: "reading a wheel costs N× a no-op".
 *
 *   npm run bench            SQLite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app';
import { prepareDatabase } from '../apps/server/src/bootstrap';
import { loadConfig } from '../apps/server/src/config';
import { systemClock } from '../apps/server/src/lib/clock';
import { cryptoRandom } from '../apps/server/src/lib/random';
import { createPostgresDatabase } from './postgres-database';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const WARMUP = 300;

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wheelmeet-bench-'));
  const postgres = await createPostgresDatabase(process.env.BENCH_DATABASE_URL, 'read');
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: postgres?.url,
      ADMIN_PASSWORD: 'bench-password',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: dataDir,
    });
    const { database, seedReport } = await prepareDatabase(config, {
      clock: systemClock,
      random: cryptoRandom,
    });
    const app = await buildApp(config, { database });
    await app.ready();

    const timePerRequest = async (url: string) => {
      for (let i = 0; i < WARMUP; i += 1) await app.inject({ method: 'GET', url });
      const started = performance.now();
      for (let i = 0; i < REQUESTS; i += 1) {
        const response = await app.inject({ method: 'GET', url });
        if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
      }
      return (performance.now() - started) / REQUESTS;
    };

    const baseline = await timePerRequest('/healthz');
    const rows = [
      ['GET /healthz (baseline)', baseline],
      ['GET /readyz', await timePerRequest('/readyz')],
      ['GET /api/business/plans', await timePerRequest('/api/business/plans')],
      ['GET /api/wheels/public', await timePerRequest('/api/wheels/public')],
      [`GET /api/wheels/{demo}`, await timePerRequest(`/api/wheels/${seedReport.demoWheelId}`)],
    ] as const;

    process.stdout.write(
      `\nRead path on ${database.dialect}, ${REQUESTS} sequential requests each (in-process)\n`,
    );
    for (const [name, perRequest] of rows) {
      process.stdout.write(
        `  ${name.padEnd(28)} ${(perRequest / baseline).toFixed(2).padStart(6)}× baseline\n`,
      );
    }
    process.stdout.write(
      `  (baseline on this machine, this run: ${(baseline * 1000).toFixed(0)} µs per request)\n`,
    );
    await app.close();
  } finally {
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
