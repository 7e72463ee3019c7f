/**
 * The hub under a whole event's load (issue 14): N participants on N/100 wheels of 100 slots,
 * whole rounds (take a seat, spin, accept the match, take a seat again), against a bare
 * Socket.IO server with the same event pattern (bench/hub-load-bare.ts) in the same run.
 *
 *   npm run bench:hub -- --n 1000,5000,10000
 *
 * Options: --n (participants, multiples of 100; default 1000), --rounds (2), --workers (load
 * processes, 2), --targets (bare,app), --round-seconds (10), --clients (batched | spec: the web
 * app's clients, which ask for one SlotsChanged per wheel and tick, or clients that do not ask
 * and get the spec's SlotTaken per seat; the baseline answers each as the app does; both, e.g.
 * `batched,spec`, runs every target with each), --processes (1;
 * e.g. 1,2 runs the app on one process, then on two sharing one database and one Redis: needs
 * BENCH_DATABASE_URL and BENCH_REDIS_URL; each wheel's people are spread over the processes, as a
 * load balancer without sticky sessions would spread them), --webhooks (the app's wheels belong
 * to one organiser whose webhook wants every event, answered by a receiver in this process on
 * loopback: what recording and sending them costs; the rows say how many arrived), --repeat (1; e.g. 3 runs every target
 * three times at each N, in turn, and a target holds N when it held in most of its runs: on a
 * shared 2-core machine one run's p99 moves by a hundred ms or more from one run to the next).
 * BENCH_DATABASE_URL runs the app on PostgreSQL (a database of its own, dropped after);
 * BENCH_CPU_PROF=<dir> writes the app server's V8 CPU profile there (bench/cpu-profile-top.ts).
 * BENCH_PERF=<dir> samples every server process, the bare ones too, on the CPU during the rounds
 * with Linux `perf record` and writes one file per target and run there (bench/perf-top.ts). A V8
 * profile counts a blocking call's wait as busy time (a synchronous commit's fsync); these do not.
 * BENCH_STATEMENTS=<dir> counts the SQL statements each server process runs during the rounds,
 * by statement (bench/statement-counter.mjs; SQLite only), prints the total per person and round
 * and leaves one `statements-<pid>.tsv` per process there.
 * Target `bare-durable` is the bare server writing what the app makes durable to plain
 * better-sqlite3 before it answers (bench/hub-load-bare.ts): the app against it is its own code's
 * cost, bare-durable against bare is durability's.
 * Target `before` runs the app from another copy of apps/server, BENCH_BEFORE_DIR, e.g. an older
 * commit's (`git archive <commit> apps/server | tar -x -C .bench-before`, then
 * BENCH_BEFORE_DIR=.bench-before/apps/server --targets bare,before,app), for a before/after in one run.
 * BENCH_APP_DIR likewise runs target `app` from a copy (by default this checkout's apps/server), so
 * a long run measures one commit while the working tree goes on changing. Each app runs as
 * `npm start` runs it, built (bench/production-server.ts; BENCH_NO_BUILD=1 runs the dist/main.js there).
 *
 * For each N and target: a fresh server process (the app with a fresh database holding the
 * wheels, or the bare server), then `--workers` load processes (bench/hub-load-worker.ts) that
 * register the people over HTTP (app only), connect and join, and play the rounds. Everything
 * talks over loopback; every process started is ended, and each run is bounded by a deadline.
 * The machine has two cores: the load processes need CPU too, and take it from the server
 * under test, for the app and for the baseline alike (their CPU is printed beside the server's).
 * So that they stand in for browsers, each with a CPU of its own, a load process parses each
 * broadcast's text once for all the people it plays, not once per person.
 *
 * A target "holds" N when nothing failed (no error, no timeout, no dropped connection, every
 * person finished their rounds), every spin started within 250 ms of its announced time, and
 * TakeSlot and AcceptMatch answered within 250 ms at the 99th percentile.
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { createClient } from 'redis';
import type { Database } from '../apps/server/src/db/schema';

import type { ClientKind, WorkerResult, WorkerSetup } from './hub-load-worker';
import { createPostgresDatabase } from './postgres-database';
import { buildServer, builtServerArgs, bundledForNode, listeningOrigin } from './production-server';
import { loadAverage } from './report';

const { values: options } = parseArgs({
  options: {
    n: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '2' },
    workers: { type: 'string', default: '2' },
    targets: { type: 'string', default: 'bare,app' },
    'round-seconds': { type: 'string', default: '10' },
    clients: { type: 'string', default: 'batched' },
    processes: { type: 'string', default: '1' },
    repeat: { type: 'string', default: '1' },
    webhooks: { type: 'boolean', default: false },
  },
});
const SIZES = options.n.split(',').map(Number);
const ROUNDS = Number(options.rounds);
const WORKERS = Number(options.workers);
type Target = 'app' | 'bare' | 'bare-durable' | 'before';
const isBare = (target: Target) => target === 'bare' || target === 'bare-durable';
const TARGETS = options.targets.split(',') as Target[];
const ROUND_SECONDS = Number(options['round-seconds']);
const PROCESSES = options.processes.split(',').map(Number);
const REPEATS = Number(options.repeat);
const WEBHOOKS = options.webhooks;
const CLIENT_KINDS = options.clients.split(',') as ClientKind[];
const SLOTS = 100;
const GOAL_MS = 250;
const SETUP_LIMIT_MS = 10 * 60_000;
const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(process.env.BENCH_APP_DIR ?? path.join(here, '../apps/server'));
const beforeDir = path.resolve(process.env.BENCH_BEFORE_DIR ?? '');

const median = (values: number[]) => percentile(values, 50);
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

/** CPU seconds a process has used so far (user + system), from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
/**
 * Starts the process's peak resident memory afresh (Linux: `5` to clear_refs), so that the peak
 * read after the rounds is theirs: the app's registrations over HTTP before them, which the bare
 * baseline has no counterpart for, would otherwise set it.
 */
function resetPeakRss(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}
/** The process's peak resident memory in MiB since it started or since resetPeakRss, from /proc. */
function peakRssMiB(pid: number): number {
  const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmHWM:\s+(\d+) kB/);
  return Number(match?.[1] ?? 0) / 1024;
}

interface Server {
  /** One process, or (the app with --processes) several on one database and one Redis. */
  children: ChildProcess[];
  origins: string[];
  wheelIds: string[];
  close(): Promise<void>;
}

const perfDir = process.env.BENCH_PERF ? path.resolve(process.env.BENCH_PERF) : undefined;
if (perfDir) mkdirSync(perfDir, { recursive: true });
/**
 * Names JavaScript functions for `perf` (a map file in /tmp per process). The flag also turns on
 * V8's log, which would otherwise land in the server's working directory.
 */
const PERF_FLAGS = perfDir
  ? ['--perf-basic-prof', '--no-logfile-per-isolate', `--logfile=${path.join(perfDir, 'v8.log')}`]
  : [];

const statementsDir = process.env.BENCH_STATEMENTS ? path.resolve(process.env.BENCH_STATEMENTS) : undefined;
if (statementsDir) mkdirSync(statementsDir, { recursive: true });
/** Node flags of every server process, bare ones included: perf's, and the statement counter. */
const SERVER_FLAGS = [
  ...PERF_FLAGS,
  ...(statementsDir ? ['--import', pathToFileURL(path.join(here, 'statement-counter.mjs')).href] : []),
];
/** What every server process's environment carries besides its own settings. */
const SERVER_ENV = statementsDir ? { BENCH_STATEMENTS: statementsDir } : {};

/**
 * Counts the statements the server processes run until the function returned is called, which
 * answers their sum (bench/statement-counter.mjs writes them by statement, one file per process).
 */
function countStatements(children: ChildProcess[], dir: string): () => Promise<number> {
  const signal = () => {
    for (const child of children) child.kill('SIGUSR2');
  };
  signal();
  return async () => {
    const files = children.map((child) => path.join(dir, `statements-${child.pid}.tsv`));
    for (const file of files) rmSync(file, { force: true });
    signal();
    let total = 0;
    for (const file of files) {
      const written = Date.now() + 5_000;
      while (!existsSync(file) && Date.now() < written)
        await new Promise((resolve) => setTimeout(resolve, 50));
      if (!existsSync(file)) throw new Error(`BENCH_STATEMENTS: no ${file}`);
      for (const line of readFileSync(file, 'utf8').split('\n')) total += Number(line.split('\t')[0] || 0);
    }
    return total;
  };
}

/**
 * Samples the server processes on the CPU (499 Hz, call stacks) until the function returned is
 * called, into `<file>-<pid>.data`, one per process. Read one with
 * `perf script -F pid,tid,ip,sym,dso -i <file> | npx tsx bench/perf-top.ts`.
 */
function recordOnCpu(children: ChildProcess[], file: string): () => Promise<void> {
  const recordings = children.map((child) => {
    const recorder = spawn(
      'perf',
      ['record', '-F', '499', '-g', '-o', `${file}-${child.pid}.data`, '-p', String(child.pid)],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    const ended = new Promise<void>((resolve) => {
      recorder.once('exit', () => resolve());
      recorder.once('error', (error) => {
        process.stderr.write(
          `BENCH_PERF: could not run perf (${error.message}); Debian has it in linux-perf\n`,
        );
        resolve();
      });
    });
    return { recorder, ended };
  });
  return async () => {
    for (const { recorder } of recordings)
      if (recorder.pid !== undefined && recorder.exitCode === null) recorder.kill('SIGINT');
    await Promise.all(recordings.map(({ ended }) => ended));
  };
}

/** Ends a child process: SIGTERM, and SIGKILL if it has not exited 15 s later. */
async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

async function startBare(wheels: number, durable: boolean): Promise<Server> {
  const dataDir = durable ? mkdtempSync(path.join(tmpdir(), 'wheelmeet-bench-bare-')) : undefined;
  const removeData = () => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const child = fork(await bundledForNode(path.join(here, 'hub-load-bare.ts')), [], {
    // Not the bench's own flags, which `fork` passes on by default: tsx's loader would add its
    // thread and heap to the baseline's memory.
    execArgv: SERVER_FLAGS,
    env: {
      PATH: process.env.PATH ?? '',
      ...SERVER_ENV,
      BARE_WHEELS: String(wheels),
      BARE_SLOTS: String(SLOTS),
      BARE_ROUND_SECONDS: String(ROUND_SECONDS),
      ...(dataDir ? { BARE_DURABLE_DIR: dataDir } : {}),
    },
  });
  try {
    const ready = await new Promise<{ origin: string; wheelIds: string[] }>((resolve, reject) => {
      child.once('message', (message) => resolve(message as { origin: string; wheelIds: string[] }));
      child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
    });
    const close = async () => {
      await stop(child);
      removeData();
    };
    return { children: [child], origins: [ready.origin], wheelIds: ready.wheelIds, close };
  } catch (error) {
    removeData();
    throw error;
  }
}

/** With --webhooks: the organiser's receiver, on loopback, counting what arrives by event type. */
async function startWebhookReceiver() {
  const received = new Map<string, number>();
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      let type = 'unreadable';
      try {
        type = (JSON.parse(body) as { type?: string }).type ?? type;
      } catch {}
      received.set(type, (received.get(type) ?? 0) + 1);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const total = () => [...received.values()].reduce((sum, count) => sum + count, 0);
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** Resolves once nothing more has arrived for a second (deliveries are sent after the answers), or after 15 s. */
    async settled() {
      const until = Date.now() + 15_000;
      let seen = -1;
      while (seen !== total() && Date.now() < until) {
        seen = total();
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

async function startApp(
  wheels: number,
  people: number,
  appDir: string,
  processes: number,
  webhookUrl?: string,
): Promise<Server> {
  const redisUrl = process.env.BENCH_REDIS_URL;
  if (processes > 1 && !(process.env.BENCH_DATABASE_URL && redisUrl))
    throw new Error('--processes above 1 needs BENCH_DATABASE_URL and BENCH_REDIS_URL (decision 011)');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wheelmeet-bench-hub-'));
  const postgres = await createPostgresDatabase(process.env.BENCH_DATABASE_URL, 'hub');
  const redisKeyPrefix = `wheelmeet-bench-${Date.now()}`;
  const env = {
    DATA_DIR: dataDir,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: redisKeyPrefix } : {}),
    ADMIN_PASSWORD: 'bench-password',
    ...(webhookUrl ? { WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true' } : {}),
  };
  const children: ChildProcess[] = [];
  const cleanUp = async () => {
    for (const child of children) await stop(child);
    await postgres?.drop();
    if (redisUrl) await deleteRedisKeys(redisUrl, redisKeyPrefix);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // The wheels, straight into the server's fresh database before it starts, with that server's
    // own code (its migrations, its wheel rows).
    const load = <T>(module: string) => import(path.join(appDir, 'src', module)) as Promise<T>;
    const { prepareDatabase } = await load<typeof import('../apps/server/src/bootstrap')>('bootstrap.ts');
    const { loadConfig } = await load<typeof import('../apps/server/src/config')>('config.ts');
    const { systemClock } = await load<typeof import('../apps/server/src/lib/clock')>('lib/clock.ts');
    const { cryptoRandom } = await load<typeof import('../apps/server/src/lib/random')>('lib/random.ts');
    const { createWheelsRepository } = await load<
      typeof import('../apps/server/src/modules/wheels/wheels.repository')
    >('modules/wheels/wheels.repository.ts');
    const { buildNewWheel } = await load<typeof import('../apps/server/src/modules/wheels/wheels.service')>(
      'modules/wheels/wheels.service.ts',
    );
    const { database } = await prepareDatabase(loadConfig(env), { clock: systemClock, random: cryptoRandom });
    const organiser = webhookUrl ? await organiserWithWebhook(database.db, webhookUrl) : undefined;
    const wheelIds: string[] = [];
    const repository = createWheelsRepository(database.db);
    for (let index = 0; index < wheels; index += 1) {
      const { row, slotIds } = buildNewWheel(
        {
          name: `Bench wheel ${index + 1}`,
          description: 'hub-load',
          slotCount: SLOTS,
          roundSeconds: ROUND_SECONDS,
          ...(organiser ? { businessUserId: organiser } : {}),
        },
        { clock: systemClock, random: cryptoRandom },
      );
      await repository.insertWithSlots(row, slotIds);
      wheelIds.push(row.id);
    }
    await database.close();

    const origins: string[] = [];
    for (let index = 0; index < processes; index += 1) {
      const child = spawnApp(appDir, {
        ...env,
        // Every participant comes from the one loopback address of the load processes.
        HUB_CONNECTIONS_PER_ADDRESS: String(people + 100),
        HUB_CALLS_PER_ADDRESS: String(people * 100),
        PARTICIPANT_REGISTRATION_LIMIT: String(Math.min(100_000, people * 2)),
      });
      children.push(child);
      origins.push(await listeningOrigin(child));
    }
    return { children, origins, wheelIds, close: cleanUp };
  } catch (error) {
    // It did not start: end what was started, leave nothing behind.
    await cleanUp();
    throw error;
  }
}

function spawnApp(appDir: string, env: Record<string, string>): ChildProcess {
  const profileDir = process.env.BENCH_CPU_PROF;
  return spawn(process.execPath, [...SERVER_FLAGS, ...builtServerArgs(appDir, profileDir)], {
    cwd: appDir,
    env: {
      PATH: process.env.PATH ?? '',
      ...SERVER_ENV,
      ...env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: env.DATA_DIR,
      JWT_SECRET: 'bench-secret-that-is-at-least-32-characters',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

async function deleteRedisKeys(url: string, prefix: string) {
  const redis = createClient({ url });
  await redis.connect();
  try {
    for await (const keys of redis.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 }))
      if (keys.length > 0) await redis.del(keys);
  } finally {
    await redis.quit();
  }
}

interface Measurement {
  target: Target;
  clients: ClientKind;
  people: number;
  result: Omit<WorkerResult, 'type'>;
  seconds: number;
  /** CPU seconds the server used for the rounds: what the work costs, however busy the machine is. */
  serverCpuSeconds: number;
  serverCpuPercent: number;
  generatorCpuPercent: number;
  /** Server processes: 1, or the app's --processes. */
  processes: number;
  peakRssMiB: number;
  loadAverage: string;
  /** With --webhooks, the app's: how many arrived of those expected. */
  webhooks: string | undefined;
}

/** An organiser (written straight to the database) whose webhook wants every event; their id. */
async function organiserWithWebhook(db: Kysely<Database>, url: string): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto('business_users')
    .values({
      id,
      first_name: 'Bench',
      last_name: 'Organiser',
      email: `bench-${id}@example.com`,
      company_name: 'Bench Events',
      phone_number: null,
      plan_id: 'professional',
      password_hash: 'scrypt$not-a-real-hash',
      is_active: true,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('webhooks')
    .values({
      id: randomUUID(),
      business_user_id: id,
      url,
      events: JSON.stringify(['round.completed', 'match.accepted', 'connection.made']),
      secret: 'whsec_bench',
      created_at: now,
    })
    .execute();
  return id;
}

/** One target at one size: a fresh server, the load processes, whole rounds; always ends what it started. */
async function measure(
  target: Target,
  clients: ClientKind,
  people: number,
  processes: number,
): Promise<Measurement> {
  const wheels = people / SLOTS;
  const receiver = WEBHOOKS && !isBare(target) ? await startWebhookReceiver() : undefined;
  let server: Server;
  try {
    server = isBare(target)
      ? await startBare(wheels, target === 'bare-durable')
      : await startApp(wheels, people, target === 'app' ? serverDir : beforeDir, processes, receiver?.url);
  } catch (error) {
    await receiver?.close();
    throw error;
  }
  const workers: ChildProcess[] = [];
  try {
    const shares: WorkerSetup['people'][] = Array.from({ length: WORKERS }, () => []);
    server.wheelIds.forEach((wheelId, index) => {
      for (let position = 0; position < SLOTS; position += 1)
        shares[index % WORKERS]?.push({ wheelId, position });
    });
    const results: WorkerResult[] = [];
    const ready: Array<Promise<void>> = [];
    const finished: Array<Promise<void>> = [];
    for (const share of shares) {
      const worker = fork(path.join(here, 'hub-load-worker.ts'), [], { execArgv: ['--import', 'tsx'] });
      workers.push(worker);
      ready.push(
        new Promise((resolve, reject) => {
          worker.once('message', () => resolve());
          worker.once('exit', (code) =>
            reject(new Error(`a load process exited (${code}) while setting up`)),
          );
        }),
      );
      finished.push(
        new Promise((resolve, reject) => {
          worker.on('message', (message: { type: string }) => {
            if (message.type === 'result') {
              results.push(message as WorkerResult);
              resolve();
            }
          });
          worker.once('exit', () => reject(new Error('a load process exited without its result')));
        }),
      );
      worker.send({
        type: 'setup',
        target: isBare(target) ? 'bare' : 'app',
        origins: server.origins,
        people: share,
        rounds: ROUNDS,
        clients,
      } satisfies WorkerSetup);
    }
    // A load process that dies early fails the run through `ready`; this keeps that from also
    // being an unhandled rejection before anyone awaits `finished`.
    for (const result of finished) result.catch(() => {});
    let setupTimer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(ready),
      new Promise((_, reject) => {
        setupTimer = setTimeout(() => reject(new Error('setting up took too long')), SETUP_LIMIT_MS);
      }),
    ]);
    clearTimeout(setupTimer);

    // Rounds: the first opens now, each lasts the countdown + 4 s spin + 8 s reveal.
    const serverCpuSeconds = () =>
      server.children.reduce((sum, child) => sum + cpuSeconds(child.pid ?? 0), 0);
    const cpuBefore = serverCpuSeconds();
    for (const child of server.children) resetPeakRss(child.pid ?? 0);
    const stopRecording = perfDir
      ? recordOnCpu(server.children, path.join(perfDir, `${target}-${people}-${Date.now()}`))
      : undefined;
    const stopCounting = statementsDir ? countStatements(server.children, statementsDir) : undefined;
    const started = Date.now();
    const deadline = started + ROUNDS * (ROUND_SECONDS + 12) * 1000 + 20_000;
    for (const worker of workers) worker.send({ type: 'go', deadline });
    await Promise.all(finished);
    const seconds = (Date.now() - started) / 1000;
    const serverCpu = serverCpuSeconds() - cpuBefore;
    await stopRecording?.();
    if (stopCounting) {
      const statements = await stopCounting();
      // On stderr: stdout holds the results table.
      process.stderr.write(
        `${target} at ${people}: ${statements} statements in the rounds, ${(statements / people / ROUNDS).toFixed(1)} per person and round (${statementsDir})\n`,
      );
    }
    const merged: Omit<WorkerResult, 'type'> = {
      take: results.flatMap((r) => r.take),
      accept: results.flatMap((r) => r.accept),
      spinLateness: results.flatMap((r) => r.spinLateness),
      spinArrival: results.flatMap((r) => r.spinArrival),
      errors: {},
      disconnects: results.reduce((sum, r) => sum + r.disconnects, 0),
      unfinished: results.reduce((sum, r) => sum + r.unfinished, 0),
      cpuMs: results.reduce((sum, r) => sum + r.cpuMs, 0),
      receivedBytes: results.reduce((sum, r) => sum + r.receivedBytes, 0),
      received: {},
    };
    for (const r of results) {
      for (const [what, count] of Object.entries(r.errors))
        merged.errors[what] = (merged.errors[what] ?? 0) + count;
      for (const [event, count] of Object.entries(r.received))
        merged.received[event] = (merged.received[event] ?? 0) + count;
    }
    await receiver?.settled();
    return {
      target,
      clients,
      people,
      result: merged,
      seconds,
      serverCpuSeconds: serverCpu,
      serverCpuPercent: (100 * serverCpu) / seconds,
      generatorCpuPercent: merged.cpuMs / 10 / seconds,
      processes: server.children.length,
      peakRssMiB: server.children.reduce((sum, child) => sum + peakRssMiB(child.pid ?? 0), 0),
      loadAverage: loadAverage(),
      webhooks: receiver && webhooksReceived(receiver, wheels, merged.accept.length),
    };
  } finally {
    for (const worker of workers) await stop(worker);
    await server.close();
    await receiver?.close();
  }
}

/** What arrived against what the rounds raised: one per wheel and round, one per match both accepted. */
function webhooksReceived(receiver: WebhookReceiver, wheels: number, accepts: number): string {
  const count = (type: string) => receiver.received.get(type) ?? 0;
  return `rounds ${count('round.completed')} of ${wheels * ROUNDS}, matches ${count('match.accepted')} of ${Math.floor(accepts / 2)}`;
}

const errorCount = (m: Measurement) =>
  Object.values(m.result.errors).reduce((sum, count) => sum + count, 0) +
  m.result.disconnects +
  m.result.unfinished;
const holds = (m: Measurement) =>
  errorCount(m) === 0 &&
  Math.max(...m.result.spinLateness) <= GOAL_MS &&
  percentile(m.result.take, 99) <= GOAL_MS &&
  percentile(m.result.accept, 99) <= GOAL_MS;

function report(m: Measurement) {
  const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : '-');
  const calls = (values: number[]) =>
    `${ms(percentile(values, 50))} / ${ms(percentile(values, 95))} / ${ms(percentile(values, 99))}`;
  const errors = Object.entries(m.result.errors)
    .map(([what, count]) => `${what} ×${count}`)
    .join(', ');
  process.stdout.write(
    `| ${labelOf(m)} | ${m.people} | ${calls(m.result.take)} | ${calls(m.result.accept)} | ${ms(percentile(m.result.spinLateness, 50))} / ${ms(Math.max(...m.result.spinLateness))} | ${ms(percentile(m.result.spinArrival, 99))} | ${errorCount(m)}${errors ? ` (${errors})` : ''} | ${m.result.disconnects} | ${m.result.unfinished} | ${m.serverCpuSeconds.toFixed(1)} s (${m.serverCpuPercent.toFixed(0)} %) | ${m.peakRssMiB.toFixed(0)} | ${m.generatorCpuPercent.toFixed(0)} % | ${(m.result.receivedBytes / m.people / ROUNDS / 1024).toFixed(0)} | ${pushesPerPersonAndRound(m)} | ${holds(m) ? 'yes' : 'no'} | ${m.loadAverage} |${WEBHOOKS ? ` ${m.webhooks ?? '-'} |` : ''}\n`,
  );
}

/**
 * The pushes each person received per round, by event: the app and the baseline must send the
 * same ones to the same kind of client, or the comparison measures different work.
 */
const pushesPerPersonAndRound = (m: Measurement) =>
  Object.entries(m.result.received)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([event, count]) => `${event} ${(count / m.people / ROUNDS).toFixed(1)}`)
    .join(', ');

/** What a row measured: the target, for the app on several processes how many, and the clients if several kinds run. */
const labelOf = (m: Pick<Measurement, 'target' | 'processes' | 'clients'>) =>
  `${m.processes > 1 ? `${m.target} ×${m.processes}` : m.target}${CLIENT_KINDS.length > 1 ? ` (${m.clients})` : ''}`;
const bareLabelFor = (clients: ClientKind) => labelOf({ target: 'bare', processes: 1, clients });

/** Refuses an option unless each of its values is a whole multiple of `step`, at least `step`. */
function requireMultiples(option: string, values: number[], step: number, what = `multiples of ${step}`) {
  if (values.some((value) => !Number.isInteger(value / step) || value <= 0))
    throw new Error(`--${option} takes ${what}`);
}

async function main() {
  requireMultiples('n', SIZES, SLOTS);
  requireMultiples('repeat', [REPEATS], 1, 'a whole number of 1 or more');
  if (TARGETS.includes('app')) buildServer(serverDir);
  if (TARGETS.includes('before')) buildServer(beforeDir);
  process.stdout.write(
    `Hub under load: ${ROUNDS} rounds of ${ROUND_SECONDS} s on wheels of ${SLOTS}, ${WORKERS} load processes, clients ${CLIENT_KINDS.join(' and ')}, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}${process.env.BENCH_REDIS_URL ? ' + Redis' : ''}; Node ${process.version}; load average at start ${loadAverage()}\n\n`,
  );
  process.stdout.write(
    `| target | N | TakeSlot p50/p95/p99 ms | AcceptMatch p50/p95/p99 ms | spin late p50/max ms | spin arrival p99 ms | errors | dropped | unfinished | server CPU for the rounds | server peak RSS in the rounds MiB | load processes CPU | KiB received per person per round | pushes per person and round | holds | load avg |${WEBHOOKS ? ' webhooks received |' : ''}\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|${WEBHOOKS ? '---|' : ''}\n`,
  );
  const runs = CLIENT_KINDS.flatMap((clients) =>
    TARGETS.flatMap(
      (target): Array<{ target: Target; processes: number; clients: ClientKind }> =>
        isBare(target)
          ? [{ target, processes: 1, clients }]
          : PROCESSES.map((processes) => ({ target, processes, clients })),
    ),
  );
  const held = new Map<string, number>(runs.map((run) => [labelOf(run), 0]));
  const cpuRatios: string[] = [];
  const summary: string[] = [];
  for (const people of SIZES) {
    const measured = new Map<string, Measurement[]>(runs.map((run) => [labelOf(run), []]));
    // In turn, so that a quieter or busier minute of the machine falls on every target.
    for (let repeat = 0; repeat < REPEATS; repeat += 1) {
      for (const run of runs) {
        const measurement = await measure(run.target, run.clients, people, run.processes);
        report(measurement);
        measured.get(labelOf(run))?.push(measurement);
      }
    }
    const cpu = new Map<string, number>();
    const rss = new Map<string, number>();
    for (const [label, measurements] of measured) {
      rss.set(label, median(measurements.map((m) => m.peakRssMiB)));
      const heldIn = measurements.filter(holds).length;
      if (2 * heldIn > measurements.length) held.set(label, Math.max(held.get(label) ?? 0, people));
      cpu.set(label, median(measurements.map((m) => m.serverCpuSeconds)));
      const p99 = (calls: (m: Measurement) => number[]) =>
        median(measurements.map((m) => percentile(calls(m), 99))).toFixed(0);
      summary.push(
        `| ${label} | ${people} | ${heldIn} of ${measurements.length} | ${p99((m) => m.result.take)} | ${p99((m) => m.result.accept)} | ${median(measurements.map((m) => Math.max(...m.result.spinLateness))).toFixed(0)} | ${(cpu.get(label) ?? 0).toFixed(1)} s |`,
      );
    }
    for (const run of runs) {
      if (run.target === 'bare') continue;
      const label = labelOf(run);
      const against = (baseline: Target) => {
        const base = labelOf({ target: baseline, processes: 1, clients: run.clients });
        const baseCpu = cpu.get(base);
        const baseRss = rss.get(base);
        if (!baseCpu || !baseRss) return [];
        return `CPU ${((cpu.get(label) ?? 0) / baseCpu).toFixed(2)}×, RSS ${((rss.get(label) ?? 0) / baseRss).toFixed(2)}× ${baseline}`;
      };
      const ratios = (run.target === 'bare-durable' ? ['bare' as const] : (['bare', 'bare-durable'] as const))
        .flatMap(against)
        .join(', ');
      if (ratios) cpuRatios.push(`${people} (${label}): ${ratios}`);
    }
  }
  if (REPEATS > 1)
    process.stdout.write(
      `\nMedians of ${REPEATS} runs each:\n\n| target | N | held in | TakeSlot p99 ms | AcceptMatch p99 ms | latest spin ms | server CPU |\n|---|---|---|---|---|---|---|\n${summary.join('\n')}\n`,
    );
  const largest = runs
    .filter((run) => run.target !== 'bare')
    .map((run) => {
      const people = held.get(labelOf(run)) ?? 0;
      const bare = held.get(bareLabelFor(run.clients)) ?? 0;
      return `${labelOf(run)} ${people}${bare > 0 ? ` (${(people / bare).toFixed(2)}×)` : ''}`;
    })
    .join(', ');
  const bareHeld = CLIENT_KINDS.map(
    (clients) => `${bareLabelFor(clients)} ${held.get(bareLabelFor(clients)) ?? 0}`,
  );
  process.stdout.write(
    `\nLargest N held${REPEATS > 1 ? ' (in most runs)' : ''}: ${largest}${TARGETS.includes('bare') ? `; ${bareHeld.join(', ')}` : ''}; server CPU and peak RSS (medians) against the baselines, at N = ${cpuRatios.join('; ')}; load average at end ${loadAverage()}\n`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
