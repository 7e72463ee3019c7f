/**
 * HTTP read path under load: the real app against a bare Fastify 5 server that answers the
 * same JSON bodies (fetched once from the real app), both driven by autocannon over loopback
 * in the same run, so the numbers are ratios: "the app serves N× what bare Fastify serves".
 *
 *   npm run bench:http -w @wheelmeet/bench                    SQLite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:http -w @wheelmeet/bench
 *
 * BENCH_DURATION (seconds per measurement, 5), BENCH_ROUNDS (3), BENCH_CONNECTIONS (10), BENCH_ONLY (only the
 * endpoints whose name contains it), BENCH_REDIS_URL (the app uses Redis as with several
 * processes), BENCH_CPU_PROF=<dir> (each server process writes a V8 CPU profile to <dir>/app
 * or <dir>/bare, `node --cpu-prof`; summarise one with bench/cpu-profile-top.ts).
 *
 * Besides req/s and p99, each measurement gives the server's CPU per request (the child's
 * `process.cpuUsage()` over the measurement, user and system, divided by the requests it
 * served, both sent over IPC), and each endpoint the size of one answer's header block, status
 * line included, as it came over the wire on a kept-alive connection.
 *
 * The app runs as it ships: bench/http-read-app.ts bundled by esbuild with the settings of
 * apps/server/build.mjs (npm packages stay external), not the sources under tsx.
 *
 * The load average is printed at the start and the end: the machine is shared, and a busy
 * neighbour slows the baseline and the app alike but makes every number noisier.
 *
 * Each server runs in its own child process and autocannon in this one, so the load generator
 * never shares an event loop with the server it measures; on a 2-core machine the two take a
 * core each, for the app and for the baseline alike (so at high rates autocannon itself can be
 * the limit, for the baseline first). Baseline and app alternate, round after round, so both
 * see the same background load.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { createPostgresDatabase } from './postgres-database';
import { bundledForNode } from './production-server';
import { loadAverage } from './report';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const WARMUP = 2;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SELF = fileURLToPath(import.meta.url);

/** What a server child tells the bench once it listens. */
interface Ready {
  origin: string;
  demoWheelId?: string;
}

/** What a server child spent since the bench said 'cpu-start', when asked with 'cpu-read'. */
interface CpuReading {
  cpuMicros: number;
  requests: number;
}

const ENDPOINTS = [
  // No database: what every answer costs the app beyond bare Fastify (hooks, headers, serialiser).
  { name: 'GET /healthz', route: '/healthz', path: () => '/healthz' },
  // One query (`select 1`) that no cache answers: what a read costs when the cache cannot help.
  { name: 'GET /readyz', route: '/readyz', path: () => '/readyz' },
  { name: 'GET /api/business/plans', route: '/api/business/plans', path: () => '/api/business/plans' },
  { name: 'GET /api/wheels/public', route: '/api/wheels/public', path: () => '/api/wheels/public' },
  {
    name: 'GET /api/wheels/{demo}',
    route: '/api/wheels/:id',
    path: (demoWheelId: string) => `/api/wheels/${demoWheelId}`,
  },
] as const;

async function main() {
  const loadAtStart = loadAverage();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wheelmeet-bench-http-'));
  const postgres = await createPostgresDatabase(process.env.BENCH_DATABASE_URL, 'http');
  const children: ChildProcess[] = [];
  // In the server's dist/, so the bundle finds the server's npm packages and profiles count it as the app's.
  const appBundle = fileURLToPath(
    new URL(`../apps/server/dist/bench-http-app-${process.pid}.mjs`, import.meta.url),
  );
  try {
    await bundledForNode(fileURLToPath(new URL('./http-read-app.ts', import.meta.url)), appBundle);
    const app = startChild('app', {
      BENCH_APP_BUNDLE: appBundle,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: dataDir,
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      ...(process.env.BENCH_REDIS_URL
        ? { REDIS_URL: process.env.BENCH_REDIS_URL, REDIS_KEY_PREFIX: `wheelmeet-bench-${Date.now()}` }
        : {}),
    });
    children.push(app.child);
    const appReady = await app.ready;
    const demoWheelId = appReady.demoWheelId ?? '';

    // The bodies the baseline answers: exactly what the app answered.
    const bodies: Record<string, unknown> = {};
    for (const endpoint of ENDPOINTS) {
      const response = await fetch(`${appReady.origin}${endpoint.path(demoWheelId)}`);
      if (response.status !== 200) throw new Error(`${endpoint.name} answered ${response.status}`);
      bodies[endpoint.route] = await response.json();
    }
    const bare = startChild('bare', {});
    children.push(bare.child);
    bare.child.send({ bodies });
    const bareReady = await bare.ready;

    // Each endpoint: warm both servers up, then ROUNDS × (baseline, app) back to back. The
    // ratio reported is the median of the rounds' ratios, so a burst of background load
    // during one measurement moves it little.
    const rows: string[] = [];
    const only = process.env.BENCH_ONLY;
    for (const endpoint of ENDPOINTS.filter((candidate) => !only || candidate.name.includes(only))) {
      const urlPath = endpoint.path(demoWheelId);
      const bareUrl = `${bareReady.origin}${urlPath}`;
      const appUrl = `${appReady.origin}${urlPath}`;
      await measure(bare.child, bareUrl, WARMUP);
      await measure(app.child, appUrl, WARMUP);
      const baseline: Measurement[] = [];
      const measured: Measurement[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        baseline.push(await measure(bare.child, bareUrl, DURATION));
        measured.push(await measure(app.child, appUrl, DURATION));
      }
      const ratioOf = (key: 'rps' | 'cpuMicrosPerRequest') =>
        median(measured.map((app, round) => app[key] / (baseline[round]?.[key] ?? Number.NaN)));
      const appHeaderBytes = await headerBytes(appReady.origin, urlPath);
      const bareHeaderBytes = await headerBytes(bareReady.origin, urlPath);
      rows.push(
        [
          `\`${endpoint.name}\``,
          fmt(median(measured.map((m) => m.rps))),
          `${median(measured.map((m) => m.p99))} ms`,
          fmt(median(baseline.map((m) => m.rps))),
          `${median(baseline.map((m) => m.p99))} ms`,
          `**${ratioOf('rps').toFixed(2)}×**`,
          `${median(measured.map((m) => m.cpuMicrosPerRequest)).toFixed(1)} µs`,
          `${median(baseline.map((m) => m.cpuMicrosPerRequest)).toFixed(1)} µs`,
          `**${ratioOf('cpuMicrosPerRequest').toFixed(2)}×**`,
          `${appHeaderBytes} B`,
          `${bareHeaderBytes} B`,
          `${(appHeaderBytes / bareHeaderBytes).toFixed(2)}×`,
        ].join(' | '),
      );
    }

    const dialect = postgres ? 'PostgreSQL' : 'SQLite';
    process.stdout.write(
      [
        '',
        `HTTP read path on ${dialect}${process.env.BENCH_REDIS_URL ? ' + Redis' : ''}: autocannon, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s per server after ${WARMUP} s warm-up; medians`,
        `load average (1, 5, 15 min): ${loadAtStart} at the start, ${loadAverage()} at the end`,
        '',
        'CPU: the server process’s user + system time per request served, median of the rounds; ratio: median of the rounds’ ratios. Headers: one answer’s status line and headers as received.',
        '',
        '| Endpoint | app req/s | app p99 | bare req/s | bare p99 | app / bare | app CPU/req | bare CPU/req | CPU app / bare | app headers | bare headers | headers app / bare |',
        '|---|---|---|---|---|---|---|---|---|---|---|---|',
        ...rows.map((row) => `| ${row} |`),
        '',
      ].join('\n'),
    );
  } finally {
    await Promise.all(children.map(stopChild));
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(appBundle, { force: true });
  }
}

const fmt = (value: number) => Math.round(value).toLocaleString('en');

interface Measurement {
  rps: number;
  p99: number;
  cpuMicrosPerRequest: number;
}

async function measure(server: ChildProcess, url: string, duration: number): Promise<Measurement> {
  await ask<'started'>(server, 'cpu-start');
  const result = await autocannon({ url, connections: CONNECTIONS, duration });
  const cpu = await ask<CpuReading>(server, 'cpu-read');
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    cpuMicrosPerRequest: cpu.cpuMicros / cpu.requests,
  };
}

/** Sends a server child a question and waits for its answer (it answers one at a time, in order). */
function ask<Answer>(child: ChildProcess, question: 'cpu-start' | 'cpu-read'): Promise<Answer> {
  return new Promise((resolve) => {
    child.once('message', (answer) => resolve(answer as Answer));
    child.send(question);
  });
}

/** The bytes of one answer's status line and headers, on a connection kept alive as autocannon's are. */
function headerBytes(origin: string, urlPath: string): Promise<number> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    let received = Buffer.alloc(0);
    const socket = connect({ host: hostname, port: Number(port) }, () =>
      socket.write(`GET ${urlPath} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n\r\n`),
    );
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end === -1) return;
      socket.destroy();
      resolve(end + 4);
    });
    socket.on('error', reject);
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function startChild(role: 'app' | 'bare', env: Record<string, string>) {
  const profileDir = process.env.BENCH_CPU_PROF;
  const child = fork(SELF, [role], {
    env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
    execArgv: [
      ...process.execArgv,
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir, role)}`] : []),
    ],
  });
  const ready = new Promise<Ready>((resolve, reject) => {
    child.once('message', (message) => resolve(message as Ready));
    child.once('exit', (code) => reject(new Error(`the ${role} server exited (${code}) before it listened`)));
  });
  return { child, ready };
}

/** Asks a server child to close (so a CPU profile is written) and waits for it to exit. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.send('stop');
  });
}

/** Child: the real app, bundled (BENCH_APP_BUNDLE), with its own database prepared and seeded. */
async function serveApp() {
  const bundle = process.env.BENCH_APP_BUNDLE;
  if (!bundle) throw new Error('BENCH_APP_BUNDLE is not set');
  const { buildApp, prepareDatabase, loadConfig, systemClock, cryptoRandom } = (await import(
    pathToFileURL(bundle).href
  )) as typeof import('./http-read-app');
  const config = loadConfig({ ...process.env, ADMIN_PASSWORD: 'bench-password' });
  const { database, seedReport } = await prepareDatabase(config, {
    clock: systemClock,
    random: cryptoRandom,
  });
  const app = await buildApp(config, { database });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  answerBench(app.server, () => app.close());
  process.send?.({ origin, demoWheelId: seedReport.demoWheelId } satisfies Ready);
}

/** Child: bare Fastify 5 with default settings, answering the given bodies on the same routes. */
async function serveBare() {
  const { default: Fastify } = await import('fastify');
  const { bodies } = await new Promise<{ bodies: Record<string, unknown> }>((resolve) =>
    process.once('message', (message) => resolve(message as { bodies: Record<string, unknown> })),
  );
  const app = Fastify();
  for (const [route, body] of Object.entries(bodies)) app.get(route, async () => body);
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  answerBench(app.server, () => app.close());
  process.send?.({ origin } satisfies Ready);
}

/**
 * Child, app and bare alike: counts the requests its server is handed (one more 'request'
 * listener on each, so the same cost on both sides), and answers the bench's questions:
 * 'cpu-start' begins a measurement, 'cpu-read' gives the CPU time and requests since; 'stop'
 * closes the server and exits.
 */
function answerBench(server: Server, close: () => Promise<unknown>) {
  let requests = 0;
  server.on('request', () => {
    requests += 1;
  });
  let start = process.cpuUsage();
  let requestsAtStart = 0;
  process.on('message', (message) => {
    if (message === 'cpu-start') {
      start = process.cpuUsage();
      requestsAtStart = requests;
      process.send?.('started');
    } else if (message === 'cpu-read') {
      const spent = process.cpuUsage(start);
      process.send?.({
        cpuMicros: spent.user + spent.system,
        requests: requests - requestsAtStart,
      } satisfies CpuReading);
    } else if (message === 'stop') {
      close().then(() => process.exit(0));
    }
  });
}

const role = process.argv[2];
const run = role === 'app' ? serveApp : role === 'bare' ? serveBare : main;
run().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
