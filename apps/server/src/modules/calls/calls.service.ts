import { createHmac } from 'node:crypto';
import type { IceServer } from '@wheelmeet/contracts';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import { sideOf } from '../matches/matches.service';
import type { CallsRepository } from './calls.repository';

export const CALL_NEEDS_BOTH_ACCEPTS = 'The call opens once you have both accepted the match.';

/**
 * TURN REST credentials as coturn's `use-auth-secret` checks them: the username is
 * `expiry:participantId` (expiry in Unix seconds) and the password the base64 HMAC-SHA1 of
 * the username under the shared secret. They expire on their own; the secret stays here.
 */
export function turnCredentials(secret: string, participantId: string, expiresAt: Date) {
  const username = `${Math.floor(expiresAt.getTime() / 1000)}:${participantId}`;
  const credential = createHmac('sha1', secret).update(username).digest('base64');
  return { username, credential };
}

export interface IceSettings {
  stunUrls: string[];
  turnUrls: string[];
  turnSecret: string | undefined;
  turnCredentialTtlSeconds: number;
}

export function createCallsService(deps: { calls: CallsRepository; clock: Clock; ice: IceSettings }) {
  const { calls, clock, ice } = deps;
  return {
    /** The other person of an accepted match; refuses strangers and matches not accepted by both. */
    async partnerFor(matchId: string, participantId: string): Promise<string> {
      const match = await calls.findParties(matchId);
      if (!match) throw notFound('Match not found');
      const side = sideOf(match, participantId);
      if (match.status !== 'Accepted') throw new AppError('conflict', CALL_NEEDS_BOTH_ACCEPTS);
      return side === 'user1' ? match.user2_id : match.user1_id;
    },

    callStarted: (matchId: string) => calls.markStarted(matchId, clock.now().toISOString()),
    callEnded: (matchId: string) => calls.markEnded(matchId, clock.now().toISOString()),
    /** Someone left the wheel: their open calls end; the calls and partners concerned. */
    endCallsOf: (participantId: string) => calls.markEndedFor(participantId, clock.now().toISOString()),

    /** STUN for everyone; TURN, with fresh short-lived credentials, for a participant. */
    iceServers(participantId: string | undefined): IceServer[] {
      const servers: IceServer[] = ice.stunUrls.length > 0 ? [{ urls: ice.stunUrls }] : [];
      if (participantId && ice.turnSecret && ice.turnUrls.length > 0) {
        const expiresAt = new Date(clock.now().getTime() + ice.turnCredentialTtlSeconds * 1000);
        servers.push({ urls: ice.turnUrls, ...turnCredentials(ice.turnSecret, participantId, expiresAt) });
      }
      return servers;
    },
  };
}

export type CallsService = ReturnType<typeof createCallsService>;
