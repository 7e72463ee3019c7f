import type { Kysely, Selectable } from 'kysely';
import type { Database, PlansTable } from '../../db/schema';

export type PlanRow = Selectable<PlansTable>;

export function createPlansRepository(db: Kysely<Database>) {
  return {
    listAll(): Promise<PlanRow[]> {
      return db.selectFrom('plans').selectAll().orderBy('sort_order').orderBy('id').execute();
    },

    findById(id: string): Promise<PlanRow | undefined> {
      return db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Adds the plan unless one with its id exists; an existing plan, perhaps edited since, is left alone. */
    async insertIfMissing(plan: PlanRow): Promise<void> {
      await db
        .insertInto('plans')
        .values(plan)
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();
    },
  };
}

export type PlansRepository = ReturnType<typeof createPlansRepository>;
