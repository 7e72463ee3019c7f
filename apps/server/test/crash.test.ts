import type { ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  BusinessRegistrationResponse,
  LoginResponse,
  Match,
  OpenWheel,
  PaymentIntentResponse,
  WheelSnapshot,
} from '@wheelmeet/contracts';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../src/bootstrap';
import { SQLITE_FILE_NAME } from '../src/db/database';
import { systemClock } from '../src/lib/clock';
import { cryptoRandom } from '../src/lib/random';
import { createTestWheel } from './support/factories';
import { connectHub, dataOf, type HubClient, registerParticipant } from './support/hub-client';
import { type ServerProcess, sleep, spawnServer, waitFor } from './support/server-process';
import { settingsSendingTo, startSmtpCapture } from './support/smtp-capture';

/*
 * kill -9 of a real server process on SQLite at three moments of a round: during the
 * countdown, inside the spin transaction (after its writes, before COMMIT) and between the two
 * accepts of a match. After each crash the files are inspected as they were left (on a copy,
 * so the restarted server does its own recovery), then the real server (src/main.ts) is
 * started on the same DATA_DIR and the participants reconnect.
 */

const FIXTURE = 'test/support/crash-fixture.ts';
const MAIN = 'src/main.ts';
const CRASH_MARKER = 'crash-fixture: SIGKILL after the insert into matches, before COMMIT';

interface ListeningServer extends ServerProcess {
  url: string;
  port: number;
}

interface Person {
  userId: string;
  token: string;
  slotId: string;
  client: HubClient;
}

type Row = Record<string, unknown>;
interface DbState {
  integrity: unknown;
  wheel: Row | undefined;
  slots: Row[];
  participants: Row[];
  matches: Row[];
}

const children: ChildProcess[] = [];
const clients: HubClient[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const client of clients.splice(0)) client.close();
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** The server process (the real one, or the crash fixture) on a fresh port, once it listens. */
async function startServer(
  script: string,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ListeningServer> {
  const server = spawnServer(
    {
      DATA_DIR: dataDir,
      PORT: '0',
      // Nobody's slot is released because their connection dropped while the test reconnects.
      SLOT_RELEASE_GRACE_MS: '60000',
      ...env,
    },
    script,
  );
  const { child, stdout, stderr, exited } = server;
  children.push(child);
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const address = /(?:listening at|running at) (http:\/\/127\.0\.0\.1:(\d+))/;
  await waitFor(() => gone || address.test(stdout()), `${script} to listen`, 20_000);
  const found = stdout().match(address);
  if (!found?.[1] || !found[2]) throw new Error(`${script} did not start:\n${stdout()}\n${stderr()}`);
  if (script === FIXTURE) expect(stdout()).toContain(`pid=${child.pid}`);
  return { ...server, url: found[1], port: Number(found[2]) };
}

function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Waits for the process to be gone by SIGKILL and checks nothing listens on its port any more. */
async function expectKilled(server: ListeningServer) {
  const deadline = sleep(10_000).then(() => 'still running' as const);
  const exit = await Promise.race([server.exited, deadline]);
  expect(exit).toEqual({ code: null, signal: 'SIGKILL' });
  expect(await acceptsConnections(server.port)).toBe(false);
}

async function killHard(server: ListeningServer) {
  expect(server.child.kill('SIGKILL')).toBe(true);
  await expectKilled(server);
}

async function stopGracefully(server: ListeningServer) {
  server.child.kill('SIGTERM');
  expect(await server.exited).toEqual({ code: 0, signal: null });
}

function readState(file: SqliteDatabase.Database, wheelId: string): DbState {
  const rows = (sql: string) => file.prepare(sql).all(wheelId) as Row[];
  return {
    integrity: file.pragma('integrity_check', { simple: true }),
    wheel: file.prepare('select * from wheels where id = ?').get(wheelId) as Row | undefined,
    slots: rows('select * from slots where wheel_id = ? order by position'),
    participants: rows('select * from participants where wheel_id = ? order by id'),
    matches: rows('select * from matches where wheel_id = ? order by round, user1_id'),
  };
}

/** The database as the running server has committed it, read through a second connection. */
function readLive(dataDir: string, wheelId: string): DbState {
  const file = new SqliteDatabase(path.join(dataDir, SQLITE_FILE_NAME), {
    readonly: true,
    fileMustExist: true,
  });
  try {
    return readState(file, wheelId);
  } finally {
    file.close();
  }
}

/**
 * The database exactly as the killed process left it, opened (and recovered) from a copy of
 * its files, so the restarted server finds the originals untouched and recovers them itself.
 */
function readCrashed<T>(dataDir: string, read: (file: SqliteDatabase.Database) => T): T {
  const copy = tempDir('wm-crash-copy-');
  for (const suffix of ['', '-wal']) {
    const source = path.join(dataDir, `${SQLITE_FILE_NAME}${suffix}`);
    if (existsSync(source)) copyFileSync(source, path.join(copy, `${SQLITE_FILE_NAME}${suffix}`));
  }
  const file = new SqliteDatabase(path.join(copy, SQLITE_FILE_NAME), { fileMustExist: true });
  try {
    return read(file);
  } finally {
    file.close();
  }
}

/** A fresh DATA_DIR holding a migrated, seeded database with one 4-slot wheel. */
async function newInstall(roundSeconds: number) {
  const dataDir = tempDir('wm-crash-');
  const { database } = await prepareDatabase(
    {
      databaseUrl: undefined,
      dataDir,
      adminUsername: 'admin',
      adminEmail: 'admin@wheelmeet.local',
      adminPassword: 'crash-test-password',
    },
    { clock: systemClock, random: cryptoRandom },
  );
  try {
    const wheelId = await createTestWheel(database, {
      name: 'Crash',
      description: 'kill -9',
      slotCount: 4,
      roundSeconds,
    });
    return { dataDir, wheelId };
  } finally {
    await database.close();
  }
}

/** Four people register over HTTP, join on the hub and take one slot each (2 inner, 2 outer). */
async function seatFour(url: string, wheelId: string): Promise<Person[]> {
  const wheel = (await (await fetch(`${url}/api/wheels/${wheelId}`)).json()) as OpenWheel;
  const people: Person[] = [];
  for (const [index, slot] of wheel.slots.entries()) {
    const registration = await registerParticipant(url, wheelId, { username: `p${index}` });
    const client = await connectHub(url, { token: registration.token });
    clients.push(client);
    dataOf<WheelSnapshot>(await client.call('JoinWheel', { wheelId }));
    expect(await client.call('TakeSlot', { wheelId, userId: registration.user.id, slotId: slot.id })).toEqual(
      { data: null },
    );
    people.push({ userId: registration.user.id, token: registration.token, slotId: slot.id, client });
  }
  return people;
}

/** Everyone reconnects with their token and joins again; each snapshot shows them in their own slot. */
async function resync(url: string, wheelId: string, people: Person[]) {
  const snapshots = new Map<string, WheelSnapshot>();
  for (const person of people) {
    person.client.close();
    person.client = await connectHub(url, { token: person.token });
    clients.push(person.client);
    const snapshot = dataOf<WheelSnapshot>(await person.client.call('JoinWheel', { wheelId }));
    expect(snapshot.wheel.slots.find((slot) => slot.userId === person.userId)?.id).toBe(person.slotId);
    expect(snapshot.wheel.slots.filter((slot) => slot.userId !== null)).toHaveLength(4);
    snapshots.set(person.userId, snapshot);
  }
  return snapshots;
}

const matchesCreated = (person: Person) => person.client.all('MatchesCreated');
const myMatchIn = (matches: Match[], userId: string) =>
  matches.find((match) => match.user1.id === userId || match.user2.id === userId);

async function waitForMatches(people: Person[], timeoutMs = 12_000) {
  await waitFor(
    () => people.every((person) => matchesCreated(person).length > 0),
    'every participant to receive MatchesCreated',
    timeoutMs,
  );
}

/** One round spun once: two matches of round 1 that pair the four seated people, each once. */
function expectOneSpin(state: DbState, people: Person[]) {
  expect(state.integrity).toBe('ok');
  expect(state.wheel?.current_round).toBe(1);
  expect(state.matches).toHaveLength(2);
  expect(state.matches.map((match) => match.round)).toEqual([1, 1]);
  const paired = state.matches.flatMap((match) => [match.user1_id, match.user2_id]);
  expect(new Set(paired)).toEqual(new Set(people.map((person) => person.userId)));
  expect(paired).toHaveLength(4);
}

/** After the restart every person heard of exactly one round's matches, theirs among them. */
function expectClientsGotTheirMatch(people: Person[], state: DbState) {
  const ids = new Set(state.matches.map((match) => match.id));
  for (const person of people) {
    const events = matchesCreated(person);
    expect(events).toHaveLength(1);
    const mine = myMatchIn(events[0]?.matches ?? [], person.userId);
    expect(mine?.round).toBe(1);
    expect(ids.has(mine?.id ?? '')).toBe(true);
    expect(person.client.all('WheelSpinStarted').length).toBeLessThanOrEqual(1);
  }
}

describe('kill -9 of the server on SQLite mid-round', () => {
  it('during the countdown: seats survive, the round that fell due while down spins once, clients resync', async () => {
    const { dataDir, wheelId } = await newInstall(4);
    const first = await startServer(FIXTURE, dataDir);
    const people = await seatFour(first.url, wheelId);

    const before = readLive(dataDir, wheelId);
    const nextSpinAt = before.wheel?.next_spin_at;
    expect(typeof nextSpinAt).toBe('string');
    await killHard(first);
    // Killed while the countdown ran.
    expect(Date.now()).toBeLessThan(Date.parse(String(nextSpinAt)));

    const crashed = readCrashed(dataDir, (file) => readState(file, wheelId));
    expect(crashed.integrity).toBe('ok');
    expect(crashed).toEqual(before);
    expect(crashed.slots.map((slot) => slot.participant_id)).toEqual(people.map((person) => person.userId));
    expect(crashed.participants).toHaveLength(4);
    expect(crashed.matches).toEqual([]);

    // The round falls due while the server is down.
    await sleep(Math.max(0, Date.parse(String(nextSpinAt)) - Date.now() + 200));
    const restartedAt = new Date().toISOString();
    const second = await startServer(MAIN, dataDir);
    const snapshots = await resync(second.url, wheelId, people);
    for (const snapshot of snapshots.values()) {
      if (snapshot.spin) expect(snapshot.spin.round).toBe(1);
    }
    await waitForMatches(people);

    const after = readLive(dataDir, wheelId);
    expectOneSpin(after, people);
    expect(String(after.wheel?.spin_started_at) >= restartedAt).toBe(true);
    expect(after.participants).toEqual(before.participants);
    expect(after.slots).toEqual(before.slots);
    expectClientsGotTheirMatch(people, after);

    await stopGracefully(second);
    expect(readLive(dataDir, wheelId).matches).toEqual(after.matches);
  }, 45_000);

  it('inside the spin transaction: nothing of the half-done spin survives, the round then spins once, clients resync', async () => {
    const { dataDir, wheelId } = await newInstall(3);
    const first = await startServer(FIXTURE, dataDir, { CRASH_AT: 'spin-write' });
    const people = await seatFour(first.url, wheelId);
    const before = readLive(dataDir, wheelId);
    expect(before.wheel?.next_spin_at).not.toBeNull();

    // The fixture kills itself when the spin has inserted its matches, before COMMIT.
    await expectKilled(first);
    expect(first.stderr()).toContain(CRASH_MARKER);
    for (const person of people) {
      expect(person.client.all('WheelSpinStarted')).toEqual([]);
      expect(matchesCreated(person)).toEqual([]);
    }

    const crashed = readCrashed(dataDir, (file) => readState(file, wheelId));
    expect(crashed.integrity).toBe('ok');
    expect(crashed.matches).toEqual([]);
    expect(crashed.wheel).toMatchObject({
      current_round: 0,
      next_spin_at: before.wheel?.next_spin_at,
      spin_started_at: null,
      last_spin_date: null,
      spin_inner_offset: null,
      spin_outer_offset: null,
    });
    expect(crashed).toEqual(before);

    const restartedAt = new Date().toISOString();
    const second = await startServer(MAIN, dataDir);
    await resync(second.url, wheelId, people);
    await waitForMatches(people);

    const after = readLive(dataDir, wheelId);
    expectOneSpin(after, people);
    expect(String(after.wheel?.spin_started_at) >= restartedAt).toBe(true);
    expect(after.participants).toEqual(before.participants);
    expect(after.slots).toEqual(before.slots);
    expectClientsGotTheirMatch(people, after);

    await stopGracefully(second);
    expect(readLive(dataDir, wheelId).matches).toEqual(after.matches);
  }, 45_000);

  it('between the two accepts: the first accept survives, the second completes the match once', async () => {
    const { dataDir, wheelId } = await newInstall(3);
    const first = await startServer(FIXTURE, dataDir);
    const people = await seatFour(first.url, wheelId);
    await waitForMatches(people);

    const [anyone] = people;
    const match = myMatchIn(matchesCreated(anyone as Person)[0]?.matches ?? [], anyone?.userId ?? '');
    if (!match) throw new Error('no match for the first participant');
    const byId = (id: string) => people.find((person) => person.userId === id) as Person;
    const a = byId(match.user1.id);
    const b = byId(match.user2.id);

    // A's accept is acknowledged, so it is committed.
    const accepted = dataOf<Match>(await a.client.call('AcceptMatch', { matchId: match.id }));
    expect(accepted).toMatchObject({ status: 'Pending', acceptedByUser1: true, acceptedByUser2: false });
    const before = readLive(dataDir, wheelId);
    await killHard(first);

    const crashed = readCrashed(dataDir, (file) => readState(file, wheelId));
    expect(crashed.integrity).toBe('ok');
    expect(crashed).toEqual(before);
    expect(crashed.matches).toHaveLength(2);
    expect(crashed.matches.find((row) => row.id === match.id)).toMatchObject({
      status: 'Pending',
      accepted_by_user1: 1,
      accepted_by_user2: 0,
    });

    const second = await startServer(MAIN, dataDir);
    const snapshots = await resync(second.url, wheelId, people);
    // B's view after the restart still shows A's accept.
    expect(snapshots.get(b.userId)?.myMatches).toEqual([
      expect.objectContaining({
        id: match.id,
        status: 'Pending',
        acceptedByUser1: true,
        acceptedByUser2: false,
      }),
    ]);

    const completed = dataOf<Match>(await b.client.call('AcceptMatch', { matchId: match.id }));
    expect(completed).toMatchObject({ status: 'Accepted', acceptedByUser1: true, acceptedByUser2: true });
    await waitFor(
      () => a.client.all('MatchAccepted').some((event) => event.status === 'Accepted'),
      'A to hear that the match was accepted',
    );
    expect(a.client.all('MatchAccepted')).toEqual([
      {
        matchId: match.id,
        userId: b.userId,
        acceptedByUser1: true,
        acceptedByUser2: true,
        status: 'Accepted',
      },
    ]);

    const after = readLive(dataDir, wheelId);
    expect(after.integrity).toBe('ok');
    expect(after.matches).toHaveLength(2);
    expect(after.matches.find((row) => row.id === match.id)).toMatchObject({
      status: 'Accepted',
      accepted_by_user1: 1,
      accepted_by_user2: 1,
    });
    // The other pair's match is as it was; nothing was added.
    expect(after.matches.filter((row) => row.id !== match.id)).toEqual(
      before.matches.filter((row) => row.id !== match.id),
    );
    expect(after.participants).toEqual(before.participants);
    expect(after.wheel?.current_round).toBe(1);

    await stopGracefully(second);
  }, 45_000);
});

describe('kill -9 of the server on SQLite after a payment committed', () => {
  it("between the payment's commit and its receipt: the restarted server still sends the receipt, once", async () => {
    const smtp = await startSmtpCapture();
    try {
      const { dataDir } = await newInstall(60);
      const first = await startServer(FIXTURE, dataDir, { CRASH_AT: 'mail-queue' });
      const call = (method: string, url: string, body: object, token?: string) =>
        fetch(`${first.url}${url}`, {
          method,
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify(body),
        });
      const signedIn = await call('POST', '/api/admin/login', {
        username: 'admin',
        password: 'crash-test-password',
      });
      const { token } = (await signedIn.json()) as LoginResponse;
      const configured = await call('PUT', '/api/admin/settings', settingsSendingTo(smtp), token);
      expect(configured.status).toBe(200);
      const registered = await call('POST', '/api/business/register', {
        firstName: 'Ada',
        lastName: 'Byron',
        email: 'ada@orbit.test',
        password: 'analytical-1843',
        companyName: 'Engines',
        planId: 'professional',
      });
      const user = (await registered.json()) as BusinessRegistrationResponse;
      const intent = await call('POST', '/api/business/payment-intent', {
        planId: user.planId,
        currency: 'eur',
        businessUserId: user.id,
        signupToken: user.signupToken,
      });
      const { paymentIntentId } = (await intent.json()) as PaymentIntentResponse;

      // The payment commits; the process dies as the receipt is about to be queued.
      await expect(
        call('POST', '/api/business/test-payments/confirm', {
          paymentIntentId,
          cardNumber: '4242424242424242',
          expiry: '12/30',
          cvc: '123',
        }),
      ).rejects.toThrow();
      await expectKilled(first);
      expect(first.stderr()).toContain('crash-fixture: SIGKILL before the insert into email_outbox');

      readCrashed(dataDir, (crashed) => {
        expect(crashed.prepare('select status from payments').all()).toEqual([{ status: 'succeeded' }]);
        expect(crashed.prepare('select is_active from business_users where id = ?').get(user.id)).toEqual({
          is_active: 1,
        });
        expect(crashed.prepare('select count(*) as n from email_outbox').get()).toEqual({ n: 0 });
        // What the restart recovers from: the event, committed with the payment.
        expect(crashed.prepare('select name from event_outbox').all()).toEqual([
          { name: 'accountActivated' },
        ]);
      });

      const second = await startServer(MAIN, dataDir);
      const [receipt] = await smtp.waitFor(1, 30_000);
      expect(receipt?.to).toEqual(['ada@orbit.test']);
      expect(receipt?.subject).toBe('Your WheelMeet receipt: Professional plan');
      await stopGracefully(second);
      expect(smtp.mails).toHaveLength(1);
      const live = new SqliteDatabase(path.join(dataDir, SQLITE_FILE_NAME), { readonly: true });
      try {
        expect(live.prepare('select count(*) as n from event_outbox').get()).toEqual({ n: 0 });
      } finally {
        live.close();
      }
    } finally {
      await smtp.close();
    }
  }, 60_000);
});
