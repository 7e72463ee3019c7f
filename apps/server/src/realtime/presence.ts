import { type HubSocketData, type WheelHub, wheelRoom } from './sockets';

/**
 * How long a question to every server process (who is in this room?) may take. The Redis
 * adapter asks Redis how many processes there are and then waits for each one's answer; while
 * Redis is away, or just after a process died, that would hold up every snapshot for seconds.
 */
const ANSWER_WAIT_MS = 750;

/** What callers read of a connection, whether it lives in this process or another. */
interface ConnectionView {
  id: string;
  rooms: Set<string>;
  data: Partial<HubSocketData>;
}

/** This process's connections in a room, straight from its own adapter's rooms: no Redis involved. */
function localSocketsIn(hub: WheelHub, room: string): ConnectionView[] {
  const ids = hub.sockets.adapter.rooms.get(room) ?? new Set<string>();
  return [...ids].flatMap((id) => hub.sockets.sockets.get(id) ?? []);
}

/**
 * The connections in a room on every process. When that cannot be had within ANSWER_WAIT_MS,
 * `exact: false` (for what is shown) settles for this process's own; with `exact`, it is an error.
 */
export async function socketsIn(
  hub: WheelHub,
  room: string,
  { exact }: { exact: boolean },
): Promise<ConnectionView[]> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('Not every server process answered in time')), ANSWER_WAIT_MS);
  });
  try {
    return await Promise.race([hub.in(room).timeout(ANSWER_WAIT_MS).fetchSockets(), deadline]);
  } catch (error) {
    if (exact) throw error;
    return localSocketsIn(hub, room);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Who is on a wheel right now: the participants with a connection in its room, on any server
 * process. `multiProcess: false` (no Redis between processes): this process's rooms are all
 * there is, read at once instead of through the adapter's question with its timer.
 */
export function createPresence(
  getHub: () => WheelHub | undefined,
  { multiProcess = true }: { multiProcess?: boolean } = {},
): {
  /** For showing who is here: when another process does not answer in time, this process's own people. */
  activeParticipantIds(wheelId: string): Promise<string[]>;
  /** Rejects when some process did not answer, so a caller deciding to free a seat can ask again later. */
  isPresent(wheelId: string, participantId: string): Promise<boolean>;
} {
  const participantIdsIn = async (wheelId: string, { exact }: { exact: boolean }) => {
    const hub = getHub();
    if (!hub) return [];
    // For showing who is here, this process's own people beat no answer at all.
    const sockets = multiProcess
      ? await socketsIn(hub, wheelRoom(wheelId), { exact })
      : localSocketsIn(hub, wheelRoom(wheelId));
    const ids = sockets.flatMap((socket) =>
      socket.data.participant?.wheelId === wheelId ? [socket.data.participant.participantId] : [],
    );
    return [...new Set(ids)];
  };
  return {
    activeParticipantIds: (wheelId) => participantIdsIn(wheelId, { exact: false }),
    async isPresent(wheelId, participantId) {
      return (await participantIdsIn(wheelId, { exact: true })).includes(participantId);
    },
  };
}
