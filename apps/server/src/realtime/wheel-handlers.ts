import {
  joinWheelRequestSchema,
  leaveWheelRequestSchema,
  takeSlotRequestSchema,
  type WheelSnapshot,
} from '@wheelmeet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../lib/errors';
import { createKeyedQueue } from '../lib/one-at-a-time';
import type { CallsService } from '../modules/calls/calls.service';
import { toParticipant } from '../modules/participants/participant-view';
import type { ParticipantsService } from '../modules/participants/participants.service';
import type { RoundsService } from '../modules/rounds/rounds.service';
import type { WheelsService } from '../modules/wheels/wheels.service';
import { acknowledged } from './acknowledge';
import { type HubSocket, participantRoom, type WheelHub, wheelRoom } from './hub';

export const REGISTER_FIRST = 'Register on this wheel to take a slot.';
export const NOT_YOURSELF = 'You can only take a slot for yourself.';
export const JOIN_FIRST = 'Join the wheel before taking a slot.';

export interface WheelHandlerDeps {
  hub: WheelHub;
  wheels: WheelsService;
  rounds: RoundsService;
  participants: ParticipantsService;
  calls: CallsService;
  isPresent: (wheelId: string, participantId: string) => Promise<boolean>;
  slotReleaseGraceMs: number;
  log: FastifyBaseLogger;
}

/** JoinWheel, LeaveWheel and TakeSlot, plus what a lost connection means for a participant's slot. */
export function createWheelHandlers(deps: WheelHandlerDeps) {
  const { hub, wheels, rounds, participants, log } = deps;
  const pendingReleases = new Set<NodeJS.Timeout>();

  /** The participant leaves the wheel: their slot frees, their calls end, and everyone sees them go. */
  async function release(wheelId: string, participantId: string) {
    await wheels.leaveSlot(wheelId, participantId);
    for (const call of await deps.calls.endCallsOf(participantId)) {
      hub.to(participantRoom(call.partnerId)).emit('CallEnded', { matchId: call.id, userId: participantId });
    }
    const row = await participants.findParticipant(participantId);
    if (row) hub.to(wheelRoom(wheelId)).emit('UserLeft', { wheelId, user: toParticipant(row) });
  }

  async function enterRoom(socket: HubSocket, wheelId: string) {
    await socket.join(wheelRoom(wheelId));
    if (!socket.data.joinedWheels.includes(wheelId)) socket.data.joinedWheels.push(wheelId);
  }

  /**
   * A participant's JoinWheel: enters the wheel's room (and their own). True only when they
   * were not on the wheel before, through this connection or another of theirs, so a repeated
   * join announces nobody. Joins of one participant run one at a time (in this process), so
   * however many arrive at once, exactly one of them finds the participant absent.
   */
  const oneAtATime = createKeyedQueue();
  function arrive(socket: HubSocket, wheelId: string, participantId: string): Promise<boolean> {
    return oneAtATime(`${wheelId}:${participantId}`, async () => {
      // Hung up while the join was under way: they have not arrived.
      if (!socket.connected) return false;
      const present =
        socket.rooms.has(wheelRoom(wheelId)) ||
        (await hub.in(participantRoom(participantId)).fetchSockets()).some(
          (other) => other.id !== socket.id && other.rooms.has(wheelRoom(wheelId)),
        );
      await socket.join(participantRoom(participantId));
      await enterRoom(socket, wheelId);
      return !present;
    });
  }

  function register(socket: HubSocket) {
    const participantOf = (wheelId: string) =>
      socket.data.participant?.wheelId === wheelId ? socket.data.participant.participantId : undefined;

    socket.on(
      'JoinWheel',
      acknowledged(joinWheelRequestSchema, log, async ({ wheelId, accessGrant }): Promise<WheelSnapshot> => {
        const participantId = participantOf(wheelId);
        const row = await wheels.requireOpenableWheel(wheelId, {
          accessGrant,
          ...(participantId ? { participantWheelId: wheelId } : {}),
        });
        if (participantId) {
          const arrived = await arrive(socket, wheelId, participantId);
          const person = arrived ? await participants.findParticipant(participantId) : undefined;
          if (person) hub.to(wheelRoom(wheelId)).emit('UserJoined', { wheelId, user: toParticipant(person) });
        } else {
          await enterRoom(socket, wheelId);
        }
        return rounds.snapshot(row, participantId);
      }),
    );

    socket.on(
      'LeaveWheel',
      acknowledged(leaveWheelRequestSchema, log, async ({ wheelId }) => {
        await socket.leave(wheelRoom(wheelId));
        socket.data.joinedWheels = socket.data.joinedWheels.filter((id) => id !== wheelId);
        const participantId = participantOf(wheelId);
        if (participantId) await release(wheelId, participantId);
        return null;
      }),
    );

    socket.on(
      'TakeSlot',
      acknowledged(takeSlotRequestSchema, log, async ({ wheelId, userId, slotId }) => {
        const me = socket.data.participant;
        if (!me) throw new AppError('unauthorized', REGISTER_FIRST);
        if (userId !== me.participantId) throw new AppError('forbidden', NOT_YOURSELF);
        if (me.wheelId !== wheelId) throw new AppError('forbidden', REGISTER_FIRST);
        if (!socket.data.joinedWheels.includes(wheelId)) throw new AppError('forbidden', JOIN_FIRST);
        await wheels.takeSlot({ wheelId, slotId, participantId: userId });
        return null;
      }),
    );

    socket.on('disconnect', () => {
      const me = socket.data.participant;
      if (!me || !socket.data.joinedWheels.includes(me.wheelId)) return;
      // A quick reconnect (a flaky network, a reload) keeps the slot: release only if the
      // participant has not come back to the wheel, on any server process, when the grace ends.
      const timer = setTimeout(() => {
        pendingReleases.delete(timer);
        deps
          .isPresent(me.wheelId, me.participantId)
          .then((present) => (present ? undefined : release(me.wheelId, me.participantId)))
          .catch((error: unknown) => log.error({ err: error }, 'releasing a slot after a disconnect failed'));
      }, deps.slotReleaseGraceMs);
      pendingReleases.add(timer);
    });
  }

  return {
    register,
    /** Stops pending releases on shutdown; the slots stay with their people across a restart. */
    stop() {
      for (const timer of pendingReleases) clearTimeout(timer);
      pendingReleases.clear();
    },
  };
}
