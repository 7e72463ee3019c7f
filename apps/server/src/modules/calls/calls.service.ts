import { createHmac } from 'node:crypto';
import type { CallTimerEvent, IceServer } from '@wheelmeet/contracts';
import type { DomainEvents } from '../../events/domain-events';
import type { Clock } from '../../lib/clock';
import { AppError, notFound, refusal } from '../../lib/errors';
import { sideOf } from '../matches/matches.service';
import { callLengthMs, callTimerOf, extendedEnd, extensionStep, isTimeUp, retimedEnd } from './call-timer';
import type { CallsRepository } from './calls.repository';

export const CALL_NEEDS_BOTH_ACCEPTS = 'The call opens once you have both accepted the match.';
export const CALL_TIME_UP = "This call's time is up.";
export const CALL_NOT_RUNNING = 'The call has not started yet.';
/** Someone hung up (or left the wheel): the call is over for both and does not open again (issue 33). */
export const CALL_ENDED = 'This call has ended.';
export const CALL_EXTENDED_ALREADY = 'This call was extended once already.';
/** The server closed the match (a block or a removal, decision 016): said neutrally, as to both. */
export const CALL_MATCH_ENDED = 'This match ended.';
export const CALL_END_CONFLICT = 'The call changed while its end was being moved. Please try again.';
/**
 * How often a move of a call's end (a length change, an extension) reads the call again when
 * another move lands between its read and its write; one of the racing moves lands per attempt.
 */
const CALL_END_ATTEMPTS = 10;

/** An ended call that ended because its time was up (the round ticker ends it at its end), not by a hang-up. */
const endedByTime = (call: { call_ended_at: string | null; call_ends_at: string | null }) =>
  call.call_ended_at !== null &&
  call.call_ends_at !== null &&
  Date.parse(call.call_ended_at) >= Date.parse(call.call_ends_at);

type RunningCallEnd = { id: string; call_started_at: string; call_ends_at: string; call_extended: boolean };

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

export function createCallsService(deps: {
  calls: CallsRepository;
  clock: Clock;
  ice: IceSettings;
  events: DomainEvents;
}) {
  const { calls, clock, ice, events } = deps;

  /**
   * The match's call and its two people, for one of them; refuses strangers, matches not
   * accepted by both, and calls that are over: closed by the server, ended (a hang-up is final,
   * issue 33: nothing is relayed for the match afterwards) or out of time.
   */
  async function callFor(matchId: string, participantId: string) {
    const call = await calls.findCall(matchId);
    if (!call) throw notFound('Match not found');
    const side = sideOf(call, participantId);
    if (call.status !== 'Accepted') throw refusal('call_not_ready', CALL_NEEDS_BOTH_ACCEPTS);
    if (call.closed_at) throw refusal('match_closed', CALL_MATCH_ENDED);
    const now = clock.now();
    if (call.call_ended_at !== null) {
      // The round ticker ends a call whose time is up at its end: that one is said as time up.
      throw endedByTime(call) ? refusal('call_time_up', CALL_TIME_UP) : refusal('call_ended', CALL_ENDED);
    }
    if (isTimeUp(call, now)) throw refusal('call_time_up', CALL_TIME_UP);
    const partnerId = side === 'user1' ? call.user2_id : call.user1_id;
    return { call, partnerId, participantIds: [call.user1_id, call.user2_id] as const };
  }

  /** The call's clock as it is in the database now. */
  async function timerOf(matchId: string): Promise<CallTimerEvent> {
    const call = await calls.findCall(matchId);
    if (!call?.call_ends_at || !call.call_started_at) throw refusal('call_not_running', CALL_NOT_RUNNING);
    return callTimerOf(
      matchId,
      { ...call, call_started_at: call.call_started_at, call_ends_at: call.call_ends_at },
      callLengthMs(call.call_minutes),
      clock.now(),
    );
  }

  /**
   * Moves a running call's end to what the wheel's call length `callMinutes` says. When
   * something else moves it first (the two people's extension), the call is read again and
   * moved from there, so the length still reaches it; a later change of the length itself
   * owns the call instead. False when there was nothing to move.
   */
  async function moveToLength(call: RunningCallEnd, callMinutes: number | null, now: Date): Promise<boolean> {
    let current = call;
    for (let attempt = 0; attempt < CALL_END_ATTEMPTS; attempt += 1) {
      const endsAt = retimedEnd(current, callLengthMs(callMinutes), now);
      if (endsAt === current.call_ends_at) return false;
      const expected = { endsAt: current.call_ends_at, wheelCallMinutes: callMinutes };
      if (await calls.moveEnd(call.id, expected, endsAt)) return true;
      const again = await calls.findCall(call.id);
      if (!again?.call_started_at || !again.call_ends_at || again.call_minutes !== callMinutes) return false;
      if (isTimeUp(again, now)) return false;
      const { call_started_at, call_ends_at, call_extended } = again;
      current = { id: call.id, call_started_at, call_ends_at, call_extended };
    }
    throw new AppError('conflict', CALL_END_CONFLICT);
  }

  return {
    /**
     * The caller's offer for a pending match (decision 036): kept until both have accepted, or,
     * when they already have, handed on now, as SendOffer would. The partner to hand it to now
     * (null while it is kept); refuses as SendOffer does.
     */
    async prepareOffer(matchId: string, participantId: string, sdp: string): Promise<string | null> {
      if (!(await calls.keepPreparedOffer(matchId, participantId, sdp))) {
        return (await callFor(matchId, participantId)).partnerId;
      }
      // The partner's accept may have landed between the keep and this look: whoever takes the offer hands it on.
      const call = await calls.findCall(matchId);
      if (call?.status !== 'Accepted' || (await calls.takePreparedOffer(matchId)) === null) return null;
      return call.user2_id;
    },

    /**
     * The offer kept for `matchId`, taken once: to hand on when both have accepted, or to drop
     * when the match was declined.
     */
    takePreparedOffer: (matchId: string) => calls.takePreparedOffer(matchId),

    /** Drops the offers kept for matches the server closed: nobody will take them. */
    dropOffersOfClosedMatches: () => calls.dropOffersOfClosedMatches(),

    /** The other person of an accepted match whose call's time is not up; refuses anyone else. */
    async partnerFor(matchId: string, participantId: string): Promise<string> {
      return (await callFor(matchId, participantId)).partnerId;
    },

    /** The call (re)started (an answer went through): its clock starts at the first start; an ended call stays ended. */
    async callStarted(matchId: string): Promise<CallTimerEvent> {
      const call = await calls.findCall(matchId);
      if (!call) throw notFound('Match not found');
      const now = clock.now();
      const endsAt = new Date(now.getTime() + callLengthMs(call.call_minutes)).toISOString();
      if (!(await calls.markStarted(matchId, now.toISOString(), endsAt))) {
        // Hung up while the answer was on its way: the call stays ended.
        const again = await calls.findCall(matchId);
        if (again?.call_ended_at && !endedByTime(again)) throw refusal('call_ended', CALL_ENDED);
        throw refusal('call_time_up', CALL_TIME_UP);
      }
      return timerOf(matchId);
    },

    /**
     * One person asks to extend the running call: the first ask is recorded, the other's
     * agrees and extends it by its length, once. The call's clock and who hears it.
     */
    async askToExtend(matchId: string, participantId: string) {
      // When the other person's ask, or a change of the call length, lands between our read and
      // our write, the next look sees it: two asks at the same moment still extend the call, by
      // the length the wheel has then.
      for (let attempt = 0; ; attempt += 1) {
        if (attempt === CALL_END_ATTEMPTS) throw new AppError('conflict', CALL_END_CONFLICT);
        const { call, partnerId } = await callFor(matchId, participantId);
        if (!call.call_ends_at || call.call_ended_at) throw refusal('call_not_running', CALL_NOT_RUNNING);
        const at = clock.now().toISOString();
        const step = extensionStep(call, participantId);
        if (step === 'alreadyExtended') throw refusal('call_extended_already', CALL_EXTENDED_ALREADY);
        if (step === 'alreadyAsked') break;
        const done =
          step === 'record'
            ? await calls.recordExtensionAsk(matchId, participantId, at)
            : await calls.extend(
                matchId,
                { askedFirst: partnerId, endsAt: call.call_ends_at },
                extendedEnd(call.call_ends_at, callLengthMs(call.call_minutes)),
                at,
              );
        if (done) break;
      }
      const { participantIds } = await callFor(matchId, participantId);
      return { timer: await timerOf(matchId), participantIds };
    },

    /**
     * The organiser changed the wheel's call length (it is stored already): every call of the
     * wheel still running ends when the new length says, and both people hear the new clock.
     */
    async retime(wheelId: string, callMinutes: number | null): Promise<void> {
      const now = clock.now();
      for (const call of await calls.listRunningOn(wheelId, now.toISOString())) {
        if (!(await moveToLength(call, callMinutes, now))) continue;
        await events.publish('callTimerChanged', {
          timer: await timerOf(call.id),
          participantIds: [call.user1_id, call.user2_id],
        });
      }
    },

    /** Someone hung up: the call ends for good (issue 33). False when it had ended already. */
    async callEnded(matchId: string): Promise<boolean> {
      const ended = await calls.markEnded(matchId, clock.now().toISOString());
      if (ended)
        await events.publish('callEnded', { matchId, participantIds: [ended.user1_id, ended.user2_id] });
      return ended !== undefined;
    },
    /** Someone left the wheel: their open calls end; the calls and partners concerned. */
    async endCallsOf(participantId: string) {
      const ended = await calls.markEndedFor(participantId, clock.now().toISOString());
      for (const call of ended)
        await events.publish('callEnded', {
          matchId: call.id,
          participantIds: [participantId, call.partnerId],
        });
      return ended;
    },

    /** Ends every call whose time is up (the round ticker calls this); each is announced once, on any process. */
    async endTimeUp(): Promise<void> {
      for (const call of await calls.listTimeUp(clock.now().toISOString())) {
        if (await calls.endAtTime(call.id)) {
          await events.publish('callTimeUp', {
            event: { matchId: call.id },
            participantIds: [call.user1_id, call.user2_id],
          });
        }
      }
    },

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
