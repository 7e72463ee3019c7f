import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withStatementCache } from './database';

interface Schema {
  people: { id: number; name: string; age: number | null };
}

describe('the SQLite statement cache', () => {
  let file: SqliteDatabase.Database;
  let prepare: ReturnType<typeof vi.spyOn>;
  let db: Kysely<Schema>;

  beforeEach(async () => {
    file = new SqliteDatabase(':memory:');
    prepare = vi.spyOn(file, 'prepare');
    db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: withStatementCache(file) }) });
    await db.schema
      .createTable('people')
      .addColumn('id', 'integer', (column) => column.primaryKey())
      .addColumn('name', 'text', (column) => column.notNull().unique())
      .addColumn('age', 'integer')
      .execute();
    await db
      .insertInto('people')
      .values([
        { id: 1, name: 'Ada', age: 36 },
        { id: 2, name: 'Bo', age: null },
        { id: 3, name: 'Cy', age: 52 },
      ])
      .execute();
    prepare.mockClear();
  });
  afterEach(() => db.destroy());

  const byId = (id: number) => db.selectFrom('people').selectAll().where('id', '=', id).executeTakeFirst();

  it('prepares each SQL text once and answers every call with its own parameters', async () => {
    expect(await byId(1)).toEqual({ id: 1, name: 'Ada', age: 36 });
    expect(await byId(2)).toEqual({ id: 2, name: 'Bo', age: null });
    expect(await byId(9)).toBeUndefined();
    expect(await byId(3)).toEqual({ id: 3, name: 'Cy', age: 52 });
    expect(prepare).toHaveBeenCalledTimes(1);
  });

  it('binds values of any type into the same statement: text, numbers, null', async () => {
    const named = (name: string | number) =>
      db
        .selectFrom('people')
        .select('id')
        .where('name', '=', name as string)
        .execute();
    expect(await named('Bo')).toEqual([{ id: 2 }]);
    expect(await named(42)).toEqual([]);
    const update = (age: number | null, id: number) =>
      db.updateTable('people').set({ age }).where('id', '=', id).executeTakeFirst();
    expect(Number((await update(null, 1)).numUpdatedRows)).toBe(1);
    expect(Number((await update(7, 2)).numUpdatedRows)).toBe(1);
    expect(await db.selectFrom('people').select(['id', 'age']).orderBy('id').execute()).toEqual([
      { id: 1, age: null },
      { id: 2, age: 7 },
      { id: 3, age: 52 },
    ]);
  });

  it('keeps lists of different lengths apart (one SQL text per length)', async () => {
    const ids = (list: number[]) =>
      db.selectFrom('people').select('id').where('id', 'in', list).orderBy('id').execute();
    expect(await ids([1, 2])).toEqual([{ id: 1 }, { id: 2 }]);
    expect(await ids([3])).toEqual([{ id: 3 }]);
    expect(await ids([2, 3])).toEqual([{ id: 2 }, { id: 3 }]);
    expect(await ids([1, 2, 3])).toHaveLength(3);
    expect(prepare).toHaveBeenCalledTimes(3);
  });

  it('reuses begin, commit and rollback: committed work stays, rolled-back work goes, again and again', async () => {
    for (let round = 0; round < 3; round += 1) {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('people')
          .values({ id: 10 + round, name: `kept-${round}`, age: round })
          .execute();
      });
      await expect(
        db.transaction().execute(async (trx) => {
          await trx
            .insertInto('people')
            .values({ id: 20 + round, name: `dropped-${round}`, age: round })
            .execute();
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
    }
    const names = (await db.selectFrom('people').select('name').where('id', '>=', 10).execute()).map(
      (row) => row.name,
    );
    expect(names.sort()).toEqual(['kept-0', 'kept-1', 'kept-2']);
  });

  it('reuses a statement after it failed', async () => {
    const insert = (id: number, name: string) =>
      db.insertInto('people').values({ id, name, age: null }).execute();
    await expect(insert(4, 'Ada')).rejects.toThrow(/UNIQUE/);
    await insert(4, 'Di');
    expect(await byId(4)).toEqual({ id: 4, name: 'Di', age: null });
  });

  it('sees a column added after the statement was prepared', async () => {
    expect(await byId(1)).toEqual({ id: 1, name: 'Ada', age: 36 });
    await sql`alter table people add column city text`.execute(db);
    expect(await byId(1)).toEqual({ id: 1, name: 'Ada', age: 36, city: null });
  });

  it('never hands out a statement that is still being iterated', async () => {
    const cached = withStatementCache(file);
    const text = 'select id from people order by id';
    const first = cached.prepare(text);
    const iterator = first.iterate([]);
    expect(iterator.next().value).toEqual({ id: 1 });
    const second = cached.prepare(text);
    expect(second).not.toBe(first);
    expect(second.all([])).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect(iterator.next().value).toEqual({ id: 2 });
    iterator.return?.();
    expect(cached.prepare(text)).toBe(first);
  });

  it('keeps at most the given number of statements, dropping the oldest', () => {
    const cached = withStatementCache(file, 2);
    const a = cached.prepare('select 1');
    const b = cached.prepare('select 2');
    expect(cached.prepare('select 1')).toBe(a);
    cached.prepare('select 3');
    expect(cached.prepare('select 2')).toBe(b);
    expect(cached.prepare('select 1')).not.toBe(a);
  });
});
