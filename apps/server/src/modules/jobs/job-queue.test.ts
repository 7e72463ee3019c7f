import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createJobQueue, type JobKind } from './job-queue';

/** A table of jobs in memory: `dueAt` in ms, `attempts` made, `state` as a job kind's rows keep it. */
interface Row {
  id: string;
  attempts: number;
  dueAt: number;
  state: 'pending' | 'done' | 'failed';
  retryAt?: string | null;
}

function memoryKind(rows: Row[], fails: (row: Row) => boolean): JobKind<Row, Row> {
  return {
    name: 'memory',
    batch: 10,
    leaseMs: (attempt) => attempt * 1_000,
    retryDelayMs: (attempts) => (attempts >= 3 ? null : 10_000 * attempts),
    due: async (now) => rows.filter((row) => row.state === 'pending' && row.dueAt <= Date.parse(now)),
    // The conditional update: only while still due with the attempts the candidate was read with.
    async claim(candidate, now, leaseUntil) {
      const row = rows.find((one) => one.id === candidate.id);
      if (!row || row.attempts !== candidate.attempts || row.dueAt > Date.parse(now)) return undefined;
      row.attempts += 1;
      row.dueAt = Date.parse(leaseUntil);
      return { ...row };
    },
    async perform(job) {
      if (fails(job)) throw new Error('refused');
    },
    async succeeded(job) {
      const row = rows.find((one) => one.id === job.id) as Row;
      row.state = 'done';
    },
    async failed(job, _error, retryAt) {
      const row = rows.find((one) => one.id === job.id) as Row;
      row.retryAt = retryAt;
      if (retryAt === null) row.state = 'failed';
      else row.dueAt = Date.parse(retryAt);
    },
  };
}

const log = pino({ level: 'silent' });

describe('the jobs loop (decision 030)', () => {
  it('gives each due job to one of two processes passing at once', async () => {
    const rows: Row[] = Array.from({ length: 6 }, (_, n) => ({
      id: `job-${n}`,
      attempts: 0,
      dueAt: 0,
      state: 'pending',
    }));
    let now = 1_000;
    const clock = { now: () => new Date(now) };
    const [one, two] = [0, 1].map(() =>
      createJobQueue(
        memoryKind(rows, () => false),
        { clock, log },
      ),
    );
    const results = await Promise.all([one?.runDue(), two?.runDue()]);
    expect((results[0]?.done ?? 0) + (results[1]?.done ?? 0)).toBe(6);
    expect(rows.every((row) => row.state === 'done' && row.attempts === 1)).toBe(true);
    now += 60_000;
    expect(await one?.runDue()).toEqual({ done: 0, failed: 0 });
  });

  it('retries a failing job after its backoff and gives up after the last attempt', async () => {
    const rows: Row[] = [{ id: 'job', attempts: 0, dueAt: 0, state: 'pending' }];
    let now = 0;
    const clock = { now: () => new Date(now) };
    const queue = createJobQueue(
      memoryKind(rows, () => true),
      { clock, log },
    );
    expect(await queue.runDue()).toEqual({ done: 0, failed: 1 });
    expect(rows[0]?.retryAt).toBe(new Date(10_000).toISOString());
    now = 9_999;
    expect(await queue.runDue()).toEqual({ done: 0, failed: 0 });
    now = 10_000;
    expect(await queue.runDue()).toEqual({ done: 0, failed: 1 });
    now = 30_000;
    expect(await queue.runDue()).toEqual({ done: 0, failed: 1 });
    expect(rows[0]).toMatchObject({ state: 'failed', attempts: 3, retryAt: null });
  });

  it('attempts jobs just recorded without the caller waiting, and idle() waits for them', async () => {
    const rows: Row[] = [{ id: 'job', attempts: 0, dueAt: 0, state: 'pending' }];
    const queue = createJobQueue(
      memoryKind(rows, () => false),
      { clock: { now: () => new Date(0) }, log },
    );
    queue.start([{ ...(rows[0] as Row) }]);
    await queue.idle();
    expect(rows[0]).toMatchObject({ state: 'done', attempts: 1 });
  });
});
