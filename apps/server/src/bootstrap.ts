import type { AppConfig } from './config';
import { type DatabaseHandle, openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import type { Clock } from './lib/clock';
import type { Random } from './lib/random';
import { type SeedReport, seedDatabase } from './seed';

export interface PreparedDatabase {
  database: DatabaseHandle;
  seedReport: SeedReport;
}

/** Opens the configured database, brings its schema up to date and seeds what is missing. */
export async function prepareDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir' | 'adminUsername' | 'adminEmail' | 'adminPassword'>,
  deps: { clock: Clock; random: Random },
): Promise<PreparedDatabase> {
  const database = openDatabase(config);
  try {
    await migrateToLatest(database);
    const seedReport = await seedDatabase(
      database.db,
      {
        adminUsername: config.adminUsername,
        adminEmail: config.adminEmail,
        adminPassword: config.adminPassword,
      },
      deps,
    );
    return { database, seedReport };
  } catch (error) {
    await database.close();
    throw error;
  }
}
