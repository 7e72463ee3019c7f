import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { fromJsonColumn, toJsonColumn } from '../../db/json';
import type { Database } from '../../db/schema';

/** Server-side settings as JSON values under string keys. */
export function createSettingsRepository(db: Kysely<Database>) {
  return {
    async get<T>(key: string, schema: z.ZodType<T>): Promise<T | undefined> {
      const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
      return row ? fromJsonColumn<T | undefined>(row.value, schema, undefined) : undefined;
    },

    async set(key: string, value: unknown, updatedAt: string): Promise<void> {
      await db
        .insertInto('settings')
        .values({ key, value: toJsonColumn(value), updated_at: updatedAt })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({ value: toJsonColumn(value), updated_at: updatedAt }),
        )
        .execute();
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
