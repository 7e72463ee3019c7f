import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { DatabaseHandle } from './database';
import { domainModelMigration } from './migrations/0001-domain-model';
import { roundStateMigration } from './migrations/0002-round-state';
import { securityMigration } from './migrations/0003-security';
import { matchLifetimeMigration } from './migrations/0004-match-lifetime';
import { answerWindowMigration } from './migrations/0005-answer-window';
import { timedCallsMigration } from './migrations/0006-timed-calls';
import { connectionsMigration } from './migrations/0007-connections';
import { metPairsIndexMigration } from './migrations/0008-met-pairs-index';
import { safetyMigration } from './migrations/0009-safety';
import { embedOriginsMigration } from './migrations/0010-embed-origins';
import { apiKeysMigration } from './migrations/0011-api-keys';
import { emailMigration } from './migrations/0012-email';
import { removalsByWheelMigration } from './migrations/0013-removals-by-wheel';
import { eventOutboxMigration } from './migrations/0014-event-outbox';
import { handledReportsMigration } from './migrations/0015-handled-reports';
import { webhookEventsToDeliveriesMigration } from './migrations/0016-webhook-events-to-deliveries';
import { matchingMigration } from './migrations/0017-matching';
import { eventsMigration } from './migrations/0018-events';
import { deviceTokensMigration } from './migrations/0019-device-tokens';
import { pushSequencesMigration } from './migrations/0020-push-sequences';
import { preparedOffersMigration } from './migrations/0021-prepared-offers';
import { tickerIndexesMigration } from './migrations/0022-ticker-indexes';
import { columnTypes } from './migrations/column-types';

/** Migrations in order; a name, once released, never changes. */
function migrationsFor(handle: DatabaseHandle): Record<string, Migration> {
  const types = columnTypes(handle.dialect);
  return {
    '0001-domain-model': domainModelMigration(types),
    '0002-round-state': roundStateMigration(types),
    '0003-security': securityMigration(types),
    '0004-match-lifetime': matchLifetimeMigration(types),
    '0005-answer-window': answerWindowMigration(),
    '0006-timed-calls': timedCallsMigration(types),
    '0007-connections': connectionsMigration(types),
    '0008-met-pairs-index': metPairsIndexMigration(),
    '0009-safety': safetyMigration(types),
    '0010-embed-origins': embedOriginsMigration(),
    '0011-api-keys': apiKeysMigration(types),
    '0012-email': emailMigration(types),
    '0013-removals-by-wheel': removalsByWheelMigration(),
    '0014-event-outbox': eventOutboxMigration(types),
    '0015-handled-reports': handledReportsMigration(types),
    '0016-webhook-events-to-deliveries': webhookEventsToDeliveriesMigration(),
    '0017-matching': matchingMigration(types),
    '0018-events': eventsMigration(types),
    '0019-device-tokens': deviceTokensMigration(types),
    '0020-push-sequences': pushSequencesMigration(),
    '0021-prepared-offers': preparedOffersMigration(),
    '0022-ticker-indexes': tickerIndexesMigration(),
  };
}

/** Brings the schema up to date; throws (and changes nothing further) when a migration fails. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(handle) };
  const migrator = new Migrator({ db: handle.db, provider });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed`, { cause: error });
  }
  return results.map((result) => result.migrationName);
}
