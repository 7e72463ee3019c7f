import { fstatSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { type Generated, Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { openDatabase, SQLITE_FILE_NAME, withStatementCache } from './database';
import { isDatabaseUnavailable } from './errors';
import { SqliteGroupCommit } from './sqlite-group-commit';
import { WalSync } from './wal-sync';

interface Schema {
  people: { id: Generated<number>; name: string };
}

/** A fresh file with a `people` table behind group commit, and another connection that sees only what is committed. */
async function openPeople(filePath: string, synchronous: 'FULL' | 'NORMAL', walSync?: WalSync) {
  const file = new SqliteDatabase(filePath);
  file.pragma('journal_mode = WAL');
  file.pragma(`synchronous = ${synchronous}`);
  const db = new Kysely<Schema>({
    dialect: new SqliteGroupCommit(file, withStatementCache(file).prepare, walSync).dialect(),
  });
  await db.schema
    .createTable('people')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull().unique())
    .execute();
  const outsider = new SqliteDatabase(filePath, { readonly: true });
  const committedNames = () =>
    (outsider.prepare('select name from people order by name').all() as { name: string }[]).map(
      (row) => row.name,
    );
  const insert = (name: string) => db.insertInto('people').values({ name }).execute();
  return { file, db, outsider, committedNames, insert };
}

describe('SQLite group commit', () => {
  let dir: string;
  let file: SqliteDatabase.Database;
  let exec: MockInstance<(sql: string) => SqliteDatabase.Database>;
  let db: Kysely<Schema>;
  let outsider: SqliteDatabase.Database;
  let committedNames: () => string[];
  let insert: (name: string) => Promise<unknown>;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'wheelmeet-group-commit-'));
    ({ file, db, outsider, committedNames, insert } = await openPeople(path.join(dir, 'test.db'), 'FULL'));
    exec = vi.spyOn(file, 'exec');
  });
  afterEach(async () => {
    outsider.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const commits = () => exec.mock.calls.filter(([statement]) => statement === 'commit').length;

  it('commits fifty writes that arrive together with one commit, and answers each only once committed', async () => {
    const names = Array.from({ length: 50 }, (_, index) => `person-${String(index).padStart(2, '0')}`);
    const seenWhenAnswered = await Promise.all(
      names.map((name) => insert(name).then(() => committedNames().includes(name))),
    );
    expect(seenWhenAnswered).toEqual(names.map(() => true));
    expect(committedNames()).toEqual(names);
    expect(commits()).toBe(1);
  });

  it('commits writes of later turns in batches of their own', async () => {
    await insert('Ada');
    await insert('Bo');
    expect(commits()).toBe(2);
    expect(committedNames()).toEqual(['Ada', 'Bo']);
  });

  it('undoes a failed statement alone: the rest of its batch is committed', async () => {
    await insert('Ada');
    const results = await Promise.allSettled([insert('Bo'), insert('Ada'), insert('Cy')]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ code: 'SQLITE_CONSTRAINT_UNIQUE' });
    expect(committedNames()).toEqual(['Ada', 'Bo', 'Cy']);
  });

  it('rolls back a transaction that fails without touching the writes around it', async () => {
    const failing = db.transaction().execute(async (trx) => {
      await trx.insertInto('people').values({ name: 'Temp' }).execute();
      throw new Error('changed my mind');
    });
    const results = await Promise.allSettled([insert('Ada'), failing, insert('Bo')]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(committedNames()).toEqual(['Ada', 'Bo']);
  });

  it('lets nothing run between the statements of a transaction, and answers it once committed', async () => {
    const order: string[] = [];
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('people').values({ name: 'First' }).execute();
      // Another write asked for while the transaction waits must not land inside it.
      const outside = insert('Outside').then(() => order.push('outside answered'));
      await new Promise((resolve) => setTimeout(resolve, 20));
      const seen = await trx.selectFrom('people').select('name').orderBy('name').execute();
      await trx.insertInto('people').values({ name: 'Second' }).execute();
      order.push(`transaction saw ${seen.map((row) => row.name).join(',')}`);
      return { outside };
    });
    const { outside } = await transaction;
    order.push(`transaction answered, committed: ${committedNames().join(',')}`);
    await outside;
    expect(order[0]).toBe('transaction saw First');
    expect(order).toContain('transaction answered, committed: First,Outside,Second');
    expect(committedNames()).toEqual(['First', 'Outside', 'Second']);
  });

  it('fails every write of a batch whose commit fails, keeps none of them, and goes on with the next', async () => {
    let failNextCommit = true;
    exec.mockImplementation(function (this: SqliteDatabase.Database, statement: string) {
      if (statement === 'commit' && failNextCommit) {
        failNextCommit = false;
        throw Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' });
      }
      return SqliteDatabase.prototype.exec.call(file, statement);
    });
    const results = await Promise.allSettled([insert('Ada'), insert('Bo')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason).toMatchObject({ code: 'SQLITE_IOERR' });
    expect(committedNames()).toEqual([]);
    await insert('Cy');
    expect(committedNames()).toEqual(['Cy']);
  });

  it('answers a read at once, without waiting for a commit', async () => {
    const write = insert('Ada');
    const read = await db.selectFrom('people').select('name').execute();
    expect(read).toEqual([{ name: 'Ada' }]);
    expect(committedNames()).toEqual([]);
    await write;
    expect(committedNames()).toEqual(['Ada']);
  });

  it('commits what is under way when closed', async () => {
    const write = insert('Ada');
    while (!file.inTransaction) await Promise.resolve();
    await db.destroy();
    await write;
    expect(committedNames()).toEqual(['Ada']);
  });
});

/** An fsync that finishes when the test says so. */
function heldFsyncs() {
  const calls: { fd: number; finish: (error?: Error) => void }[] = [];
  const fsyncFile = (fd: number) =>
    new Promise<void>((resolve, reject) => {
      calls.push({ fd, finish: (error) => (error ? reject(error) : resolve()) });
    });
  const call = (index: number) => {
    const held = calls[index];
    if (!held) throw new Error(`No fsync #${index} was asked for`);
    return held;
  };
  return { calls, fsyncFile, call };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Lets the event loop turn (the batch's commit runs at setImmediate) until `done` holds. */
async function turnsUntil(done: () => boolean) {
  for (let turn = 0; turn < 50 && !done(); turn += 1) await nextTurn();
  expect(done()).toBe(true);
}

function settled(promise: Promise<unknown>) {
  const state = { settled: false };
  promise.then(
    () => (state.settled = true),
    () => (state.settled = true),
  );
  return state;
}

describe('SQLite group commit with the WAL synced off the event loop (decision 028)', () => {
  let dir: string;
  let walPath: string;
  let fsyncs: ReturnType<typeof heldFsyncs>;
  let people: Awaited<ReturnType<typeof openPeople>>;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'wheelmeet-wal-sync-'));
    const filePath = path.join(dir, 'test.db');
    walPath = `${filePath}-wal`;
    fsyncs = heldFsyncs();
    // The table's own creation is a write: let it through before the test holds fsyncs.
    const creating = openPeople(filePath, 'NORMAL', new WalSync(walPath, fsyncs.fsyncFile));
    await turnsUntil(() => fsyncs.calls.length === 1);
    fsyncs.calls.shift()?.finish();
    people = await creating;
  });
  afterEach(async () => {
    for (const call of fsyncs.calls) call.finish();
    people.outsider.close();
    await people.db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers a write only once the WAL file it was committed to is on disk', async () => {
    const write = people.insert('Ada');
    const answered = settled(write);
    await turnsUntil(() => fsyncs.calls.length === 1);
    // Committed (another connection sees it) but not yet durable, so not yet answered.
    expect(people.committedNames()).toEqual(['Ada']);
    expect(answered.settled).toBe(false);
    expect(fstatSync(fsyncs.call(0).fd).ino).toBe(statSync(walPath).ino);
    fsyncs.call(0).finish();
    await write;
  });

  it('has the batches committed while an fsync runs share the next one', async () => {
    const first = people.insert('Ada');
    await turnsUntil(() => fsyncs.calls.length === 1);
    const second = people.insert('Bo');
    await turnsUntil(() => people.committedNames().includes('Bo'));
    const third = people.insert('Cy');
    await turnsUntil(() => people.committedNames().includes('Cy'));
    const [secondAnswered, thirdAnswered] = [settled(second), settled(third)];
    // Bo and Cy were written while the first fsync ran, which may have missed them.
    expect(fsyncs.calls).toHaveLength(1);
    fsyncs.call(0).finish();
    await first;
    await turnsUntil(() => fsyncs.calls.length === 2);
    expect([secondAnswered.settled, thirdAnswered.settled]).toEqual([false, false]);
    fsyncs.call(1).finish();
    await Promise.all([second, third]);
    expect(fsyncs.calls).toHaveLength(2);
  });

  it('fails the writes of a failed fsync, then every statement, as the database being unavailable', async () => {
    const write = people.insert('Ada');
    await turnsUntil(() => fsyncs.calls.length === 1);
    fsyncs.call(0).finish(Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' }));
    const failure = await write.catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'SQLITE_IOERR_FSYNC', cause: { code: 'EIO' } });
    expect(isDatabaseUnavailable(failure)).toBe(true);
    // What reached the disk is unknown until SQLite recovers at the next start.
    await expect(people.insert('Bo')).rejects.toBe(failure);
    await expect(people.db.selectFrom('people').select('name').execute()).rejects.toBe(failure);
    expect(fsyncs.calls).toHaveLength(1);
  });

  it('waits for the fsync under way before closing', async () => {
    const write = people.insert('Ada');
    await turnsUntil(() => fsyncs.calls.length === 1);
    const closing = settled(people.db.destroy());
    for (let turn = 0; turn < 10; turn += 1) await nextTurn();
    expect(closing.settled).toBe(false);
    fsyncs.call(0).finish();
    await write;
    await turnsUntil(() => closing.settled);
  });
});

describe('the SQLite file the server opens', () => {
  it('commits without an fsync of its own (NORMAL) and keeps a write made durable across a restart', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'wheelmeet-wal-file-'));
    try {
      const handle = openDatabase({ databaseUrl: undefined, dataDir });
      const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(handle.db);
      expect(rows).toEqual([{ synchronous: 1 }]);
      await sql`create table notes (body text)`.execute(handle.db);
      await sql`insert into notes (body) values ('kept')`.execute(handle.db);
      await handle.close();
      const reopened = new SqliteDatabase(path.join(dataDir, SQLITE_FILE_NAME), { readonly: true });
      expect(reopened.prepare('select body from notes').all()).toEqual([{ body: 'kept' }]);
      reopened.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
