import type { Presence } from '../modules/wheels/wheels.service';
import { type WheelHub, wheelRoom } from './hub';

/** Who is on a wheel right now: the participants with a connection in its room, on any server process. */
export function createPresence(getHub: () => WheelHub | undefined): Presence & {
  isPresent(wheelId: string, participantId: string): Promise<boolean>;
} {
  const activeParticipantIds = async (wheelId: string) => {
    const hub = getHub();
    if (!hub) return [];
    const sockets = await hub.in(wheelRoom(wheelId)).fetchSockets();
    const ids = sockets.flatMap((socket) =>
      socket.data.participant?.wheelId === wheelId ? [socket.data.participant.participantId] : [],
    );
    return [...new Set(ids)];
  };
  return {
    activeParticipantIds,
    async isPresent(wheelId, participantId) {
      return (await activeParticipantIds(wheelId)).includes(participantId);
    },
  };
}
