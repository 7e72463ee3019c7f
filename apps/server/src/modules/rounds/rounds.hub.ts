import { takeAnySeatRequestSchema } from '@wheelmeet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { acknowledged } from '../../realtime/acknowledge';
import type { HubSocket } from '../../realtime/sockets';
import { seatedActorOf } from '../wheels/wheels.hub';
import type { RoundsService } from './rounds.service';

/** TakeAnySeat: a participant who joined their wheel lets the server choose their seat. */
export function registerRoundHandlers(
  socket: HubSocket,
  deps: { rounds: RoundsService; log: FastifyBaseLogger },
) {
  const { rounds, log } = deps;
  socket.on(
    'TakeAnySeat',
    acknowledged(takeAnySeatRequestSchema, log, ({ wheelId }) =>
      rounds.takeAnySeat(wheelId, seatedActorOf(socket, wheelId)),
    ),
  );
}
