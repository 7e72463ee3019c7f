import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { CompiledQuery, type Generated, Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { withStatementCache } from './database';
import { SqliteGroupCommit } from './sqlite-group-commit';

const COMMIT_DELAY_MS = 5;

interface Schema {
  people: { id: Generated<number>; name: string };
}

describe('SQLite group commit', () => {
  let dir: string;
  let filePath: string;
  let file: SqliteDatabase.Database;
  let exec: MockInstance<(sql: string) => SqliteDatabase.Database>;
  let writer: SqliteGroupCommit;
  let db: Kysely<Schema>;
  /** Another connection to the same file: it sees only what is committed. */
  let outsider: SqliteDatabase.Database;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'wheelmeet-group-commit-'));
    filePath = path.join(dir, 'test.db');
    file = new SqliteDatabase(filePath);
    file.pragma('journal_mode = WAL');
    file.pragma('synchronous = FULL');
    writer = new SqliteGroupCommit(file, withStatementCache(file).prepare, COMMIT_DELAY_MS);
    db = new Kysely<Schema>({ dialect: writer.dialect() });
    await db.schema
      .createTable('people')
      .addColumn('id', 'integer', (column) => column.primaryKey())
      .addColumn('name', 'text', (column) => column.notNull().unique())
      .execute();
    outsider = new SqliteDatabase(filePath, { readonly: true });
    exec = vi.spyOn(file, 'exec');
  });
  afterEach(async () => {
    vi.useRealTimers();
    outsider.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const commits = () => exec.mock.calls.filter(([sql]) => sql === 'commit').length;
  const committedNames = () =>
    (outsider.prepare('select name from people order by name').all() as { name: string }[]).map(
      (row) => row.name,
    );
  const insert = (name: string) => db.insertInto('people').values({ name }).execute();

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
    exec.mockImplementation(function (this: SqliteDatabase.Database, sql: string) {
      if (sql === 'commit' && failNextCommit) {
        failNextCommit = false;
        throw Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' });
      }
      return SqliteDatabase.prototype.exec.call(file, sql);
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

  it('hands a released connection out again, without the transaction left open on it', async () => {
    const driver = writer.dialect(async () => {}).createDriver();
    const abandoned = await driver.acquireConnection();
    await driver.beginTransaction(abandoned, {});
    await abandoned.executeQuery(CompiledQuery.raw("insert into people (name) values ('Ada')"));
    await driver.releaseConnection(abandoned);

    const next = await driver.acquireConnection();
    expect(next).toBe(abandoned);
    await next.executeQuery(CompiledQuery.raw("insert into people (name) values ('Bo')"));
    await driver.releaseConnection(next);
    expect(committedNames()).toEqual(['Bo']);
  });

  describe('under load (decision 037)', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'performance'] });
    });
    /** A write whose answer the test can look for without awaiting it. */
    const tracked = (write: Promise<unknown>) => {
      const state = { answered: false };
      write.then(() => {
        state.answered = true;
      });
      return state;
    };

    it('lets the writes of the next milliseconds after a shared commit join one, answered once it is done', async () => {
      const first = tracked(Promise.all([insert('Ada'), insert('Bo')]));
      await vi.advanceTimersByTimeAsync(0);
      expect(first.answered).toBe(true);
      expect(commits()).toBe(1);

      const cy = tracked(insert('Cy'));
      await vi.advanceTimersByTimeAsync(2);
      const di = tracked(insert('Di'));
      await vi.advanceTimersByTimeAsync(1);
      // Turns have ended since Cy's write, but the commit waits for the delay.
      expect([cy.answered, di.answered]).toEqual([false, false]);
      expect(committedNames()).toEqual(['Ada', 'Bo']);

      await vi.advanceTimersByTimeAsync(COMMIT_DELAY_MS);
      expect([cy.answered, di.answered]).toEqual([true, true]);
      expect(committedNames()).toEqual(['Ada', 'Bo', 'Cy', 'Di']);
      expect(commits()).toBe(2);
    });

    it('commits a write at the end of its turn when the batch before it had one writer', async () => {
      const ada = tracked(insert('Ada'));
      await vi.advanceTimersByTimeAsync(0);
      const bo = tracked(insert('Bo'));
      await vi.advanceTimersByTimeAsync(0);
      expect([ada.answered, bo.answered]).toEqual([true, true]);
      expect(commits()).toBe(2);
    });

    it('commits at the end of its turn once the delay has passed since the last shared commit', async () => {
      const first = tracked(Promise.all([insert('Ada'), insert('Bo')]));
      await vi.advanceTimersByTimeAsync(COMMIT_DELAY_MS);
      const cy = tracked(insert('Cy'));
      await vi.advanceTimersByTimeAsync(0);
      expect([first.answered, cy.answered]).toEqual([true, true]);
      expect(committedNames()).toEqual(['Ada', 'Bo', 'Cy']);
    });
  });

  it('commits what is under way when closed', async () => {
    const write = insert('Ada');
    while (!file.inTransaction) await Promise.resolve();
    await db.destroy();
    await write;
    expect(committedNames()).toEqual(['Ada']);
  });
});
