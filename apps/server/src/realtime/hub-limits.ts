import type { AttemptLimit } from '../lib/attempt-limiter';

/*
 * The hub's rate limits, in one place so the docs can cite them. Each is a fixed window of the
 * clock (`AttemptLimiter`, decision 029). The numbers sit well above what a real browser sends and
 * well below a flood. What a browser sends, per person and round: JoinWheel once (again after a
 * reconnect), TakeSlot once or twice, AcceptMatch or DeclineMatch, and for a video call an offer
 * or an answer, its ICE candidates (the client queues them and sends them all at once when the
 * answer arrives; a dozen or two) and EndCall: about 30 calls, most in the seconds after the
 * reveal. The number of live connections per address is `hubConnectionsPerAddress` in config
 * (HUB_CONNECTIONS_PER_ADDRESS, default 200), because a venue's people may share one address.
 */

/**
 * Hub calls (every client→server event) one connection may make per second. A browser's
 * busiest second is a call's set-up: an offer or answer, up to a couple of dozen ICE
 * candidates at once, an accept: 40 leaves room for that and for a retry.
 */
export const HUB_CALLS_PER_CONNECTION: AttemptLimit = { maxAttempts: 40, windowMs: 1_000 };

/**
 * Hub calls one client address may make per 10 s, over all its connections. A venue of 100
 * people behind one address makes about 30 calls each per 60-s round: 50 calls a second on
 * average, and if everyone set up a call inside the same 10 s, 3,000. 5,000 per 10 s is 10×
 * the venue's average and above its worst burst, while capping what many sockets from one
 * address can do together (200 connections × 40/s would otherwise be 8,000 calls a second).
 */
export const HUB_CALLS_PER_ADDRESS: AttemptLimit = { maxAttempts: 5_000, windowMs: 10_000 };

/**
 * Refused calls a connection may make per second before it is disconnected: a client that
 * keeps going at three times its limit (40 answered + 80 refused) is not a browser backing off.
 */
export const HUB_REFUSALS_BEFORE_DISCONNECT: AttemptLimit = { maxAttempts: 80, windowMs: 1_000 };

/**
 * Signalling messages (offer, answer, ICE candidates, hang-up) per participant, over all their
 * connections, per 10 s. A call's set-up takes an offer, an answer and a few dozen ICE
 * candidates; this leaves room for retries. Kept per participant, not per connection, and not
 * forgotten on disconnect, so more tabs or reconnecting do not buy more.
 */
export const SIGNALLING_MESSAGES_PER_PARTICIPANT: AttemptLimit = { maxAttempts: 200, windowMs: 10_000 };

export interface HubLimits {
  callsPerConnection: AttemptLimit;
  callsPerAddress: AttemptLimit;
  refusalsBeforeDisconnect: AttemptLimit;
  signallingPerParticipant: AttemptLimit;
}

export const HUB_LIMITS: HubLimits = {
  callsPerConnection: HUB_CALLS_PER_CONNECTION,
  callsPerAddress: HUB_CALLS_PER_ADDRESS,
  refusalsBeforeDisconnect: HUB_REFUSALS_BEFORE_DISCONNECT,
  signallingPerParticipant: SIGNALLING_MESSAGES_PER_PARTICIPANT,
};

/** What a client is told when the hub refuses it for going too fast. */
export const TOO_MANY_CONNECTIONS =
  'Too many connections from your network. Please close other tabs and try again.';
export const TOO_MANY_CALLS = 'Too many requests. Please slow down and try again in a moment.';
export const TOO_MANY_SIGNALLING_MESSAGES = 'Too many call messages. Please wait a moment.';
