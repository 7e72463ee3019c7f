import type { VideoCallEnvironment } from './video-call-environment';

/**
 * How long ICE servers fetched for a match still to be answered are used again, by its Accept
 * and its call: half the shortest life the server gives TURN credentials (60 s), so a list used
 * at the end of this still has half its life left.
 */
export const ICE_SERVERS_REUSE_MS = 30_000;

/**
 * The ICE servers for a participant: those fetched for them in the last ICE_SERVERS_REUSE_MS,
 * or fetched now. A failed fetch gives none (and is asked again next time).
 */
export function createIceServerCache({
  loadIceServers,
  now,
}: Pick<VideoCallEnvironment, 'loadIceServers' | 'now'>): (token: string) => Promise<RTCIceServer[]> {
  let fetched: { token: string; servers: Promise<RTCIceServer[]>; at: number } | null = null;
  return (token) => {
    const at = now();
    if (fetched?.token === token && at - fetched.at < ICE_SERVERS_REUSE_MS) return fetched.servers;
    const servers: Promise<RTCIceServer[]> = loadIceServers(token).catch((error: unknown) => {
      // Without STUN/TURN a call still works on the same network; worth trying, and asking again.
      console.warn('Could not load ICE servers', error);
      if (fetched?.servers === servers) fetched = null;
      return [];
    });
    fetched = { token, servers, at };
    return servers;
  };
}
