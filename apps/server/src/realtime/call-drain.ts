import { hubError } from './acknowledge';
import type { HubSocket } from './sockets';

export const RESTARTING = 'The server is restarting. You will be reconnected in a moment.';
const refusal = hubError('service_unavailable', RESTARTING);

/**
 * Told of each hub call once it is answered: its event name, the error code of the answer
 * (undefined when it succeeded) and how long it took from reaching the hub to the answer.
 */
export type CallObserver = (event: string, errorCode: string | undefined, durationMs: number) => void;

/** The error code of an acknowledgement (`{ error: { code } }`), if it is an error. */
function errorCodeOf(answer: unknown[]): string | undefined {
  const first = answer[0];
  if (typeof first !== 'object' || first === null || !('error' in first)) return undefined;
  const { error } = first;
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : 'unknown';
}

/** How each tracked connection keeps work in its drain (see `keepAfterAck`). */
const keeperOf = new WeakMap<HubSocket, (work: Promise<unknown>) => void>();

/**
 * Work a hub call goes on with after its acknowledgement (the call's clock after SendAnswer):
 * a shutdown waits for it as for the calls still unanswered, so the database is not closed
 * under it. It counts even if the connection goes. Pass it with its failures handled.
 */
export function keepAfterAck(socket: HubSocket, work: Promise<unknown>): void {
  keeperOf.get(socket)?.(work);
}

/**
 * Lets a shutdown finish the hub calls already under way. Each call that asks for an
 * acknowledgement is counted until it gets one (or its connection goes), and work a call
 * keeps going after it (`keepAfterAck`) until that settles; once closing, new calls are
 * answered `service_unavailable` at once, and `close()` waits for all that is counted, up to
 * a bound, before the connections are told to go.
 */
export function createCallDrain(observe?: CallObserver) {
  const pending = new Map<string, number>();
  /** Calls not answered yet, and work kept after an answer. */
  let inFlight = 0;
  let closing = false;
  let onIdle: (() => void) | undefined;

  const done = (count: number) => {
    inFlight -= count;
    if (inFlight === 0) onIdle?.();
  };
  const settle = (socketId: string, count: number) => {
    const left = (pending.get(socketId) ?? 0) - count;
    if (left > 0) pending.set(socketId, left);
    else pending.delete(socketId);
    done(count);
  };

  const drain = {
    /** Socket middleware; register it before any other, so refused calls cost nothing else. */
    track(socket: HubSocket) {
      keeperOf.set(socket, drain.keep);
      socket.use((event, next) => {
        const last = event.length - 1;
        const ack: unknown = event[last];
        if (typeof ack !== 'function') return closing ? undefined : next();
        const name = String(event[0]);
        if (closing) {
          observe?.(name, refusal.error.code, 0);
          return ack(refusal);
        }
        inFlight += 1;
        pending.set(socket.id, (pending.get(socket.id) ?? 0) + 1);
        const startedAt = performance.now();
        let answered = false;
        event[last] = (...answer: unknown[]) => {
          if (!answered) {
            if (pending.has(socket.id)) settle(socket.id, 1);
            observe?.(name, errorCodeOf(answer), performance.now() - startedAt);
          }
          answered = true;
          ack(...answer);
        };
        next();
      });
      // A connection that went cannot be answered: its calls no longer hold up a shutdown.
      socket.once('disconnect', () => settle(socket.id, pending.get(socket.id) ?? 0));
    },

    /** Counts `work` as under way until it settles; its failure is not reported here, so pass it handled. */
    keep(work: Promise<unknown>) {
      inFlight += 1;
      const settled = () => done(1);
      work.then(settled, settled);
    },

    /** Refuses new calls from now on and resolves once the calls and kept work under way are done, or after `withinMs`. */
    async close(withinMs: number) {
      closing = true;
      if (inFlight === 0) return;
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        onIdle = resolve;
        timer = setTimeout(resolve, withinMs);
      });
      clearTimeout(timer);
    },
  };
  return drain;
}
