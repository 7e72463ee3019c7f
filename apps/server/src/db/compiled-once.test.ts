import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { compiledOnce } from './compiled-once';

interface Schema {
  people: { id: number; name: string; team: string };
}

describe('a query compiled once', () => {
  let db: Kysely<Schema>;

  beforeEach(async () => {
    db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: new SqliteDatabase(':memory:') }) });
    await db.schema
      .createTable('people')
      .addColumn('id', 'integer', (column) => column.primaryKey())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('team', 'text', (column) => column.notNull())
      .execute();
    await db
      .insertInto('people')
      .values([
        { id: 1, name: 'Ada', team: 'red' },
        { id: 2, name: 'Bo', team: 'blue' },
        { id: 3, name: 'Cy', team: 'red' },
      ])
      .execute();
  });
  afterEach(() => db.destroy());

  it('answers each run with that run’s values, beside the constants built into the query', async () => {
    const build = vi.fn((database: Kysely<Schema>, { team, after }: { team: string; after: number }) =>
      database
        .selectFrom('people')
        .select('name')
        .where('team', '=', team)
        .where('id', '>', after)
        .where('name', '!=', 'Nobody')
        .orderBy('id'),
    );
    const peopleOf = compiledOnce(['team', 'after'], build);

    expect(await peopleOf(db, { team: 'red', after: 0 })).toEqual([{ name: 'Ada' }, { name: 'Cy' }]);
    expect(await peopleOf(db, { team: 'red', after: 1 })).toEqual([{ name: 'Cy' }]);
    expect(await peopleOf(db, { team: 'blue', after: 0 })).toEqual([{ name: 'Bo' }]);
    expect(await peopleOf(db, { team: 'green', after: 0 })).toEqual([]);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('is not compiled again inside a transaction of the same database, which sees its own writes', async () => {
    const build = vi.fn((database: Kysely<Schema>, { team }: { team: string }) =>
      database.selectFrom('people').select('name').where('team', '=', team).orderBy('id'),
    );
    const peopleOf = compiledOnce(['team'], build);
    expect(await peopleOf(db, { team: 'blue' })).toEqual([{ name: 'Bo' }]);
    const inside = await db.transaction().execute(async (trx) => {
      await trx.insertInto('people').values({ id: 4, name: 'Di', team: 'blue' }).execute();
      return peopleOf(trx, { team: 'blue' });
    });
    expect(inside).toEqual([{ name: 'Bo' }, { name: 'Di' }]);
    expect(build).toHaveBeenCalledTimes(1);

    // Another database compiles its own.
    const other = new Kysely<Schema>({
      dialect: new SqliteDialect({ database: new SqliteDatabase(':memory:') }),
    });
    await other.schema
      .createTable('people')
      .addColumn('id', 'integer')
      .addColumn('name', 'text')
      .addColumn('team', 'text')
      .execute();
    expect(await peopleOf(other, { team: 'blue' })).toEqual([]);
    expect(build).toHaveBeenCalledTimes(2);
    await other.destroy();
  });

  it('uses one value wherever the query names it', async () => {
    const sameTeamAs = compiledOnce(['name'], (database: Kysely<Schema>, { name }: { name: string }) =>
      database
        .selectFrom('people')
        .select('name')
        .where('team', '=', (eb) => eb.selectFrom('people').select('team').where('name', '=', name))
        .where('name', '!=', name),
    );
    expect(await sameTeamAs(db, { name: 'Ada' })).toEqual([{ name: 'Cy' }]);
    expect(await sameTeamAs(db, { name: 'Bo' })).toEqual([]);
  });

  it('refuses a value the query does not use, which would otherwise be silently ignored', async () => {
    const careless = compiledOnce(
      ['team', 'name'],
      (database: Kysely<Schema>, { team }: { team: string; name: string }) =>
        database.selectFrom('people').select('name').where('team', '=', team),
    );
    await expect(careless(db, { team: 'red', name: 'Ada' })).rejects.toThrow('name not used by the query');
  });
});
