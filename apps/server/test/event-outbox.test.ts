import type { DemoRequestView } from '@wheelmeet/contracts';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createDomainEvents } from '../src/events/domain-events';
import { cryptoRandom } from '../src/lib/random';
import {
  createEventOutbox,
  DELIVERY_GRACE_MS,
  type EventOutbox,
  leaseAfter,
  MAX_EVENT_ATTEMPTS,
} from '../src/modules/event-outbox/event-outbox';
import { eventOutboxJob } from '../src/modules/event-outbox/event-outbox.job';
import {
  createEventOutboxRepository,
  insertOutboxEvent,
} from '../src/modules/event-outbox/event-outbox.repository';
import { createJobQueue } from '../src/modules/jobs/job-queue';
import { describeEachDialect } from './support/each-dialect';
import { ManualClock } from './support/manual-clock';
import { startTestApp, type TestApp } from './support/test-app';

const request = (n: number): DemoRequestView => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  companyName: `Company ${n}`,
  contactPerson: 'Grace Hopper',
  email: 'grace@compilers.test',
  phoneNumber: null,
  requestDate: '2026-11-22T10:00:00.000Z',
});

/*
 * Each outbox here stands for one server process over the shared database: its own domain
 * events and listeners, the same tables. A process that "stopped after the commit" is one that
 * wrote the event in its transaction and never delivered it.
 */
describeEachDialect('event outbox (decision 026)', (dialect) => {
  let t: TestApp;
  let clock: ManualClock;

  beforeAll(async () => {
    t = await startTestApp(dialect);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    clock = new ManualClock();
    await t.database.db.deleteFrom('event_outbox').execute();
  });

  /** A process whose listener records what it hears; `failing` makes the listener throw. */
  function serverProcess(options: { failing?: () => boolean } = {}) {
    const heard: DemoRequestView[] = [];
    const events = createDomainEvents(() => {});
    events.subscribe('demoRequested', (view) => {
      if (options.failing?.()) throw new Error('the database blinked');
      heard.push(view);
    });
    const repository = createEventOutboxRepository(t.database.db);
    const log = pino({ level: 'silent' });
    const outbox = createEventOutbox({ outbox: repository, events, clock, random: cryptoRandom, log });
    const job = createJobQueue(eventOutboxJob({ outbox: repository, events, log }), { clock, log });
    /** One pass of this process's jobs loop over the outbox: how many events it published. */
    const sweep = async () => (await job.runDue()).done;
    return { outbox, sweep, heard };
  }

  /** Commits the event as a change's transaction does, and stops there. */
  async function leftBehind(outbox: EventOutbox, view: DemoRequestView) {
    const entry = outbox.entry('demoRequested', view);
    await t.database.db.transaction().execute((trx) => insertOutboxEvent(trx, entry));
    return entry;
  }

  const rows = () => t.database.db.selectFrom('event_outbox').selectAll().execute();

  it('publishes and forgets an event delivered after its commit', async () => {
    const { outbox, heard } = serverProcess();
    await outbox.deliver(await leftBehind(outbox, request(1)));
    expect(heard).toEqual([request(1)]);
    expect(await rows()).toEqual([]);
  });

  it('keeps no event of a transaction that rolled back', async () => {
    const { outbox } = serverProcess();
    const entry = outbox.entry('demoRequested', request(1));
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await insertOutboxEvent(trx, entry);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rows()).toEqual([]);
  });

  it('events a stopped process left behind are published once, by one of two processes sweeping at once', async () => {
    const stopped = serverProcess();
    const left = Array.from({ length: 50 }, (_, n) => request(n + 1));
    for (const view of left) await leftBehind(stopped.outbox, view);
    const [one, two] = [serverProcess(), serverProcess()];

    // The process that raised them may still be publishing: nobody else takes them yet.
    expect(await Promise.all([one.sweep(), two.sweep()])).toEqual([0, 0]);
    clock.advance(DELIVERY_GRACE_MS);
    const published = await Promise.all([one.sweep(), two.sweep()]);

    expect(published[0] + published[1]).toBe(50);
    const heard = [...one.heard, ...two.heard].sort((a, b) => a.id.localeCompare(b.id));
    expect(heard).toEqual(left);
    expect(stopped.heard).toEqual([]);
    expect(await rows()).toEqual([]);
  });

  it('a listener that fails leaves the event to the sweep, which tries again ever more rarely, then drops it', async () => {
    let failures = 2;
    const { outbox, sweep, heard } = serverProcess({ failing: () => failures-- > 0 });
    await outbox.deliver(await leftBehind(outbox, request(1)));
    expect(await rows()).toHaveLength(1);

    clock.advance(DELIVERY_GRACE_MS);
    expect(await sweep()).toBe(0); // the second failure
    expect(await sweep()).toBe(0); // not due again before its lease ends
    clock.advance(leaseAfter(1));
    expect(await sweep()).toBe(1);
    expect(heard).toEqual([request(1)]);
    expect(await rows()).toEqual([]);

    const broken = serverProcess({ failing: () => true });
    await leftBehind(broken.outbox, request(2));
    clock.advance(DELIVERY_GRACE_MS);
    for (let attempt = 1; attempt <= MAX_EVENT_ATTEMPTS; attempt += 1) {
      expect(await rows()).toHaveLength(1);
      await broken.sweep();
      clock.advance(leaseAfter(attempt));
    }
    expect(await rows()).toEqual([]);
  });
});
