import {
  matchActionRequestSchema,
  sendAnswerRequestSchema,
  sendIceCandidateRequestSchema,
  sendMediaStateRequestSchema,
  sendOfferRequestSchema,
} from '@wheelmeet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { DomainEvents } from '../../events/domain-events';
import type { AttemptLimiter } from '../../lib/attempt-limiter';
import { AppError, refusal } from '../../lib/errors';
import { acknowledged } from '../../realtime/acknowledge';
import { keepAfterAck } from '../../realtime/call-drain';
import { TOO_MANY_SIGNALLING_MESSAGES } from '../../realtime/hub-limits';
import { type HubSocket, participantRoom, type WheelHub } from '../../realtime/sockets';
import type { CallsService } from './calls.service';

const REGISTER_TO_CALL = 'Register on the wheel to join a video call.';

/**
 * Video-call signalling: offers, answers and ICE candidates go to the other person of an
 * accepted match, and to nobody else. Each participant may send a limited number per window,
 * over all their connections (`signalLimiter`, keyed by participant; a disconnect does not
 * reset it, so reconnecting buys nothing).
 */
export function registerCallHandlers(
  socket: HubSocket,
  deps: { hub: WheelHub; calls: CallsService; signalLimiter: AttemptLimiter; log: FastifyBaseLogger },
) {
  const { hub, calls, signalLimiter, log } = deps;

  function caller(): string {
    const me = socket.data.participant;
    if (!me) throw refusal('registration_required', REGISTER_TO_CALL);
    return me.participantId;
  }

  async function withinSignalLimit(): Promise<string> {
    const me = caller();
    if (!(await signalLimiter.tryAttempt(me)))
      throw new AppError('rate_limited', TOO_MANY_SIGNALLING_MESSAGES);
    return me;
  }

  const partner = async (matchId: string) => calls.partnerFor(matchId, await withinSignalLimit());

  /**
   * The call's clock starts once an answer is through, and both people hear it (CallTimer). The
   * answerer's ICE candidates wait for SendAnswer's acknowledgement, so that does not wait for
   * the clock's write; a shutdown does (`keepAfterAck`). A clock that cannot start belongs to a
   * call whose time is up: the round ticker ends that call and tells both (CallTimeUp).
   */
  function startClock(matchId: string, people: readonly string[]) {
    keepAfterAck(
      socket,
      calls.callStarted(matchId).then(
        (timer) => hub.to(people.map(participantRoom)).emit('CallTimer', timer),
        (error: unknown) => {
          if (!(error instanceof AppError)) log.error({ err: error }, "a call's clock could not start");
        },
      ),
    );
  }

  socket.on(
    'SendOffer',
    acknowledged(sendOfferRequestSchema, log, async ({ matchId, offer }) => {
      hub.to(participantRoom(await partner(matchId))).emit('OfferReceived', { matchId, offer });
      return null;
    }),
  );
  socket.on(
    'PrepareOffer',
    acknowledged(sendOfferRequestSchema, log, async ({ matchId, offer }) => {
      const partnerNow = await calls.prepareOffer(matchId, await withinSignalLimit(), offer.sdp);
      if (partnerNow) hub.to(participantRoom(partnerNow)).emit('OfferReceived', { matchId, offer });
      return null;
    }),
  );
  socket.on(
    'SendAnswer',
    acknowledged(sendAnswerRequestSchema, log, async ({ matchId, answer }) => {
      const other = await partner(matchId);
      hub.to(participantRoom(other)).emit('AnswerReceived', { matchId, answer });
      startClock(matchId, [other, caller()]);
      return null;
    }),
  );
  socket.on(
    'SendIceCandidate',
    acknowledged(sendIceCandidateRequestSchema, log, async ({ matchId, candidate }) => {
      hub.to(participantRoom(await partner(matchId))).emit('IceCandidateReceived', { matchId, candidate });
      return null;
    }),
  );
  /**
   * A hang-up is final (issue 33): the call ends for both, every later signal for the match is
   * refused (`call_ended`), and both people hear CallEnded, on each of their connections, so
   * their wheels say so (and a second screen of the one who hung up closes its call too). A
   * second EndCall is refused the same way and tells nobody anything again.
   */
  socket.on(
    'EndCall',
    acknowledged(matchActionRequestSchema, log, async ({ matchId }) => {
      const me = caller();
      const other = await partner(matchId);
      if (await calls.callEnded(matchId)) {
        hub.to([participantRoom(other), participantRoom(me)]).emit('CallEnded', { matchId, userId: me });
      }
      return null;
    }),
  );
  socket.on(
    'ExtendCall',
    acknowledged(matchActionRequestSchema, log, async ({ matchId }) => {
      const { timer, participantIds } = await calls.askToExtend(matchId, caller());
      hub.to(participantIds.map(participantRoom)).emit('CallTimer', timer);
      return timer;
    }),
  );
  socket.on(
    'RejoinCall',
    acknowledged(matchActionRequestSchema, log, async ({ matchId }) => {
      hub.to(participantRoom(await partner(matchId))).emit('CallRejoined', { matchId, userId: caller() });
      return null;
    }),
  );
  socket.on(
    'FailCall',
    acknowledged(matchActionRequestSchema, log, async ({ matchId }) => {
      hub.to(participantRoom(await partner(matchId))).emit('CallFailed', { matchId, userId: caller() });
      return null;
    }),
  );
  socket.on(
    'SendMediaState',
    acknowledged(sendMediaStateRequestSchema, log, async ({ matchId, cameraOn, microphoneOn }) => {
      hub
        .to(participantRoom(await partner(matchId)))
        .emit('MediaStateChanged', { matchId, userId: caller(), cameraOn, microphoneOn });
      return null;
    }),
  );
}

/**
 * Decision 036: the caller's offer kept for a pending match goes to the partner (user2) the
 * moment the match is accepted by both, in the turn that accepted it; a match declined drops
 * it, and one closed unanswered loses it at the wheel's next reveal. On whichever process the news starts; the room reaches the partner anywhere.
 */
export function handOnPreparedOffers(deps: { hub: WheelHub; calls: CallsService; events: DomainEvents }) {
  const { hub, calls, events } = deps;
  events.subscribe('matchAccepted', async ({ event: { matchId, status }, participantIds: [, answerer] }) => {
    if (status !== 'Accepted') return;
    const sdp = await calls.takePreparedOffer(matchId);
    if (sdp)
      hub.to(participantRoom(answerer)).emit('OfferReceived', { matchId, offer: { type: 'offer', sdp } });
  });
  events.subscribe('matchDeclined', async ({ event: { matchId } }) => {
    await calls.takePreparedOffer(matchId);
  });
  // Matches closed unanswered go many at a time: their offers go in one statement, at the reveal.
  events.subscribe('matchesRevealed', () => calls.dropOffersOfClosedMatches());
}
