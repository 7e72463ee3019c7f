import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The sites allowed to embed a wheel, kept on the wheel (decision 017). */
export function createEmbedRepository(db: Kysely<Database>) {
  return {
    findWheel(wheelId: string) {
      return db
        .selectFrom('wheels')
        .select(['id', 'business_user_id', 'embed_origins'])
        .where('id', '=', wheelId)
        .executeTakeFirst();
    },

    /** One statement: of two saves at once, the later one wins whole, never a mix of both. */
    async saveOrigins(wheelId: string, originsJson: string): Promise<boolean> {
      const result = await db
        .updateTable('wheels')
        .set({ embed_origins: originsJson })
        .where('id', '=', wheelId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}

export type EmbedRepository = ReturnType<typeof createEmbedRepository>;
