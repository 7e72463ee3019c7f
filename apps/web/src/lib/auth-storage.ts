import { type Participant, participantSchema } from '@wheelmeet/contracts';

/** localStorage keys; the spec fixes `admin_token` and `user`, the other two belong to the admin session. */
export const AUTH_STORAGE_KEYS = {
  adminToken: 'admin_token',
  adminUser: 'admin_user',
  adminUserType: 'admin_user_type',
  participant: 'user',
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

/** Clears the token, the stored admin user and the user type; the participant identity is kept. */
export function clearAdminSession(): void {
  remove(AUTH_STORAGE_KEYS.adminToken);
  remove(AUTH_STORAGE_KEYS.adminUser);
  remove(AUTH_STORAGE_KEYS.adminUserType);
}

/** The registered participant, or null when none is stored or the stored value is not a valid participant. */
export function getStoredParticipant(): Participant | null {
  const parsed = participantSchema.safeParse(readJson(AUTH_STORAGE_KEYS.participant));
  return parsed.success ? parsed.data : null;
}

export function saveParticipant(participant: Participant): void {
  write(AUTH_STORAGE_KEYS.participant, JSON.stringify(participant));
}

export function clearParticipant(): void {
  remove(AUTH_STORAGE_KEYS.participant);
}
