import type { DatabaseHandle } from '../../src/db/database';
import { systemClock } from '../../src/lib/clock';
import { cryptoRandom } from '../../src/lib/random';
import { createWheelsRepository } from '../../src/modules/wheels/wheels.repository';
import { buildNewWheel, type NewWheel } from '../../src/modules/wheels/wheels.service';

/** Adds a wheel with its slots straight to the database; its id. */
export async function createTestWheel(database: DatabaseHandle, input: NewWheel): Promise<string> {
  const { row, slotIds } = buildNewWheel(input, { clock: systemClock, random: cryptoRandom });
  await createWheelsRepository(database.db).insertWithSlots(row, slotIds);
  return row.id;
}
