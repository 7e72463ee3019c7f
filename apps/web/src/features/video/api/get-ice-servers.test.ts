import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/render';
import { getIceServers } from './get-ice-servers';

describe('getIceServers', () => {
  it("asks /api/config with the participant's token and returns its ICE servers", async () => {
    const fetchMock = mockFetch({
      'GET /api/config': jsonResponse({
        iceServers: [
          { urls: ['stun:stun.example.org:3478'] },
          { urls: ['turn:turn.example.org:3478'], username: '1700000000:p', credential: 'secret' },
        ],
        payments: { mode: 'test', publishableKey: null },
        rounds: { defaultRoundSeconds: 60, spinAnimationMs: 4000, resetMs: 8000 },
      }),
    });

    await expect(getIceServers('participant-token')).resolves.toEqual([
      { urls: ['stun:stun.example.org:3478'] },
      { urls: ['turn:turn.example.org:3478'], username: '1700000000:p', credential: 'secret' },
    ]);
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toMatchObject({ Authorization: 'Bearer participant-token' });
  });
});
