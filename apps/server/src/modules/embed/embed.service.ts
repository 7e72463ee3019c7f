import { type EmbedSettings, embedPathFor, wheelIdSchema } from '@wheelmeet/contracts';
import { toJsonColumn } from '../../db/json';
import { notFound } from '../../lib/errors';
import type { Staff } from '../auth/auth.service';
import { WHEEL_NOT_FOUND } from '../wheels/wheels.service';
import type { EmbedRepository } from './embed.repository';
import { mayManage, storedOrigins } from './embed-rules';

/** Which sites may show a wheel in an iframe: the organiser's list, and what the embed page is told. */
export function createEmbedService(deps: { embed: EmbedRepository }) {
  const { embed } = deps;

  /** Someone else's wheel is 'not found', as in the rest of the admin area, so its existence stays private. */
  async function manageable(staff: Staff, wheelId: string) {
    const row = await embed.findWheel(wheelId);
    if (!row || !mayManage(staff, row.business_user_id)) throw notFound(WHEEL_NOT_FOUND);
    return row;
  }

  const settingsOf = (wheelId: string, origins: string[]): EmbedSettings => ({
    wheelId,
    allowedOrigins: origins,
    embedPath: embedPathFor(wheelId),
  });

  return {
    async settings(staff: Staff, wheelId: string): Promise<EmbedSettings> {
      const row = await manageable(staff, wheelId);
      return settingsOf(wheelId, storedOrigins(row.embed_origins));
    },

    /** Replaces the list (already validated and normalised by the contract's schema). */
    async save(staff: Staff, wheelId: string, origins: string[]): Promise<EmbedSettings> {
      await manageable(staff, wheelId);
      if (!(await embed.saveOrigins(wheelId, toJsonColumn(origins)))) throw notFound(WHEEL_NOT_FOUND);
      return settingsOf(wheelId, origins);
    },

    /** The sites that may frame the wheel's embed page; undefined when there is no such wheel. */
    async framingSites(wheelId: string): Promise<string[] | undefined> {
      if (!wheelIdSchema.safeParse(wheelId).success) return undefined;
      const row = await embed.findWheel(wheelId);
      return row ? storedOrigins(row.embed_origins) : undefined;
    },
  };
}

export type EmbedService = ReturnType<typeof createEmbedService>;
