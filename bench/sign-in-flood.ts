/**
 * Does a flood of sign-ins starve everyone else? Serves the real HTTP stack on loopback,
 * measures `GET /` (a static file, read on libuv's thread pool like scrypt runs) while idle,
 * then while FLOOD concurrent wrong sign-ins from as many (forwarded) addresses hit the
 * server, and reports the ratio, what the sign-ins were answered, and peak memory.
 *
 *   npm run bench:sign-in-flood -w @wheelmeet/bench
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app';
import { prepareDatabase } from '../apps/server/src/bootstrap';
import { loadConfig } from '../apps/server/src/config';
import { systemClock } from '../apps/server/src/lib/clock';
import { cryptoRandom } from '../apps/server/src/lib/random';

const FLOOD = Number(process.env.BENCH_FLOOD ?? 120);
const PAGE_REQUESTS = 40;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wheelmeet-bench-flood-'));
  writeFileSync(
    path.join(dataDir, 'index.html'),
    `<!doctype html><title>WheelMeet</title>${'x'.repeat(2048)}`,
  );
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'bench-password',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: dataDir,
      TRUST_PROXY: 'loopback',
    });
    const { database } = await prepareDatabase(config, { clock: systemClock, random: cryptoRandom });
    const app = await buildApp(config, { database });
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });

    const pageTimes = async () => {
      const times: number[] = [];
      for (let i = 0; i < PAGE_REQUESTS; i += 1) {
        const started = performance.now();
        const response = await fetch(`${origin}/`);
        await response.text();
        times.push(performance.now() - started);
      }
      return times;
    };

    await pageTimes();
    const idle = await pageTimes();

    const idleRss = process.memoryUsage().rss;
    let peakRss = idleRss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 20);
    const statuses: Record<number, number> = {};
    const flood = Promise.all(
      Array.from({ length: FLOOD }, async (_, index) => {
        const response = await fetch(`${origin}/api/admin/login`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': `10.${Math.floor(index / 250)}.${index % 250}.1`,
          },
          body: JSON.stringify({ username: index % 2 ? 'admin' : `nobody-${index}`, password: 'wrong' }),
        });
        await response.text();
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      }),
    );
    const during = await pageTimes();
    await flood;
    clearInterval(sampler);

    const row = (name: string, times: number[]) =>
      `  ${name.padEnd(34)} p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(
        times,
        95,
      )
        .toFixed(1)
        .padStart(7)} ms`;
    process.stdout.write(
      [
        '',
        `GET / while ${FLOOD} wrong sign-ins arrive at once (real HTTP on loopback, load average ${loadavg()
          .map((value) => value.toFixed(2))
          .join(' ')})`,
        row('idle (baseline)', idle),
        row('during the sign-in flood', during),
        `  ratio p95 flood / idle: ${(percentile(during, 95) / percentile(idle, 95)).toFixed(1)}×`,
        `  sign-ins answered: ${Object.entries(statuses)
          .map(([status, count]) => `${count} × ${status}`)
          .join(', ')}`,
        `  RSS: ${(idleRss / 2 ** 20).toFixed(0)} MiB idle, ${(peakRss / 2 ** 20).toFixed(0)} MiB at the peak of the flood`,
        '',
      ].join('\n'),
    );
    await app.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
