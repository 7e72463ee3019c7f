/**
 * Participant registrations (POST /api/users/anonymous, issue 14) against the floor the
 * database sets: a bare better-sqlite3 loop inserting the same rows into the same schema with
 * the same durability (WAL, synchronous=FULL, foreign keys on), in the same run.
 *
 *   npm run bench:registrations -w @wheelmeet/bench
 *
 * The app runs as its own process (as `npm start` runs it) on a fresh SQLite database;
 * autocannon sends registrations for the demo wheel from this process over loopback with
 * BENCH_CONNECTIONS (10) connections, each with a new session id. The bare loop runs in this
 * process while the app is idle. BENCH_ROUNDS (3) rounds of BENCH_DURATION (5) seconds each,
 * alternating; the ratio is the median of the rounds' ratios. BENCH_CPU_PROF=<dir> writes the
 * app's V8 CPU profile there (bench/cpu-profile-top.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import SqliteDatabase from 'better-sqlite3';
import { prepareDatabase } from '../apps/server/src/bootstrap';
import { loadConfig } from '../apps/server/src/config';
import { SQLITE_FILE_NAME } from '../apps/server/src/db/database';
import { systemClock } from '../apps/server/src/lib/clock';
import { cryptoRandom } from '../apps/server/src/lib/random';
import { loadAverage, median } from './report';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server');
const ANSWERS = { age: 30, gender: 'other' };

function startApp(dataDir: string): Promise<{ child: ChildProcess; origin: string; wheelId: string }> {
  const profileDir = process.env.BENCH_CPU_PROF;
  const child = spawn(
    process.execPath,
    [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), '--import', 'tsx', 'src/main.ts'],
    {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: dataDir,
        WEB_DIST_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ADMIN_PASSWORD: 'bench-password',
        PARTICIPANT_REGISTRATION_LIMIT: '100000',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      const origin = output.match(/running at (http:\/\/\S+)/)?.[1];
      const wheelId = output.match(/Demo wheel: +\S+\/wheel\/(\S+)/)?.[1];
      if (origin && wheelId) resolve({ child, origin, wheelId });
    });
    child.once('exit', (code) => reject(new Error(`the app exited (${code}) before it was ready`)));
  });
}

/** Registrations the app answered 201 per second, over DURATION seconds. */
async function measureApp(origin: string, wheelId: string) {
  const result = await autocannon({
    url: `${origin}/api/users/anonymous`,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({ wheelId, sessionId: randomUUID(), registrationData: ANSWERS }),
        }),
      },
    ],
  });
  if (result.non2xx > 0) throw new Error(`the app refused ${result.non2xx} registrations`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/** Rows the bare loop inserted per second: the participant row the app writes, one autocommit each. */
function measureBare(file: SqliteDatabase.Database, wheelId: string) {
  const insert = file.prepare(
    'insert into participants (id, wheel_id, session_id, username, age, gender, short_bio, who_am_i, interests, registration_data, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const until = Date.now() + DURATION * 1000;
  let rows = 0;
  const started = performance.now();
  while (Date.now() < until) {
    insert.run(
      randomUUID(),
      wheelId,
      randomUUID(),
      null,
      30,
      'other',
      null,
      null,
      null,
      JSON.stringify(ANSWERS),
      new Date().toISOString(),
    );
    rows += 1;
  }
  return { rps: (rows * 1000) / (performance.now() - started) };
}

async function main() {
  const loadAtStart = loadAverage();
  const appDir = mkdtempSync(path.join(tmpdir(), 'wheelmeet-bench-registrations-'));
  const bareDir = mkdtempSync(path.join(tmpdir(), 'wheelmeet-bench-registrations-bare-'));
  let app: ChildProcess | undefined;
  try {
    // The baseline's database: the app's own schema and demo wheel, then plain better-sqlite3.
    const prepared = await prepareDatabase(
      loadConfig({ DATA_DIR: bareDir, ADMIN_PASSWORD: 'bench-password' }),
      {
        clock: systemClock,
        random: cryptoRandom,
      },
    );
    const bareWheelId = prepared.seedReport.demoWheelId;
    await prepared.database.close();
    const file = new SqliteDatabase(path.join(bareDir, SQLITE_FILE_NAME));
    file.pragma('journal_mode = WAL');
    file.pragma('synchronous = FULL');
    file.pragma('foreign_keys = ON');

    const started = await startApp(appDir);
    app = started.child;
    await measureApp(started.origin, started.wheelId); // warm-up
    const ratios: number[] = [];
    const appRates: number[] = [];
    const bareRates: number[] = [];
    const p99s: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const bare = measureBare(file, bareWheelId ?? '');
      const measured = await measureApp(started.origin, started.wheelId);
      bareRates.push(bare.rps);
      appRates.push(measured.rps);
      p99s.push(measured.p99);
      ratios.push(measured.rps / bare.rps);
    }
    file.close();
    process.stdout.write(
      [
        '',
        `Registrations on SQLite (WAL, synchronous=FULL): ${ROUNDS} rounds of ${DURATION} s, app over HTTP with ${CONNECTIONS} connections; medians`,
        `load average (1, 5, 15 min): ${loadAtStart} at the start, ${loadAverage()} at the end`,
        '',
        '| | per second | p99 |',
        '|---|---|---|',
        `| bare better-sqlite3 insert loop | ${Math.round(median(bareRates))} | - |`,
        `| POST /api/users/anonymous | ${Math.round(median(appRates))} | ${median(p99s)} ms |`,
        `| app / bare | **${median(ratios).toFixed(2)}×** | |`,
        '',
      ].join('\n'),
    );
  } finally {
    if (app && app.exitCode === null) {
      const exited = new Promise((resolve) => app?.once('exit', resolve));
      app.kill('SIGTERM');
      await exited;
    }
    rmSync(appDir, { recursive: true, force: true });
    rmSync(bareDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
