import type {
  ClientToServerEvents,
  HubCapability,
  ServerToClientEvents,
  SlotsChangedEvent,
} from '@wheelmeet/contracts';
import type { Server, Socket } from 'socket.io';
import type { ParticipantClaims } from '../lib/tokens';

/*
 * The hub's typed server and connections, and its rooms, named after the entity they are about.
 * Every feature's hub calls and pushes use these; they import nothing of the hub's machinery.
 */

export interface HubSocketData {
  /** The client's address, by the same rule as Fastify's `request.ip` (TRUST_PROXY). */
  clientAddress: string;
  /** Set when the connection presented a valid participant token. */
  participant?: ParticipantClaims;
  /** Wheels this connection has joined (and was allowed into). */
  joinedWheels: string[];
  /** What the connection asked for in its handshake (`auth.capabilities`), known names only. */
  capabilities: HubCapability[];
}

/** What server processes tell each other over the adapter (only when there are several). */
export interface HubInterServerEvents {
  /** A participant is back on a wheel: every process drops the seat release it had pending for them. */
  participantReturned: (wheelId: string, participantId: string) => void;
  /** A wheel's seat changes of one tick: every process pushes them to its own connections (pushes.ts). */
  slotsChanged: (event: SlotsChangedEvent) => void;
}
export type WheelHub = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  HubInterServerEvents,
  HubSocketData
>;
export type HubSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  HubInterServerEvents,
  HubSocketData
>;

/** Rooms are named after the entity they are about. */
export const wheelRoom = (wheelId: string) => `wheel:${wheelId}`;
export const participantRoom = (participantId: string) => `participant:${participantId}`;
/**
 * The connections on a wheel that get the spec's SlotTaken and SlotLeft, one per seat change:
 * those that did not ask for the batched SlotsChanged. They are in the wheel's room too, and
 * leave both together (`wheelRoomsOf`).
 */
export const slotEventsRoom = (wheelId: string) => `wheel:${wheelId}:slot-events`;

/** Whether a connection gets a wheel's seat changes batched (SlotsChanged) or one by one. */
export const wantsSlotsChanged = (data: Pick<HubSocketData, 'capabilities'>) =>
  data.capabilities.includes('SlotsChanged');

/** The rooms a connection on a wheel is in for it: the wheel's, and, for the spec's seat events, theirs. */
export const wheelRoomsOf = (wheelId: string) => [wheelRoom(wheelId), slotEventsRoom(wheelId)];

/**
 * A feature's hub calls: given each new connection, it adds the calls the feature answers
 * (`socket.on`) or checks (`socket.use`). Features hand theirs to the hub (`Hub.handle`).
 */
export type HubCalls = (socket: HubSocket) => void;
