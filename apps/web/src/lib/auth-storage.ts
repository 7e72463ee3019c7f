import {
  type RegisteredParticipant,
  type RegisterParticipantRequest,
  registeredParticipantSchema,
  registerParticipantRequestSchema,
  registerParticipantResponseSchema,
} from '@wheelmeet/contracts';

/**
 * localStorage keys; the spec fixes `admin_token` and `user`, the next two belong to the admin
 * session, and the device tokens outlive it.
 */
export const AUTH_STORAGE_KEYS = {
  adminToken: 'admin_token',
  adminUser: 'admin_user',
  adminUserType: 'admin_user_type',
  participant: 'user',
  deviceTokens: 'admin_device_tokens',
} as const;

/** The two kinds of admin-area accounts a login answers with. */
export type AdminUserType = 'Admin' | 'BusinessUser';

// Storage can throw (privacy modes, quota); auth must then degrade to "not signed in", never crash.
function read(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Nothing sensible to do: the session simply will not survive a reload.
  }
}

function remove(key: string): void {
  try {
    globalThis.localStorage?.removeItem(key);
  } catch {
    // Ignored for the same reason as in write().
  }
}

function readJson(key: string): unknown {
  const raw = read(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

export function getAdminToken(): string | null {
  const token = read(AUTH_STORAGE_KEYS.adminToken);
  return token ? token : null;
}

/** A stored token means signed in (spec section 4); the profile call verifies it later. */
export function hasAdminToken(): boolean {
  return getAdminToken() !== null;
}

/** Stores what a successful admin login returns. */
export function saveAdminSession(session: { token: string; userType: AdminUserType; user: unknown }): void {
  write(AUTH_STORAGE_KEYS.adminToken, session.token);
  write(AUTH_STORAGE_KEYS.adminUserType, session.userType);
  write(AUTH_STORAGE_KEYS.adminUser, JSON.stringify(session.user));
}

export function getAdminUserType(): AdminUserType | null {
  const value = read(AUTH_STORAGE_KEYS.adminUserType);
  return value === 'Admin' || value === 'BusinessUser' ? value : null;
}

/** The stored admin profile, unvalidated until the admin contracts define its shape. */
export function getStoredAdminUser(): unknown {
  return readJson(AUTH_STORAGE_KEYS.adminUser);
}

/**
 * Clears the token, the stored admin user and the user type; the participant identity and the
 * device tokens are kept.
 */
export function clearAdminSession(): void {
  remove(AUTH_STORAGE_KEYS.adminToken);
  remove(AUTH_STORAGE_KEYS.adminUser);
  remove(AUTH_STORAGE_KEYS.adminUserType);
}

// Device tokens (issue 36): a sign-in answers one for its account, and sending it with the next
// sign-in to that account lets the owner in while strangers are guessing. They are kept when
// signing out (that is their point), per username, newest first.

/** Usernames whose device tokens are kept: a shared browser's few people, not a growing list. */
export const DEVICE_TOKENS_KEPT = 10;

const usernameKey = (username: string) => username.trim().toLowerCase();

function readDeviceTokens(): [string, string][] {
  const stored = readJson(AUTH_STORAGE_KEYS.deviceTokens);
  if (!Array.isArray(stored)) return [];
  return stored.filter(
    (entry): entry is [string, string] =>
      Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string',
  );
}

/** The device token an earlier sign-in as `username` gave this browser, if any. */
export function getDeviceToken(username: string): string | null {
  const key = usernameKey(username);
  return readDeviceTokens().find(([name]) => name === key)?.[1] ?? null;
}

/** Keeps `username`'s device token, forgetting the least recently signed-in beyond DEVICE_TOKENS_KEPT. */
export function saveDeviceToken(username: string, token: string): void {
  const key = usernameKey(username);
  const others = readDeviceTokens().filter(([name]) => name !== key);
  write(
    AUTH_STORAGE_KEYS.deviceTokens,
    JSON.stringify([[key, token], ...others].slice(0, DEVICE_TOKENS_KEPT)),
  );
}

/**
 * The registered participant as kept under 'user': the user the API returned plus its token,
 * and the answers they registered with (the wheel's ring rule reads them, issue 38; a
 * participant stored before that has none).
 */
export type StoredParticipant = RegisteredParticipant & {
  token: string;
  answers?: RegisterParticipantRequest['registrationData'];
};

const storedParticipantSchema = registeredParticipantSchema.extend({
  token: registerParticipantResponseSchema.shape.token,
  answers: registerParticipantRequestSchema.shape.registrationData.optional(),
});

/** The registered participant, or null when none is stored or the stored value is not a valid participant. */
export function getStoredParticipant(): StoredParticipant | null {
  const parsed = storedParticipantSchema.safeParse(readJson(AUTH_STORAGE_KEYS.participant));
  return parsed.success ? parsed.data : null;
}

/** The participant registered for this wheel; someone registered on another wheel is not. */
export function getParticipantForWheel(wheelId: string): StoredParticipant | null {
  const participant = getStoredParticipant();
  return participant?.wheelId === wheelId ? participant : null;
}

export function saveParticipant(participant: StoredParticipant): void {
  write(AUTH_STORAGE_KEYS.participant, JSON.stringify(participant));
}

export function clearParticipant(): void {
  remove(AUTH_STORAGE_KEYS.participant);
}

/** Forgets the stored participant (of whichever wheel) when it holds `token`, e.g. after the hub refused it. */
export function forgetParticipantToken(token: string): void {
  if (getStoredParticipant()?.token === token) clearParticipant();
}

// Access grants for private wheels live in sessionStorage: a reload keeps the wheel open,
// closing the tab forgets it.
const accessGrantKey = (wheelId: string) => `wheel_access:${wheelId}`;

export function getWheelAccessGrant(wheelId: string): string | null {
  try {
    return globalThis.sessionStorage?.getItem(accessGrantKey(wheelId)) || null;
  } catch {
    return null;
  }
}

export function saveWheelAccessGrant(wheelId: string, grant: string): void {
  try {
    globalThis.sessionStorage?.setItem(accessGrantKey(wheelId), grant);
  } catch {
    // The wheel stays open until the page is reloaded.
  }
}

export function clearWheelAccessGrant(wheelId: string): void {
  try {
    globalThis.sessionStorage?.removeItem(accessGrantKey(wheelId));
  } catch {
    // Nothing to clear.
  }
}
