/**
 * One tick of the round ticker against a long event's history (issue 37). Five times a second
 * each process asks the database for the wheels due to spin, reveal or reset, closes the matches
 * whose answer time is up, and lists the calls past their end. Those questions are about what is
 * open now, so their cost should not grow with the rounds already held.
 *
 *   npm run bench:ticker -w @wheelmeet/bench
 *
 * For each history size (BENCH_HISTORY, past matches: 0,20000,200000) a fresh SQLite database
 * is migrated and seeded by the app's own code, then filled with that many closed matches and
 * ended calls over rounds of 500 pairs, plus 250 pending matches not due yet, through a bare
 * better-sqlite3 connection. The app's repositories then run BENCH_TICKS (500) ticks; the figure
 * is this process's CPU per tick. After a warm-up round the sizes take turns over BENCH_ROUNDS
 * (5) rounds, each starting with the next size, and each figure is the median of its rounds. The baseline is the same tick on the database without
 * history, in the same run: the ratio is what the history costs.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MATCH_CALL_START_WINDOW_MS } from '@wheelmeet/contracts';
import SqliteDatabase from 'better-sqlite3';
import { prepareDatabase } from '../apps/server/src/bootstrap';
import { loadConfig } from '../apps/server/src/config';
import { SQLITE_FILE_NAME } from '../apps/server/src/db/database';
import { systemClock } from '../apps/server/src/lib/clock';
import { cryptoRandom } from '../apps/server/src/lib/random';
import { createCallsRepository } from '../apps/server/src/modules/calls/calls.repository';
import { createMatchesRepository } from '../apps/server/src/modules/matches/matches.repository';
import { dueCutoffs } from '../apps/server/src/modules/rounds/round-timing';
import { createRoundsRepository } from '../apps/server/src/modules/rounds/rounds.repository';
import { loadAverage, median } from './report';

const HISTORY = (process.env.BENCH_HISTORY ?? '0,20000,200000').split(',').map(Number);
const TICKS = Number(process.env.BENCH_TICKS ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PAIRS_PER_ROUND = 500;
const OPEN_MATCHES = 250;

/**
 * Past matches on the demo wheel: one in three held a call that ended, one in six was declined,
 * the rest went unanswered and were closed. Only the last have `closed_at` set.
 */
function fillHistory(file: string, pastMatches: number) {
  const db = new SqliteDatabase(file);
  const wheelId = (db.prepare('select id from wheels limit 1').get() as { id: string }).id;
  const longAgo = '2026-01-01T10:00:00.000Z';
  const later = new Date(Date.now() + 3_600_000).toISOString();
  const addPerson = db.prepare(
    `insert into participants (id, wheel_id, session_id, username, age, gender, registration_data, created_at)
     values (?, ?, ?, ?, 30, 'other', '{}', ?)`,
  );
  const addMatch = db.prepare(
    `insert into matches (id, wheel_id, round, user1_id, user2_id, status, created_at, answer_by,
       closed_at, close_reason, call_started_at, call_ended_at, call_ends_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    const people = Array.from({ length: 2 * PAIRS_PER_ROUND }, (_, index) => {
      const id = randomUUID();
      addPerson.run(id, wheelId, randomUUID(), `Person ${index}`, longAgo);
      return id;
    });
    const match = (index: number, round: number, open: boolean) => {
      const pair = index % PAIRS_PER_ROUND;
      const called = !open && index % 3 === 0;
      const declined = !open && index % 6 === 1;
      const unanswered = !open && !called && !declined;
      addMatch.run(
        randomUUID(),
        wheelId,
        round,
        people[2 * pair],
        people[2 * pair + 1],
        called ? 'Accepted' : declined ? 'Rejected' : 'Pending',
        longAgo,
        open ? later : longAgo,
        unanswered ? longAgo : null,
        unanswered ? 'unanswered' : null,
        called ? longAgo : null,
        called ? longAgo : null,
        called ? longAgo : null,
      );
    };
    for (let index = 0; index < pastMatches; index += 1)
      match(index, 1 + Math.floor(index / PAIRS_PER_ROUND), false);
    const currentRound = 2 + Math.floor(pastMatches / PAIRS_PER_ROUND);
    for (let index = 0; index < OPEN_MATCHES; index += 1) match(index, currentRound, true);
  })();
  db.close();
}

/** A migrated, seeded database holding `pastMatches`, and one tick of the ticker on it. */
async function prepare(pastMatches: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wheelmeet-bench-ticker-'));
  const { database } = await prepareDatabase(
    loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench-password' }),
    { clock: systemClock, random: cryptoRandom },
  );
  fillHistory(path.join(dataDir, SQLITE_FILE_NAME), pastMatches);
  const rounds = createRoundsRepository(database.db);
  const matches = createMatchesRepository(database.db);
  const calls = createCallsRepository(database.db);
  const tick = async () => {
    const now = new Date();
    await rounds.listDue(dueCutoffs(now));
    const callStartBy = new Date(now.getTime() - MATCH_CALL_START_WINDOW_MS).toISOString();
    await matches.closeDue(now.toISOString(), callStartBy);
    await calls.listTimeUp(now.toISOString());
  };
  const close = async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { pastMatches, tick, close, perTick: [] as number[] };
}

/** CPU microseconds per tick, over TICKS ticks. */
async function measure(tick: () => Promise<void>): Promise<number> {
  const before = process.cpuUsage();
  for (let index = 0; index < TICKS; index += 1) await tick();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / TICKS;
}

const print = (line: string) => process.stdout.write(`${line}\n`);
print(
  `Ticker against history: ${ROUNDS} rounds of ${TICKS} ticks per size, alternating; Node ${process.version}; load average ${loadAverage()}`,
);
const sizes = [];
for (const pastMatches of HISTORY) sizes.push(await prepare(pastMatches));
try {
  // A first round warms the process up and is not counted; then the sizes take turns, each
  // round starting with the next, so that a process still getting faster favours none of them.
  for (const size of sizes) await measure(size.tick);
  for (let round = 0; round < ROUNDS; round += 1)
    for (const [index] of sizes.entries()) {
      const size = sizes[(round + index) % sizes.length];
      size?.perTick.push(await measure(size.tick));
    }
} finally {
  for (const size of sizes) await size.close();
}
const baseline = median(sizes.find((size) => size.pastMatches === 0)?.perTick ?? []);
print('\n| past matches | CPU per tick µs, each round | median | against no history |\n|---|---|---|---|');
for (const { pastMatches, perTick } of sizes)
  print(
    `| ${pastMatches} | ${perTick.map((value) => value.toFixed(0)).join(', ')} | ${median(perTick).toFixed(0)} | ${(median(perTick) / baseline).toFixed(2)}× |`,
  );
print(`\nload average at end ${loadAverage()}`);
