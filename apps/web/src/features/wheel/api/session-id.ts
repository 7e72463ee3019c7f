import { registerParticipantRequestSchema } from '@wheelmeet/contracts';

/** Where the browser keeps the id it registers with (localStorage, beside the spec's 'user'). */
export const SESSION_ID_STORAGE_KEY = 'session_id';

const sessionIdSchema = registerParticipantRequestSchema.shape.sessionId;

// When storage cannot be used (privacy modes, quota), one id for as long as the page lives.
let pageSessionId: string | undefined;

/**
 * The sessionId this browser registers with: a random UUID generated once and kept, so every
 * registration from this browser carries the same one. The server refuses it on a wheel whose
 * organiser removed a participant who registered with it (decision 016). Someone who clears
 * their storage or opens another browser gets a new one; it stops the reload and the return.
 */
export function browserSessionId(): string {
  try {
    const stored = globalThis.localStorage?.getItem(SESSION_ID_STORAGE_KEY);
    if (stored && sessionIdSchema.safeParse(stored).success) return stored;
    const fresh = crypto.randomUUID();
    globalThis.localStorage?.setItem(SESSION_ID_STORAGE_KEY, fresh);
    if (globalThis.localStorage?.getItem(SESSION_ID_STORAGE_KEY) === fresh) return fresh;
  } catch {
    // Storage is unavailable: fall through to the page's own id.
  }
  pageSessionId ??= crypto.randomUUID();
  return pageSessionId;
}
