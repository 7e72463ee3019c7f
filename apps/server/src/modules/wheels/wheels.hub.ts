import {
  changeSlotRequestSchema,
  leaveSlotRequestSchema,
  setStayingRequestSchema,
  takeSlotRequestSchema,
} from '@wheelmeet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, refusal } from '../../lib/errors';
import { acknowledged } from '../../realtime/acknowledge';
import type { HubSocket } from '../../realtime/sockets';
import type { WheelsService } from './wheels.service';

export const REGISTER_FIRST = 'Register on this wheel to take a slot.';
export const NOT_YOURSELF = 'You can only take a slot for yourself.';
export const JOIN_FIRST = 'Join the wheel before taking a slot.';

/** The caller's own participant id on this wheel, for calls that act on their own seat: registered there and joined. */
export function seatedActorOf(socket: HubSocket, wheelId: string): string {
  const me = socket.data.participant;
  if (!me) throw refusal('registration_required', REGISTER_FIRST);
  if (me.wheelId !== wheelId) throw new AppError('forbidden', REGISTER_FIRST);
  if (!socket.data.joinedWheels.includes(wheelId)) throw refusal('join_wheel_first', JOIN_FIRST);
  return me.participantId;
}

/** TakeSlot, ChangeSlot, LeaveSlot and SetStaying: a participant who joined their wheel moves only their own seat. */
export function registerSeatHandlers(
  socket: HubSocket,
  deps: { wheels: WheelsService; log: FastifyBaseLogger },
) {
  const { wheels, log } = deps;
  const seatedActor = (wheelId: string) => seatedActorOf(socket, wheelId);

  socket.on(
    'TakeSlot',
    acknowledged(takeSlotRequestSchema, log, async ({ wheelId, userId, slotId }) => {
      if (socket.data.participant && userId !== socket.data.participant.participantId) {
        throw new AppError('forbidden', NOT_YOURSELF);
      }
      await wheels.takeSlot({ wheelId, slotId, participantId: seatedActor(wheelId) });
      return null;
    }),
  );

  socket.on(
    'ChangeSlot',
    acknowledged(changeSlotRequestSchema, log, async ({ wheelId, slotId }) => {
      await wheels.changeSlot({ wheelId, slotId, participantId: seatedActor(wheelId) });
      return null;
    }),
  );

  socket.on(
    'LeaveSlot',
    acknowledged(leaveSlotRequestSchema, log, async ({ wheelId }) => {
      await wheels.giveUpSlot(wheelId, seatedActor(wheelId));
      return null;
    }),
  );

  socket.on(
    'SetStaying',
    acknowledged(setStayingRequestSchema, log, ({ wheelId, staying }) =>
      wheels.setStaying(wheelId, seatedActor(wheelId), staying),
    ),
  );
}
