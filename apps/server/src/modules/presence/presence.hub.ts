import { joinWheelRequestSchema, leaveWheelRequestSchema, type WheelSnapshot } from '@wheelmeet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { toParticipant } from '../../db/rows';
import { createKeyedQueue } from '../../lib/one-at-a-time';
import { acknowledged } from '../../realtime/acknowledge';
import { socketsIn } from '../../realtime/presence';
import type { WheelPushes } from '../../realtime/pushes';
import {
  type HubSocket,
  participantRoom,
  slotEventsRoom,
  type WheelHub,
  wantsSlotsChanged,
  wheelRoom,
  wheelRoomsOf,
} from '../../realtime/sockets';
import type { CallsService } from '../calls/calls.service';
import type { MatchesService } from '../matches/matches.service';
import type { ParticipantsService } from '../participants/participants.service';
import type { RoundsService } from '../rounds/rounds.service';
import type { WheelsService } from '../wheels/wheels.service';

export interface PresenceHandlerDeps {
  hub: WheelHub;
  wheels: WheelsService;
  rounds: RoundsService;
  participants: ParticipantsService;
  calls: CallsService;
  matches: MatchesService;
  /** Rejects when it cannot tell (a process did not answer); the release is then tried again later. */
  isPresent: (wheelId: string, participantId: string) => Promise<boolean>;
  slotReleaseGraceMs: number;
  /** True with several server processes: a return is announced to the others, whose release timers it cancels. */
  multiProcess: boolean;
  /** Numbered pushes to a wheel's room (UserJoined, UserLeft). */
  pushes: Pick<WheelPushes, 'toWheel'>;
  /** The wheel's latest push number, for the snapshot (issue 36). */
  currentPushSeq: (wheelId: string) => Promise<number>;
  log: FastifyBaseLogger;
}

/** JoinWheel and LeaveWheel, and what a lost connection means for a participant's seat. */
export function createPresenceHandlers(deps: PresenceHandlerDeps) {
  const { hub, wheels, rounds, participants, log } = deps;
  const releases = createPendingReleases(deps.slotReleaseGraceMs);
  if (deps.multiProcess)
    hub.on('participantReturned', (wheelId, participantId) => releases.cancel(wheelId, participantId));

  /**
   * The participant leaves the wheel: their slot frees, their calls end, their open matches
   * close (the partners are told), and everyone sees them go.
   */
  async function release(wheelId: string, participantId: string) {
    await wheels.leaveSlot(wheelId, participantId);
    for (const call of await deps.calls.endCallsOf(participantId)) {
      hub.to(participantRoom(call.partnerId)).emit('CallEnded', { matchId: call.id, userId: participantId });
    }
    await deps.matches.closeForLeaver(wheelId, participantId);
    const row = await participants.findParticipant(participantId);
    if (row) deps.pushes.toWheel(wheelId, 'UserLeft', { wheelId, user: toParticipant(row) });
  }

  /** The wheel's room, and for a connection that takes the spec's seat events, the room they go to. */
  async function enterRoom(socket: HubSocket, wheelId: string) {
    await socket.join(
      wantsSlotsChanged(socket.data) ? wheelRoom(wheelId) : [wheelRoom(wheelId), slotEventsRoom(wheelId)],
    );
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
        (await socketsIn(hub, participantRoom(participantId), { exact: false })).some(
          (other) => other.id !== socket.id && other.rooms.has(wheelRoom(wheelId)),
        );
      await socket.join(participantRoom(participantId));
      await enterRoom(socket, wheelId);
      releases.cancel(wheelId, participantId);
      if (deps.multiProcess) hub.serverSideEmit('participantReturned', wheelId, participantId);
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
        // Read before the state: a push numbered after it may repeat what the snapshot shows
        // (clients apply it again harmlessly), but none numbered up to it can be missing from it.
        const seq = await deps.currentPushSeq(wheelId);
        const row = await wheels.requireOpenableWheel(wheelId, {
          accessGrant,
          ...(participantId ? { participantWheelId: wheelId } : {}),
        });
        if (participantId) {
          const arrived = await arrive(socket, wheelId, participantId);
          const person = arrived ? await participants.findParticipant(participantId) : undefined;
          if (person) deps.pushes.toWheel(wheelId, 'UserJoined', { wheelId, user: toParticipant(person) });
        } else {
          await enterRoom(socket, wheelId);
        }
        return { ...(await rounds.snapshot(row, participantId)), seq };
      }),
    );

    socket.on(
      'LeaveWheel',
      acknowledged(leaveWheelRequestSchema, log, async ({ wheelId }) => {
        for (const room of wheelRoomsOf(wheelId)) await socket.leave(room);
        socket.data.joinedWheels = socket.data.joinedWheels.filter((id) => id !== wheelId);
        const participantId = participantOf(wheelId);
        if (participantId) await release(wheelId, participantId);
        return null;
      }),
    );

    socket.on('disconnect', () => {
      const me = socket.data.participant;
      if (!me || !socket.data.joinedWheels.includes(me.wheelId)) return;
      releases.schedule(me.wheelId, me.participantId, releaseIfGone);
    });
  }

  /**
   * A quick reconnect (a flaky network, a reload) keeps the slot: when the grace ends, release
   * only if the participant is not back on the wheel on any server process. When that cannot
   * be told (a process did not answer), ask again after another grace rather than guess.
   */
  function releaseIfGone(wheelId: string, participantId: string) {
    deps.isPresent(wheelId, participantId).then(
      (present) =>
        present
          ? undefined
          : release(wheelId, participantId).catch((error: unknown) =>
              log.error({ err: error }, 'releasing a slot after a disconnect failed'),
            ),
      (error: unknown) => {
        log.warn({ err: error, wheelId, participantId }, 'could not tell whether a participant is back');
        releases.schedule(wheelId, participantId, releaseIfGone);
      },
    );
  }

  return {
    register,
    /** Stops pending releases on shutdown; the slots stay with their people across a restart. */
    stop: releases.cancelAll,
  };
}

/**
 * One pending seat release per participant and wheel. A new disconnect restarts the grace; a
 * return cancels it, so two short drops never add up to a lost seat.
 */
function createPendingReleases(graceMs: number) {
  const timers = new Map<string, NodeJS.Timeout>();
  const keyOf = (wheelId: string, participantId: string) => `${wheelId}:${participantId}`;
  const cancel = (wheelId: string, participantId: string) => {
    const key = keyOf(wheelId, participantId);
    clearTimeout(timers.get(key));
    timers.delete(key);
  };
  return {
    cancel,
    schedule(
      wheelId: string,
      participantId: string,
      onGraceOver: (wheelId: string, participantId: string) => void,
    ) {
      cancel(wheelId, participantId);
      const key = keyOf(wheelId, participantId);
      timers.set(
        key,
        setTimeout(() => {
          timers.delete(key);
          onGraceOver(wheelId, participantId);
        }, graceMs),
      );
    },
    cancelAll() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
