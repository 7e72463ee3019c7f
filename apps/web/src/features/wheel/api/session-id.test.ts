import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStoredParticipant, WHEEL_ID } from '@/test/fixtures';
import { jsonResponse, mockFetch, requestBodies } from '@/test/render';
import { registerParticipant } from './register-participant';
import { browserSessionId, SESSION_ID_STORAGE_KEY } from './session-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const OTHER_WHEEL_ID = '11111111-2222-4333-8444-555555555555';

const { token, ...user } = makeStoredParticipant();

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the browser's sessionId (decision 016)", () => {
  it('is one random UUID per browser, sent with every registration and kept across reloads', async () => {
    const fetchMock = mockFetch({ 'POST /api/users/anonymous': jsonResponse({ user, token }, 201) });
    const registrationData = { age: 40, gender: 'female' };

    await registerParticipant({ wheelId: WHEEL_ID, connectionId: null, registrationData });
    await registerParticipant({ wheelId: WHEEL_ID, connectionId: 'socket-1', registrationData });
    await registerParticipant({ wheelId: OTHER_WHEEL_ID, connectionId: null, registrationData });

    const sent = requestBodies(fetchMock, '/api/users/anonymous').map((body) => body.sessionId);
    const stored = localStorage.getItem(SESSION_ID_STORAGE_KEY);
    expect(stored).toMatch(UUID);
    expect(sent).toEqual([stored, stored, stored]);

    // A reload reads the same one back; nothing generates another.
    const randomUUID = vi.spyOn(crypto, 'randomUUID');
    expect(browserSessionId()).toBe(stored);
    expect(randomUUID).not.toHaveBeenCalled();
  });

  it('replaces a stored value that is not a UUID with a fresh one, and keeps that', () => {
    localStorage.setItem(SESSION_ID_STORAGE_KEY, 'not-a-uuid');
    const id = browserSessionId();
    expect(id).toMatch(UUID);
    expect(localStorage.getItem(SESSION_ID_STORAGE_KEY)).toBe(id);
    expect(browserSessionId()).toBe(id);
  });

  it('falls back to one fresh id for the page when storage cannot be used', async () => {
    vi.resetModules();
    const { browserSessionId: fresh } = await import('./session-id');
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    const id = fresh();
    expect(id).toMatch(UUID);
    expect(fresh()).toBe(id);
  });
});
