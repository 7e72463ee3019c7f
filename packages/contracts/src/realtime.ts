import { z } from 'zod';
import { errorCodeSchema, refusalReasonSchema } from './errors';
import { type AnnouncementEvent, announcementSchema, type EventEndedEvent } from './event';
import { openWheelSchema, participantSchema, wheelIdSchema } from './http/wheels';
import { STAYING_ENDED_REASONS } from './matching';
import { pushSeqSchema, type ResyncEvent } from './wheel-sync';

/*
 * The hub at /hubs/wheel (Socket.IO). Each client call takes one object with the spec's named
 * arguments and is answered by an acknowledgement: `{ data }` on success or
 * `{ error: { code, reason, message } }`. Server events carry the spec's payloads plus the wheel id,
 * so a client on several wheels can tell them apart.
 */

/** 'Expired': closed by the server (decision 010): unanswered in time, partner left, or no call. */
export const matchStatusSchema = z.enum(['Pending', 'Accepted', 'Rejected', 'Expired']);
export type MatchStatus = z.infer<typeof matchStatusSchema>;

/** Why the server closed a match. 'ended': for a reason neither side is told (a block, a removal; decision 016). */
export const matchExpiryReasonSchema = z.enum(['unanswered', 'partnerLeft', 'callNotStarted', 'ended']);
export type MatchExpiryReason = z.infer<typeof matchExpiryReasonSchema>;

export const matchSchema = z
  .object({
    id: z.uuid(),
    wheelId: wheelIdSchema,
    round: z.number().int().positive(),
    user1: participantSchema,
    user2: participantSchema,
    status: matchStatusSchema,
    acceptedByUser1: z.boolean(),
    acceptedByUser2: z.boolean(),
    /** Until when a pending match can be answered; null for a match from before lifetimes. */
    answerBy: z.iso.datetime().nullable(),
    /**
     * True once the match's call has ended (a hang-up, time up, someone left): it does not open
     * again, so a reload after it opens no call (issue 33). Absent from events that do not know.
     */
    callEnded: z.boolean().optional(),
    /** Issue 35: the round's icebreaker prompt; null when the wheel has none. Absent from events that do not know. */
    prompt: z.string().nullable().optional(),
  })
  .meta({ id: 'Match' });
export type Match = z.infer<typeof matchSchema>;

// ---- client → server ------------------------------------------------------------------------

export const joinWheelRequestSchema = z.object({
  wheelId: wheelIdSchema,
  /** Needed for a wheel behind an access code: from POST /api/wheels/{id}/access. */
  accessGrant: z.string().max(2_000).optional(),
});
export type JoinWheelRequest = z.infer<typeof joinWheelRequestSchema>;

export const leaveWheelRequestSchema = z.object({ wheelId: wheelIdSchema });
export type LeaveWheelRequest = z.infer<typeof leaveWheelRequestSchema>;

export const takeSlotRequestSchema = z.object({
  wheelId: wheelIdSchema,
  userId: z.uuid(),
  slotId: z.uuid(),
});
export type TakeSlotRequest = z.infer<typeof takeSlotRequestSchema>;

/** Issue 12: move to another free slot before the spin; the caller keeps their old slot if it fails. */
export const changeSlotRequestSchema = z.object({ wheelId: wheelIdSchema, slotId: z.uuid() });
export type ChangeSlotRequest = z.infer<typeof changeSlotRequestSchema>;

/** Issue 12: give up the slot but stay on the wheel (watching); refused while the wheel spins. */
export const leaveSlotRequestSchema = z.object({ wheelId: wheelIdSchema });
export type LeaveSlotRequest = z.infer<typeof leaveSlotRequestSchema>;

export const matchActionRequestSchema = z.object({ matchId: z.uuid() });
export type MatchActionRequest = z.infer<typeof matchActionRequestSchema>;

// ---- video call signalling (relayed only between the two people of an accepted match) ----

/** Bounds that keep a relay message small; real offers and answers are a few kilobytes. */
export const SDP_MAX_LENGTH = 32_000;
export const ICE_CANDIDATE_MAX_LENGTH = 2_000;

export const sessionDescriptionSchema = z.object({
  type: z.enum(['offer', 'answer']),
  sdp: z.string().min(1).max(SDP_MAX_LENGTH),
});
export type SessionDescription = z.infer<typeof sessionDescriptionSchema>;

export const iceCandidateSchema = z.object({
  candidate: z.string().max(ICE_CANDIDATE_MAX_LENGTH),
  sdpMid: z.string().max(64).nullish(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullish(),
  usernameFragment: z.string().max(256).nullish(),
});
export type IceCandidate = z.infer<typeof iceCandidateSchema>;

export const sendOfferRequestSchema = z.object({
  matchId: z.uuid(),
  offer: sessionDescriptionSchema.refine((description) => description.type === 'offer', 'must be an offer'),
});
export type SendOfferRequest = z.infer<typeof sendOfferRequestSchema>;

export const sendAnswerRequestSchema = z.object({
  matchId: z.uuid(),
  answer: sessionDescriptionSchema.refine(
    (description) => description.type === 'answer',
    'must be an answer',
  ),
});
export type SendAnswerRequest = z.infer<typeof sendAnswerRequestSchema>;

export const sendIceCandidateRequestSchema = z.object({ matchId: z.uuid(), candidate: iceCandidateSchema });
export type SendIceCandidateRequest = z.infer<typeof sendIceCandidateRequestSchema>;

/** Whether the sender's camera and microphone are on, so the partner's screen can say so. */
export const mediaStateSchema = z.object({ cameraOn: z.boolean(), microphoneOn: z.boolean() });
export type MediaState = z.infer<typeof mediaStateSchema>;

export const sendMediaStateRequestSchema = mediaStateSchema.extend({ matchId: z.uuid() });
export type SendMediaStateRequest = z.infer<typeof sendMediaStateRequestSchema>;

/** The spin in progress, for a client that joins or comes back mid-spin. */
export const spinStateSchema = z.object({
  round: z.number().int().positive(),
  startedAt: z.iso.datetime(),
  innerOffset: z.number().int().nonnegative(),
  outerOffset: z.number().int().nonnegative(),
  /** When the matches are (or were) revealed and the rings come to rest. */
  revealAt: z.iso.datetime(),
  /** When the slots clear and the next round's countdown starts. */
  resetAt: z.iso.datetime(),
});
export type SpinState = z.infer<typeof spinStateSchema>;

/** JoinWheel's answer: everything a client needs to draw the wheel, on first join or after a reconnect. */
export const wheelSnapshotSchema = z
  .object({
    wheel: openWheelSchema,
    /** The server's clock, so countdowns agree even when the browser's clock is off. */
    serverTime: z.iso.datetime(),
    spin: spinStateSchema.nullable(),
    /**
     * The caller's matches of the current round once revealed, and any earlier match of theirs
     * still open (pending, or accepted with a call to start or rejoin). Empty for a visitor.
     */
    myMatches: z.array(matchSchema),
    /** Issue 38: the caller's seat is kept for the next round (seated, or back after their call). */
    staying: z.boolean(),
    /** Issue 35: the host's latest announcement, for people who arrive after it; null if none. */
    announcement: announcementSchema.nullable(),
    /** Issue 36: the wheel's push number this snapshot is current to; later pushes carry higher ones. */
    seq: pushSeqSchema,
  })
  .meta({ id: 'WheelSnapshot' });
export type WheelSnapshot = z.infer<typeof wheelSnapshotSchema>;

export const hubErrorSchema = z.object({
  error: z.object({ code: errorCodeSchema, reason: refusalReasonSchema, message: z.string() }),
});
export type HubError = z.infer<typeof hubErrorSchema>;
export type HubResult<T> = { data: T } | HubError;
export type HubAck<T> = (result: HubResult<T>) => void;

export interface ClientToServerEvents {
  JoinWheel: (request: JoinWheelRequest, ack: HubAck<WheelSnapshot>) => void;
  LeaveWheel: (request: LeaveWheelRequest, ack: HubAck<null>) => void;
  TakeSlot: (request: TakeSlotRequest, ack: HubAck<null>) => void;
  ChangeSlot: (request: ChangeSlotRequest, ack: HubAck<null>) => void;
  LeaveSlot: (request: LeaveSlotRequest, ack: HubAck<null>) => void;
  AcceptMatch: (request: MatchActionRequest, ack: HubAck<Match>) => void;
  DeclineMatch: (request: MatchActionRequest, ack: HubAck<Match>) => void;
  SendOffer: (request: SendOfferRequest, ack: HubAck<null>) => void;
  /**
   * Issue 37 (decision 036): the caller's (user1's) offer, sent while the match is still pending.
   * The server keeps it and hands it to the partner (OfferReceived) the moment both have
   * accepted, or at once when they already have; nobody sees it before. Refused as SendOffer is
   * for anyone else, or for a match that was declined or closed.
   */
  PrepareOffer: (request: SendOfferRequest, ack: HubAck<null>) => void;
  SendAnswer: (request: SendAnswerRequest, ack: HubAck<null>) => void;
  SendIceCandidate: (request: SendIceCandidateRequest, ack: HubAck<null>) => void;
  /**
   * Hangs up, for good (issue 33): the call's end is recorded and both people hear CallEnded.
   * Every later signal for the match, EndCall included, is refused with reason `call_ended`.
   */
  EndCall: (request: MatchActionRequest, ack: HubAck<null>) => void;
  /**
   * Issue 12: the sender came back to an accepted match (a reload, a new device) and has no
   * connection any more; the partner hears CallRejoined and the caller (user1) offers again.
   */
  RejoinCall: (request: MatchActionRequest, ack: HubAck<null>) => void;
  /**
   * The sender's side of the call could not start once both had accepted (a camera or microphone
   * refused, missing or busy; a WebRTC step that failed): their connection is closed, and they
   * may press Retry. The partner hears CallFailed and waits for that instead of counting the call
   * as lost. Why is not said: it is the sender's to tell.
   */
  FailCall: (request: MatchActionRequest, ack: HubAck<null>) => void;
  /** Issue 12: the sender turned their camera or microphone on or off; the partner hears MediaStateChanged. */
  SendMediaState: (request: SendMediaStateRequest, ack: HubAck<null>) => void;
  /**
   * Issue 13: asks to extend the running call once by its length. The first ask is recorded;
   * the same ask from the other person extends it. Both hear CallTimer either way.
   */
  ExtendCall: (request: MatchActionRequest, ack: HubAck<CallTimerEvent>) => void;
  /**
   * Issue 38: keeps the caller's seat for the next rounds (on by default once they sit) or stops
   * keeping it. Refused with `not_seated` when they hold no seat and wait for none after a call.
   */
  SetStaying: (request: SetStayingRequest, ack: HubAck<StayingState>) => void;
  /** Issue 38: seats the caller where they are likeliest to meet someone new, on their ring. */
  TakeAnySeat: (request: TakeAnySeatRequest, ack: HubAck<TakenSeat>) => void;
}

/** Issue 38: keep the caller's seat for the next rounds, or stop keeping it. */
export const setStayingRequestSchema = z.object({ wheelId: wheelIdSchema, staying: z.boolean() });
export type SetStayingRequest = z.infer<typeof setStayingRequestSchema>;
export const stayingStateSchema = z.object({ staying: z.boolean() });
export type StayingState = z.infer<typeof stayingStateSchema>;

/** Issue 38: the server picks the free seat where the caller is likeliest to meet someone new. */
export const takeAnySeatRequestSchema = z.object({ wheelId: wheelIdSchema });
export type TakeAnySeatRequest = z.infer<typeof takeAnySeatRequestSchema>;
export const takenSeatSchema = z.object({ slotId: z.uuid() });
export type TakenSeat = z.infer<typeof takenSeatSchema>;

// ---- server → client ------------------------------------------------------------------------

/**
 * Issue 36: a push to a wheel's room carries the wheel's push number (wheel-sync.ts). A seat
 * change keeps it out of the change itself: SlotsChanged numbers the batch, and the spec's
 * SlotTaken and SlotLeft of one batch share its number.
 */
export const wheelPushNumber = { seq: pushSeqSchema.optional() };

export const wheelSpinStartedEventSchema = spinStateSchema.extend({
  wheelId: wheelIdSchema,
  ...wheelPushNumber,
});
export type WheelSpinStartedEvent = z.infer<typeof wheelSpinStartedEventSchema>;

export const matchesCreatedEventSchema = z.object({
  wheelId: wheelIdSchema,
  matches: z.array(matchSchema),
  ...wheelPushNumber,
});
export type MatchesCreatedEvent = z.infer<typeof matchesCreatedEventSchema>;

export const wheelSpinCompletedEventSchema = z.object({
  wheelId: wheelIdSchema,
  matches: z.array(matchSchema),
  currentRound: z.number().int().positive(),
  lastSpinDate: z.iso.datetime(),
  /** People who sat this round without a partner; they come first next round. */
  unmatchedUserIds: z.array(z.uuid()),
  resetAt: z.iso.datetime(),
  ...wheelPushNumber,
});
export type WheelSpinCompletedEvent = z.infer<typeof wheelSpinCompletedEventSchema>;

/** The slots have cleared and the countdown for the next round runs (or waits for people, or is paused). */
export const roundScheduledEventSchema = z.object({
  wheelId: wheelIdSchema,
  currentRound: z.number().int().nonnegative(),
  lastSpinDate: z.iso.datetime().nullable(),
  nextSpinAt: z.iso.datetime().nullable(),
  /** The organiser has paused the rounds (nextSpinAt is null until they resume). */
  roundsPaused: z.boolean(),
  /** True when the round just ended and every slot was emptied. */
  slotsCleared: z.boolean(),
  /** Issue 35: the event's start as it now stands (the organiser may start it early or move it). */
  startsAt: z.iso.datetime().nullable().optional(),
  ...wheelPushNumber,
});
export type RoundScheduledEvent = z.infer<typeof roundScheduledEventSchema>;

/**
 * Someone sat down: who and where (the spec's payload) and since when. No profile: everyone on
 * the wheel has it already, from JoinWheel's snapshot or the person's UserJoined, and a seat
 * change goes to the whole room (decision 027).
 */
export const slotTakenEventSchema = z.object({
  wheelId: wheelIdSchema,
  userId: z.uuid(),
  slotId: z.uuid(),
  occupiedAt: z.iso.datetime(),
  ...wheelPushNumber,
});
export type SlotTakenEvent = z.infer<typeof slotTakenEventSchema>;

export const slotLeftEventSchema = z.object({
  wheelId: wheelIdSchema,
  userId: z.uuid(),
  slotId: z.uuid(),
  ...wheelPushNumber,
});
export type SlotLeftEvent = z.infer<typeof slotLeftEventSchema>;

/**
 * The seats taken and given up on a wheel during one short tick (SLOT_CHANGES_TICK_MS), in the
 * order they happened: one push per wheel and tick instead of one per seat to everyone on it.
 * Each change is what SlotTaken or SlotLeft carries, with its `kind` and without the wheel id,
 * which the push names once.
 */
export const slotsChangedEventSchema = z.object({
  wheelId: wheelIdSchema,
  changes: z.array(
    z.discriminatedUnion('kind', [
      slotTakenEventSchema.omit({ wheelId: true, seq: true }).extend({ kind: z.literal('taken') }),
      slotLeftEventSchema.omit({ wheelId: true, seq: true }).extend({ kind: z.literal('left') }),
    ]),
  ),
  ...wheelPushNumber,
});
export type SlotsChangedEvent = z.infer<typeof slotsChangedEventSchema>;
/** How long the server gathers a wheel's seat changes before it pushes them as one SlotsChanged. */
export const SLOT_CHANGES_TICK_MS = 100;

export const userPresenceEventSchema = z.object({
  wheelId: wheelIdSchema,
  user: participantSchema,
  ...wheelPushNumber,
});
export type UserPresenceEvent = z.infer<typeof userPresenceEventSchema>;

export const matchAcceptedEventSchema = z.object({
  matchId: z.uuid(),
  userId: z.uuid(),
  acceptedByUser1: z.boolean(),
  acceptedByUser2: z.boolean(),
  status: matchStatusSchema,
});
export type MatchAcceptedEvent = z.infer<typeof matchAcceptedEventSchema>;

export const matchDeclinedEventSchema = z.object({ matchId: z.uuid(), userId: z.uuid() });
export type MatchDeclinedEvent = z.infer<typeof matchDeclinedEventSchema>;

/** What a person is told when the server closed their match. */
export const MATCH_EXPIRED_TEXTS = {
  /** To someone who had accepted and waited for the other. */
  partnerDidNotAnswer: "Your match didn't answer in time",
  /** To someone who had not answered, or whose call never started. */
  expired: 'This match expired',
  partnerLeft: 'Your match left the wheel',
  /** A block or a removal (decision 016): neutral, so nobody learns they were blocked. */
  ended: 'This match ended.',
} as const;

/** The server closed a match; both people hear it (decision 010). */
export const matchExpiredEventSchema = z.object({
  wheelId: wheelIdSchema,
  matchId: z.uuid(),
  reason: matchExpiryReasonSchema,
});
export type MatchExpiredEvent = z.infer<typeof matchExpiredEventSchema>;

export const offerReceivedEventSchema = z.object({ matchId: z.uuid(), offer: sessionDescriptionSchema });
export type OfferReceivedEvent = z.infer<typeof offerReceivedEventSchema>;
export const answerReceivedEventSchema = z.object({ matchId: z.uuid(), answer: sessionDescriptionSchema });
export type AnswerReceivedEvent = z.infer<typeof answerReceivedEventSchema>;
export const iceCandidateReceivedEventSchema = z.object({ matchId: z.uuid(), candidate: iceCandidateSchema });
export type IceCandidateReceivedEvent = z.infer<typeof iceCandidateReceivedEventSchema>;
/**
 * The call ended for good (issue 33): `userId` hung up or left the wheel. Both people hear it, on
 * each of their connections; afterwards every signal for the match is refused (`call_ended`).
 */
export const callEndedEventSchema = z.object({ matchId: z.uuid(), userId: z.uuid() });
export type CallEndedEvent = z.infer<typeof callEndedEventSchema>;
/** Issue 13: the call's clock, sent to both when the call (re)starts and when an extension is asked or agreed. */
export const callTimerEventSchema = z.object({
  matchId: z.uuid(),
  /**
   * When the call first started (kept through reloads and reconnects), so the call's clock shows
   * the time since then rather than since this page connected (issue 33).
   */
  startedAt: z.iso.datetime(),
  /** When the server ends the call. */
  endsAt: z.iso.datetime(),
  /** The server's clock when it sent this, so the time left is right on a browser whose clock is off. */
  serverTime: z.iso.datetime(),
  /** The call's length; an extension adds it once more. */
  lengthSeconds: z.number().int().positive(),
  extended: z.boolean(),
  /** Who asked to extend and waits for the other to agree; null when nobody (or once extended). */
  extensionRequestedBy: z.uuid().nullable(),
});
export type CallTimerEvent = z.infer<typeof callTimerEventSchema>;
/** Issue 13: the call's time is up; the server ended it for both. */
export const callTimeUpEventSchema = z.object({ matchId: z.uuid() });
export type CallTimeUpEvent = z.infer<typeof callTimeUpEventSchema>;
export const callRejoinedEventSchema = z.object({ matchId: z.uuid(), userId: z.uuid() });
export type CallRejoinedEvent = z.infer<typeof callRejoinedEventSchema>;
export const callFailedEventSchema = z.object({ matchId: z.uuid(), userId: z.uuid() });
export type CallFailedEvent = z.infer<typeof callFailedEventSchema>;
export const mediaStateChangedEventSchema = mediaStateSchema.extend({ matchId: z.uuid(), userId: z.uuid() });
export type MediaStateChangedEvent = z.infer<typeof mediaStateChangedEventSchema>;

/** Issue 13 (3): the organiser removed this participant from the wheel; the server then drops them from its room. */
export const removedFromWheelEventSchema = z.object({ wheelId: wheelIdSchema, message: z.string() });
export type RemovedFromWheelEvent = z.infer<typeof removedFromWheelEventSchema>;

/** Issue 38: the server stopped keeping this person's seat for them, and says why (STAYING_ENDED_TEXTS). */
export const stayingEndedEventSchema = z.object({
  wheelId: wheelIdSchema,
  reason: z.enum(STAYING_ENDED_REASONS),
  message: z.string(),
});
export type StayingEndedEvent = z.infer<typeof stayingEndedEventSchema>;

export interface ServerToClientEvents {
  WheelSpinStarted: (event: WheelSpinStartedEvent) => void;
  MatchesCreated: (event: MatchesCreatedEvent) => void;
  WheelSpinCompleted: (event: WheelSpinCompletedEvent) => void;
  RoundScheduled: (event: RoundScheduledEvent) => void;
  SlotTaken: (event: SlotTakenEvent) => void;
  SlotLeft: (event: SlotLeftEvent) => void;
  SlotsChanged: (event: SlotsChangedEvent) => void;
  UserJoined: (event: UserPresenceEvent) => void;
  UserLeft: (event: UserPresenceEvent) => void;
  MatchAccepted: (event: MatchAcceptedEvent) => void;
  MatchDeclined: (event: MatchDeclinedEvent) => void;
  MatchExpired: (event: MatchExpiredEvent) => void;
  OfferReceived: (event: OfferReceivedEvent) => void;
  AnswerReceived: (event: AnswerReceivedEvent) => void;
  IceCandidateReceived: (event: IceCandidateReceivedEvent) => void;
  CallEnded: (event: CallEndedEvent) => void;
  CallRejoined: (event: CallRejoinedEvent) => void;
  CallFailed: (event: CallFailedEvent) => void;
  MediaStateChanged: (event: MediaStateChangedEvent) => void;
  CallTimer: (event: CallTimerEvent) => void;
  CallTimeUp: (event: CallTimeUpEvent) => void;
  RemovedFromWheel: (event: RemovedFromWheelEvent) => void;
  StayingEnded: (event: StayingEndedEvent) => void;
  /** Issue 35: the host spoke to everyone on the wheel. */
  Announcement: (event: AnnouncementEvent) => void;
  /** Issue 35: the event is over; no seat can be taken any more. */
  EventEnded: (event: EventEndedEvent) => void;
  /** Issue 36: this server process's link to the others is back; join your wheels again for a fresh snapshot. */
  Resync: (event: ResyncEvent) => void;
}

/**
 * What a connection may ask the hub for beyond the spec, in the handshake's `auth.capabilities`.
 * - `SlotsChanged`: a wheel's seat changes as one batched SlotsChanged per tick, instead of the
 *   spec's SlotTaken and SlotLeft one per change (which is what a connection gets by default).
 */
export const HUB_CAPABILITIES = ['SlotsChanged'] as const;
export type HubCapability = (typeof HUB_CAPABILITIES)[number];
/** Bounds on the list, so a handshake stays small; a list beyond them is refused. */
export const HUB_CAPABILITIES_MAX = 16;
export const HUB_CAPABILITY_NAME_MAX_LENGTH = 64;
export const HUB_CAPABILITIES_MESSAGE = `auth.capabilities must be a list of at most ${HUB_CAPABILITIES_MAX} names, such as ['SlotsChanged'].`;

const isHubCapability = (name: string): name is HubCapability =>
  (HUB_CAPABILITIES as readonly string[]).includes(name);

/**
 * The handshake: `auth.token` is the participant token; a visitor without one may watch.
 * `auth.capabilities` names what the client asks for beyond the spec (HUB_CAPABILITIES). A name
 * this server does not know is ignored, so a newer client can ask an older server; a list that
 * is not a list of short names is refused (`validation_failed`), since a client that means to
 * ask for something would otherwise silently get the spec's events.
 */
export const hubHandshakeAuthSchema = z.object({
  token: z.string().max(2_000).optional(),
  capabilities: z
    .array(
      z
        .string({ error: HUB_CAPABILITIES_MESSAGE })
        .max(HUB_CAPABILITY_NAME_MAX_LENGTH, HUB_CAPABILITIES_MESSAGE),
      { error: HUB_CAPABILITIES_MESSAGE },
    )
    .max(HUB_CAPABILITIES_MAX, HUB_CAPABILITIES_MESSAGE)
    .optional()
    .transform((names = []) => [...new Set(names.filter(isHubCapability))]),
});
export type HubHandshakeAuth = z.input<typeof hubHandshakeAuthSchema>;
