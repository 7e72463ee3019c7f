import { REMOVED_FROM_WHEEL } from '@wheelmeet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { hubError } from '../../realtime/acknowledge';
import { type HubSocket, participantRoom, type WheelHub, wheelRoomsOf } from '../../realtime/sockets';

/**
 * Hub calls that relay between the two people of a running call. They are not checked one by
 * one (a call sends many of them): a removal closes the person's matches, and the calls
 * service refuses signalling on a closed match.
 */
const RELAYS = new Set(['SendOffer', 'PrepareOffer', 'SendAnswer', 'SendIceCandidate', 'SendMediaState']);

/**
 * Every other hub call of a participant's connection asks the database whether they were
 * removed, and a removed one is answered with the refusal and put out of the wheel's room.
 */
export function guardRemovedParticipants(
  socket: HubSocket,
  deps: { isRemoved: (participantId: string) => Promise<boolean>; log: FastifyBaseLogger },
) {
  socket.use((packet, next) => {
    const me = socket.data.participant;
    const [event] = packet;
    if (!me || RELAYS.has(String(event))) return next();
    deps.isRemoved(me.participantId).then(
      (removed) => {
        if (!removed) return next();
        const ack = packet[packet.length - 1];
        if (typeof ack === 'function') ack(hubError('forbidden', REMOVED_FROM_WHEEL, 'removed_from_wheel'));
        socket.emit('RemovedFromWheel', { wheelId: me.wheelId, message: REMOVED_FROM_WHEEL });
        socket.data.joinedWheels = socket.data.joinedWheels.filter((id) => id !== me.wheelId);
        for (const room of wheelRoomsOf(me.wheelId)) void socket.leave(room);
      },
      (error: unknown) => {
        deps.log.warn({ err: error }, 'could not check for a removal; the hub call goes on');
        next();
      },
    );
  });
}

/** Tells the removed participant's connections, on any process, and takes them out of the wheel's room. */
export function announceRemoval(hub: WheelHub, wheelId: string, participantId: string) {
  hub.to(participantRoom(participantId)).emit('RemovedFromWheel', { wheelId, message: REMOVED_FROM_WHEEL });
  hub.in(participantRoom(participantId)).socketsLeave(wheelRoomsOf(wheelId));
}
