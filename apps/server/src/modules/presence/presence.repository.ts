import { type Kysely, sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import type { Database } from '../../db/schema';

/** Run for every run of pushes to a wheel, so built once (db/compiled-once.ts). */
const reservePushSeqs = compiledOnce(
  ['wheelId', 'count'],
  (db, { wheelId, count }: { wheelId: string; count: number }) =>
    db
      .insertInto('wheel_push_sequences')
      .values({ wheel_id: wheelId, seq: count })
      .onConflict((conflict) =>
        conflict.column('wheel_id').doUpdateSet({ seq: sql<number>`wheel_push_sequences.seq + ${count}` }),
      )
      .returning('seq'),
);

/** Read for every JoinWheel's snapshot, so built once too. */
const pushSeqOf = compiledOnce(['wheelId'], (db, { wheelId }: { wheelId: string }) =>
  db.selectFrom('wheel_push_sequences').select('seq').where('wheel_id', '=', wheelId),
);

/** Each wheel's push number (issue 36): one row per wheel, shared by every server process. */
export function createPresenceRepository(db: Kysely<Database>) {
  return {
    /**
     * Takes the wheel's next `count` push numbers and answers the last: one statement, so two
     * processes never get the same one.
     */
    async reservePushSeqs(wheelId: string, count: number): Promise<number> {
      const [row] = await reservePushSeqs(db, { wheelId, count });
      if (!row) throw new Error(`no push number for wheel ${wheelId}`);
      return Number(row.seq);
    },

    /** The number of the wheel's latest push; 0 before its first. */
    async currentPushSeq(wheelId: string): Promise<number> {
      const [row] = await pushSeqOf(db, { wheelId });
      return Number(row?.seq ?? 0);
    },
  };
}

export type PresenceRepository = ReturnType<typeof createPresenceRepository>;
