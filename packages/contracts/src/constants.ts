/** Limits and timings shared by the server and the web app (spec sections 5 and 9). */

export const PARTICIPANT_AGE_MIN = 18;
export const PARTICIPANT_AGE_MAX = 100;

export const WHEEL_SLOT_COUNT_MIN = 2;
export const WHEEL_SLOT_COUNT_MAX = 100;
export const WHEEL_SLOT_COUNT_DEFAULT = 12;

/** Length of a round unless the server is configured otherwise. */
export const DEFAULT_ROUND_SECONDS = 60;
/** Spin animation: three turns over about 2 s, then a 2 s final rotation. */
export const SPIN_ANIMATION_MS = 4_000;
/** The rings reset and slots clear this long after a spin completes. */
export const ROUND_RESET_MS = 8_000;

/** How long after the reveal a match can be answered (decision 010); the next spin closes it sooner. */
export const MATCH_ANSWER_WINDOW_MS = 30_000;
/** How long after the answer deadline an accepted match may go without its call starting. */
export const MATCH_CALL_START_WINDOW_MS = 60_000;

/** Issue 13: how long a call lasts when the organiser did not choose (decision 014). */
export const CALL_MINUTES_DEFAULT = 5;
export const CALL_MINUTES_MIN = 1;
export const CALL_MINUTES_MAX = 60;
/** When this much of a call is left, both people are told. */
export const CALL_ENDING_WARNING_MS = 30_000;

export const PASSWORD_MIN_LENGTH = 8;

export const GENDER_OPTIONS = ['male', 'female', 'other'] as const;
export const IDENTITY_OPTIONS = ['student', 'expat', 'traveller', 'professional', 'other'] as const;

export const WHEEL_STATUSES = ['Active', 'Inactive', 'Completed', 'Expired'] as const;

/** Real-time client: reconnect after 0, 2, 10 and 30 s, then stop trying (spec section 9). */
export const REALTIME_RECONNECT_DELAYS_MS = [0, 2_000, 10_000, 30_000] as const;
/**
 * Issue 11: after the spec's delays the client keeps retrying instead of stopping, every
 * 1–2 s (uniformly jittered), so a browser is back within about 2 s of the hub being reachable.
 */
export const REALTIME_RETRY_MIN_MS = 1_000;
export const REALTIME_RETRY_MAX_MS = 2_000;
/** When the hub is not connected yet, the wheel screen tries to join once more after this. */
export const JOIN_RETRY_MS = 1_000;
/** The hub's path on the server. */
export const HUB_PATH = '/hubs/wheel';
/**
 * The order browsers try Socket.IO's transports in: a WebSocket first, long-polling only where
 * none can be opened (a proxy that blocks it), with `tryAllTransports` (decision 024).
 */
export const HUB_TRANSPORTS: string[] = ['websocket', 'polling'];
