import { describe, expect, it, vi } from 'vitest';
import { flushPromises } from '@/test/fake-webrtc';
import { createIceServerCache, ICE_SERVERS_REUSE_MS } from './ice-server-cache';

const SERVERS = [{ urls: ['stun:stun.example.org:3478'] }];

describe('createIceServerCache', () => {
  it('uses the servers fetched for the same person within ICE_SERVERS_REUSE_MS', async () => {
    const clock = { now: 0 };
    const loadIceServers = vi.fn(async () => SERVERS);
    const iceServersFor = createIceServerCache({ loadIceServers, now: () => clock.now });
    await expect(iceServersFor('token')).resolves.toEqual(SERVERS);
    clock.now = ICE_SERVERS_REUSE_MS - 1;
    await iceServersFor('token');
    expect(loadIceServers).toHaveBeenCalledTimes(1);
    await iceServersFor('other-token');
    clock.now = 2 * ICE_SERVERS_REUSE_MS;
    await iceServersFor('other-token');
    expect(loadIceServers).toHaveBeenCalledTimes(3);
  });

  it('goes on without servers when the fetch fails, and fetches again next time', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const loadIceServers = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(SERVERS);
    const iceServersFor = createIceServerCache({ loadIceServers, now: () => 0 });
    await expect(iceServersFor('token')).resolves.toEqual([]);
    await flushPromises();
    await expect(iceServersFor('token')).resolves.toEqual(SERVERS);
  });
});
