import {
  CompiledQuery,
  DummyDriver,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
} from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../src/bootstrap';
import { compiledOnce } from '../src/db/compiled-once';
import type { DatabaseHandle } from '../src/db/database';
import { type Database, DELETES_CHANGE } from '../src/db/schema';
import { type ChangedTables, deletesReachOf, tablesWrittenBy } from '../src/db/table-changes';
import { systemClock } from '../src/lib/clock';
import { cryptoRandom } from '../src/lib/random';
import { buildNewWheel } from '../src/modules/wheels/wheels.service';
import type { TestDatabase } from './support/databases';
import { describeEachDialect } from './support/each-dialect';
import { createTestWheel } from './support/factories';

/** A Kysely that only compiles, to look at the queries the repositories build. */
const compiler = new Kysely<Database>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

const names = (tables: ChangedTables | undefined) =>
  tables === undefined || tables === 'all' ? tables : [...tables].sort();

describe('which tables a query may write', () => {
  it('none for a select, even one that joins', () => {
    const query = compiler
      .selectFrom('slots')
      .innerJoin('participants', 'participants.id', 'slots.participant_id')
      .selectAll()
      .compile();
    expect(tablesWrittenBy(query.query)).toBeUndefined();
    expect(tablesWrittenBy(sql`select 1`.compile(compiler).query)).toBeUndefined();
  });

  it('the table an insert, update or delete writes, not the tables its subqueries read', () => {
    const insert = compiler
      .insertInto('plans')
      .values({ id: 'x' } as never)
      .compile();
    expect(names(tablesWrittenBy(insert.query))).toEqual(['plans']);
    const copy = compiler
      .insertInto('blocks')
      .columns(['blocker_id'])
      .expression((eb) => eb.selectFrom('participants').select('id'))
      .compile();
    expect(names(tablesWrittenBy(copy.query))).toEqual(['blocks']);
    const update = compiler
      .updateTable('slots as s')
      .set({ participant_id: null })
      .where((eb) => eb.exists(eb.selectFrom('wheels').select('wheels.id')))
      .compile();
    expect(names(tablesWrittenBy(update.query))).toEqual(['slots']);
    const remove = compiler
      .deleteFrom('prepared_offers')
      .where((eb) => eb.exists(eb.selectFrom('matches').select('matches.id')))
      .compile();
    expect(names(tablesWrittenBy(remove.query))).toEqual(['prepared_offers']);
  });

  it('the table a write in a WITH writes, in a select or in another write', () => {
    const taken = compiler
      .with('taken', (db) => db.deleteFrom('prepared_offers').returning('sdp'))
      .selectFrom('taken')
      .selectAll()
      .compile();
    expect(names(tablesWrittenBy(taken.query))).toEqual(['prepared_offers']);
    const both = compiler
      .with('closed', (db) => db.updateTable('matches').set({ closed_at: 'now' }).returning('id'))
      .deleteFrom('prepared_offers')
      .where('match_id', 'in', (eb) => eb.selectFrom('closed').select('id'))
      .compile();
    expect(names(tablesWrittenBy(both.query))).toEqual(['matches', 'prepared_offers']);
    const plain = compiler
      .with('w', (db) => db.selectFrom('wheels').select('id'))
      .selectFrom('w')
      .selectAll();
    expect(tablesWrittenBy(plain.compile().query)).toBeUndefined();
  });

  it('a delete, with every table its foreign keys reach from there', () => {
    const reach = deletesReachOf(DELETES_CHANGE);
    const remove = compiler.deleteFrom('wheels').where('id', '=', 'x').compile();
    expect(names(tablesWrittenBy(remove.query))).toEqual(['wheels']);
    const written = names(tablesWrittenBy(remove.query, reach));
    // Slots and prepared offers only through participants and matches.
    expect(written).toEqual(
      expect.arrayContaining(['wheels', 'participants', 'slots', 'matches', 'prepared_offers']),
    );
    expect(written).not.toContain('plans');
    const update = compiler.updateTable('wheels').set({ name: 'x' }).compile();
    expect(names(tablesWrittenBy(update.query, reach))).toEqual(['wheels']);
  });

  it('foreign keys followed to the end, through a loop too', () => {
    expect(deletesReachOf({ a: ['b'], b: ['c', 'a'], c: [] })).toEqual({
      a: ['a', 'b', 'c'],
      b: ['a', 'b', 'c'],
      c: [],
    });
  });

  it('everything for raw SQL that is not a select, and for schema changes', () => {
    expect(tablesWrittenBy(CompiledQuery.raw('update wheels set name = 1').query)).toBe('all');
    expect(tablesWrittenBy(sql`with x as (delete from wheels) select 1`.compile(compiler).query)).toBe('all');
    expect(tablesWrittenBy(compiler.schema.dropTable('wheels').compile().query)).toBe('all');
  });
});

describeEachDialect('committed writes move the version of their tables', (dialect) => {
  let testDatabase: TestDatabase;
  let handle: DatabaseHandle;
  let reported: ChangedTables[];

  beforeEach(async () => {
    testDatabase = await dialect.create();
    handle = (
      await prepareDatabase(
        { ...testDatabase, adminUsername: 'root', adminEmail: 'root@example.com', adminPassword: undefined },
        { clock: systemClock, random: cryptoRandom },
      )
    ).database;
    reported = [];
    handle.changes.onLocalChange((tables) => reported.push(tables));
  });
  afterEach(async () => {
    await handle.close();
    await testDatabase.drop();
  });

  const wheels = () => handle.changes.version(['wheels']);
  const plans = () => handle.changes.version(['plans']);
  const rename = (name: string) => handle.db.updateTable('plans').set({ name }).where('id', '=', 'starter');

  it('a write outside a transaction, once it is done; a read or a write that touches no row, never', async () => {
    const [wheelsBefore, plansBefore] = [wheels(), plans()];
    await handle.db.selectFrom('plans').selectAll().execute();
    await handle.db.updateTable('plans').set({ name: 'x' }).where('id', '=', 'no-such-plan').execute();
    expect([wheels(), plans(), reported]).toEqual([wheelsBefore, plansBefore, []]);

    await rename('Starter+').execute();
    expect(plans()).toBeGreaterThan(plansBefore);
    expect(wheels()).toBe(wheelsBefore);
    expect(reported.map(names)).toEqual([['plans']]);
  });

  it('a write compiled once, at every run of its one query tree', async () => {
    const renameOnce = compiledOnce(['name'], (db, { name }: { name: string }) =>
      db.updateTable('plans').set({ name }).where('id', '=', 'starter'),
    );
    let before = plans();
    for (const name of ['Starter 1', 'Starter 2', 'Starter 3']) {
      await renameOnce(handle.db, { name });
      expect(plans()).toBeGreaterThan(before);
      before = plans();
    }
    expect(reported.map(names)).toEqual([['plans'], ['plans'], ['plans']]);
  });

  it('a write with RETURNING counts the rows it returns', async () => {
    const before = plans();
    await handle.db
      .updateTable('plans')
      .set({ name: 'x' })
      .where('id', '=', 'none')
      .returning('id')
      .execute();
    expect(plans()).toBe(before);
    await rename('Starter 2').returning('id').execute();
    expect(plans()).toBeGreaterThan(before);
  });

  it('a write inside a transaction only once the transaction committed', async () => {
    const before = plans();
    await handle.db.transaction().execute(async (trx) => {
      await trx.updateTable('plans').set({ name: 'In a transaction' }).where('id', '=', 'starter').execute();
      await createTestWheelIn(trx);
      expect(plans()).toBe(before);
      expect(reported).toEqual([]);
    });
    expect(plans()).toBeGreaterThan(before);
    expect(reported.map(names)).toEqual([['plans', 'slots', 'wheels']]);
  });

  it('a rolled-back transaction too (reporting too much only costs a cache miss)', async () => {
    const before = plans();
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await trx.updateTable('plans').set({ name: 'Rolled back' }).where('id', '=', 'starter').execute();
        throw new Error('give up');
      }),
    ).rejects.toThrow('give up');
    expect(plans()).toBeGreaterThan(before);
  });

  it('every table for raw SQL that writes', async () => {
    const [wheelsBefore, plansBefore] = [wheels(), plans()];
    await sql`update plans set name = name`.execute(handle.db);
    expect(wheels()).toBeGreaterThan(wheelsBefore);
    expect(plans()).toBeGreaterThan(plansBefore);
  });

  it('a failed write as well: a lost connection may have left it done', async () => {
    const [plan] = await handle.db.selectFrom('plans').selectAll().execute();
    if (!plan) throw new Error('a seeded plan expected');
    const before = plans();
    await expect(handle.db.insertInto('plans').values(plan).execute()).rejects.toThrow();
    expect(plans()).toBeGreaterThan(before);
  });

  it("the list of what deletes change through foreign keys is the migrated schema's", async () => {
    const keys =
      handle.dialect === 'sqlite'
        ? await sql<{ parent: string; child: string }>`
            select f."table" as parent, m.name as child
            from sqlite_master m, pragma_foreign_key_list(m.name) f
            where m.type = 'table' and f.on_delete in ('CASCADE', 'SET NULL')`.execute(handle.db)
        : await sql<{ parent: string; child: string }>`
            select parent.table_name as parent, child.table_name as child
            from information_schema.referential_constraints rule
            join information_schema.table_constraints child on child.constraint_name = rule.constraint_name
              and child.constraint_schema = rule.constraint_schema
            join information_schema.table_constraints parent on parent.constraint_name = rule.unique_constraint_name
              and parent.constraint_schema = rule.unique_constraint_schema
            where rule.constraint_schema = current_schema() and rule.delete_rule in ('CASCADE', 'SET NULL')`.execute(
            handle.db,
          );
    const fromSchema: Record<string, string[]> = {};
    for (const { parent, child } of keys.rows)
      fromSchema[parent] = [...new Set([...(fromSchema[parent] ?? []), child])].sort();
    expect(fromSchema).toEqual(DELETES_CHANGE);
  });

  it("a seat taken on a condition about its wheel leaves the wheel's version; a deleted wheel moves its slots'", async () => {
    const wheelId = await createTestWheel(handle, { name: 'Deleted', description: 'x', slotCount: 2 });
    const [wheelsBefore, slotsBefore] = [wheels(), handle.changes.version(['slots'])];
    await handle.db
      .updateTable('slots')
      .set({ occupied_at: null })
      .where('wheel_id', '=', wheelId)
      .where((eb) => eb.exists(eb.selectFrom('wheels').select('id').where('wheels.id', '=', wheelId)))
      .execute();
    expect(wheels()).toBe(wheelsBefore);
    expect(handle.changes.version(['slots'])).toBeGreaterThan(slotsBefore);
    const slotsThen = handle.changes.version(['slots']);
    await handle.db.deleteFrom('wheels').where('id', '=', wheelId).execute();
    expect(handle.changes.version(['slots'])).toBeGreaterThan(slotsThen);
    expect(
      await handle.db.selectFrom('slots').select('id').where('wheel_id', '=', wheelId).execute(),
    ).toEqual([]);
  });

  it('a write made through the app, seen by the version the read caches check', async () => {
    const before = wheels();
    await createTestWheel(handle, { name: 'Through the repository', description: 'x', slotCount: 2 });
    expect(wheels()).toBeGreaterThan(before);
  });

  /** A wheel and one of its slots, inserted on the transaction. */
  async function createTestWheelIn(trx: Kysely<Database>) {
    const { row, slotIds } = buildNewWheel(
      { name: 'In a transaction', description: 'x', slotCount: 2 },
      { clock: systemClock, random: cryptoRandom },
    );
    await trx.insertInto('wheels').values(row).execute();
    await trx
      .insertInto('slots')
      .values({
        id: slotIds[0] ?? '',
        wheel_id: row.id,
        position: 0,
        participant_id: null,
        occupied_at: null,
      })
      .execute();
  }
});
