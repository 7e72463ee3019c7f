/**
 * Does /healthz keep answering while the hub is busy? Starts the real server as its own process
 * (as `npm start` runs it), then a second process that opens CLIENTS hub connections and has
 * each ask for the demo wheel's snapshot (JoinWheel) over and over, as fast as it is answered.
 * This process, idle otherwise, times GET /healthz before and during that load and reads the
 * server's own event-loop delay from /metrics. Reported as ratios to the idle numbers.
 *
 *   npm run bench:healthz -w @wheelmeet/bench
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { HUB_PATH, type HubHandshakeAuth, type HubResult } from '@wheelmeet/contracts';
import { io } from 'socket.io-client';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 300);
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const METRICS_TOKEN = 'bench-metrics-token-at-least-24-chars';
const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '../apps/server');

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** The load: CLIENTS watchers each asking for the wheel's snapshot in a loop; prints the answers' codes. */
async function generateLoad(origin: string, wheelId: string) {
  const codes: Record<string, number> = {};
  const until = Date.now() + LOAD_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const socket = io(origin, {
        path: HUB_PATH,
        transports: ['websocket'],
        // Watchers as the web app connects them: seat changes batched (SlotsChanged).
        auth: { capabilities: ['SlotsChanged'] } satisfies HubHandshakeAuth,
        reconnection: false,
        forceNew: true,
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      while (Date.now() < until && socket.connected) {
        const answer = (await socket
          .timeout(10_000)
          .emitWithAck('JoinWheel', { wheelId })
          .catch(() => ({ error: { code: 'timeout' } }))) as HubResult<unknown>;
        const code = 'data' in answer ? 'ok' : answer.error.code;
        codes[code] = (codes[code] ?? 0) + 1;
      }
      socket.disconnect();
    }),
  );
  process.stdout.write(`${JSON.stringify(codes)}\n`);
}

function startServer(dataDir: string): Promise<{ child: ChildProcess; origin: string; wheelId: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'bench-password',
      METRICS_TOKEN,
      HUB_CONNECTIONS_PER_ADDRESS: String(CLIENTS + 10),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      const origin = output.match(/running at (http:\/\/\S+)/)?.[1];
      const wheelId = output.match(/Demo wheel: +\S+\/wheel\/(\S+)/)?.[1];
      if (origin && wheelId) resolve({ child, origin, wheelId });
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it was ready`)));
  });
}

async function main() {
  if (process.argv[2] === 'load') return generateLoad(process.argv[3] ?? '', process.argv[4] ?? '');

  const dataDir = mkdtempSync(path.join(tmpdir(), 'wheelmeet-bench-healthz-'));
  const { child: server, origin, wheelId } = await startServer(dataDir);
  try {
    const healthTimes = async (until: () => boolean) => {
      const times: number[] = [];
      while (!until()) {
        const started = performance.now();
        const response = await fetch(`${origin}/healthz`);
        await response.text();
        times.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return times;
    };
    const eventLoopDelay = async () => {
      const text = await (
        await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
      ).text();
      const stat = (name: string) =>
        Number(
          text.match(new RegExp(`wheelmeet_event_loop_delay_seconds\\{stat="${name}"\\} (\\S+)`))?.[1] ?? NaN,
        );
      return { p99: stat('p99') * 1000, max: stat('max') * 1000 };
    };

    const idleEnds = Date.now() + 3_000;
    const idle = await healthTimes(() => Date.now() > idleEnds);
    const idleLoop = await eventLoopDelay();

    let loadOutput = '';
    let loadDone = false;
    const load = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url), 'load', origin, wheelId],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    load.stdout?.on('data', (chunk) => {
      loadOutput += chunk;
    });
    const loadExit = new Promise<void>((resolve) =>
      load.once('exit', () => {
        loadDone = true;
        resolve();
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const busy = await healthTimes(() => loadDone);
    const busyLoop = await eventLoopDelay();
    await loadExit;

    const row = (name: string, times: number[], loop: { p99: number; max: number }) =>
      `| ${name} | ${times.length} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 99).toFixed(1)} | ${Math.max(...times).toFixed(1)} | ${loop.p99.toFixed(1)} | ${loop.max.toFixed(1)} |`;
    process.stdout.write(
      [
        `/healthz while ${CLIENTS} hub clients ask for snapshots as fast as they are answered (${LOAD_SECONDS} s)`,
        `load average ${loadavg()
          .map((value) => value.toFixed(2))
          .join(' ')}; Node ${process.version}`,
        '',
        '| | /healthz requests | p50 ms | p99 ms | max ms | event-loop delay p99 ms | event-loop delay max ms |',
        '|---|---|---|---|---|---|---|',
        row('idle', idle, idleLoop),
        row('under hub load', busy, busyLoop),
        '',
        `p99 ratio (under load / idle): ${(percentile(busy, 99) / percentile(idle, 99)).toFixed(1)}x`,
        `hub answers during the load: ${loadOutput.trim()}`,
        '',
      ].join('\n'),
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
