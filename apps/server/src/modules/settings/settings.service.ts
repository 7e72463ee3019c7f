import {
  DEFAULT_SETTINGS,
  SMTP_SUPER_ADMIN_ONLY,
  type Settings,
  type UpdateSettingsRequest,
} from '@wheelmeet/contracts';
import { z } from 'zod';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { SettingsRepository } from './settings.repository';

const SITE_SETTINGS_KEY = 'site';
/** Where the write-only SMTP password is kept (read by email notifications only). */
export const SMTP_PASSWORD_KEY = 'smtp.password';

const storedSettingsSchema = z.record(z.string(), z.unknown());

/**
 * Whether a save would point the server at another mail server: its host, port or username
 * differ from the stored ones, or a new password is given. A blank password keeps the stored one.
 */
export function changesMailServer(current: Settings, input: UpdateSettingsRequest): boolean {
  return (
    input.smtpServer !== current.smtpServer ||
    input.smtpPort !== current.smtpPort ||
    input.smtpUsername !== current.smtpUsername ||
    Boolean(input.smtpPassword)
  );
}

/**
 * Site settings, kept on the server (the spec's were browser-only). The SMTP password is
 * write-only: it is stored apart and only whether one is set is ever sent back.
 */
export function createSettingsService(deps: { settings: SettingsRepository; clock: Clock }) {
  const { settings, clock } = deps;

  async function read(): Promise<Settings> {
    const stored = (await settings.get(SITE_SETTINGS_KEY, storedSettingsSchema)) ?? {};
    const merged = { ...DEFAULT_SETTINGS } as Record<string, unknown>;
    for (const key of Object.keys(DEFAULT_SETTINGS)) {
      if (key in stored) merged[key] = stored[key];
    }
    const password = await settings.get(SMTP_PASSWORD_KEY, z.string());
    return { ...(merged as Omit<Settings, 'smtpPasswordSet'>), smtpPasswordSet: Boolean(password) };
  }

  return {
    get: read,

    /** Saves the settings; only a super admin may change the mail server (issue 36). */
    async update(input: UpdateSettingsRequest, by: { superAdmin: boolean }): Promise<Settings> {
      if (!by.superAdmin && changesMailServer(await read(), input))
        throw new AppError('forbidden', SMTP_SUPER_ADMIN_ONLY);
      const { smtpPassword, ...site } = input;
      const now = clock.now().toISOString();
      await settings.set(SITE_SETTINGS_KEY, site, now);
      if (smtpPassword) await settings.set(SMTP_PASSWORD_KEY, smtpPassword, now);
      return read();
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
