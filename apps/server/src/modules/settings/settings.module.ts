import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { createSettingsRepository } from './settings.repository';
import { createSettingsService, type SettingsService } from './settings.service';

type SettingsServiceDeps = Parameters<typeof createSettingsService>[0];

/**
 * Site settings: the repository and the service. No routes of their own (the admin area's
 * dashboard module serves them, email notifications read them), so nothing to register.
 */
export function createSettings(
  deps: Omit<SettingsServiceDeps, 'settings'> & { db: Kysely<Database> },
): SettingsService {
  const { db, ...service } = deps;
  return createSettingsService({ ...service, settings: createSettingsRepository(db) });
}
