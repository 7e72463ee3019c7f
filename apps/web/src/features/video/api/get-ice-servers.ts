import { clientConfigSchema } from '@wheelmeet/contracts';
import { api } from '@/lib/api-client';

/**
 * The ICE servers for a call, from GET /api/config. The participant's token goes along so the
 * server adds short-lived TURN credentials; without it only STUN comes back.
 */
export async function getIceServers(participantToken: string): Promise<RTCIceServer[]> {
  const config = await api.get('/api/config', clientConfigSchema, {
    headers: { Authorization: `Bearer ${participantToken}` },
  });
  return config.iceServers.map(({ urls, username, credential }) => ({
    urls,
    ...(username === undefined ? {} : { username }),
    ...(credential === undefined ? {} : { credential }),
  }));
}
