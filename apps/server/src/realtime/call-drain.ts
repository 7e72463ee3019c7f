import type { HubError } from '@wheelmeet/contracts';
import type { HubSocket } from './hub';

export const RESTARTING = 'The server is restarting. You will be reconnected in a moment.';
const refusal: HubError = { error: { code: 'service_unavailable', message: RESTARTING } };

/**
 * Lets a shutdown finish the hub calls already under way. Each call that asks for an
 * acknowledgement is counted until it gets one (or its connection goes); once closing,
 * new calls are answered `service_unavailable` at once, and `close()` waits for the
 * counted ones, up to a bound, before the connections are told to go.
 */
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

export function createCallDrain(observe?: CallObserver) {
  const pending = new Map<string, number>();
  let inFlight = 0;
  let closing = false;
  let onIdle: (() => void) | undefined;

  const settle = (socketId: string, count: number) => {
    const left = (pending.get(socketId) ?? 0) - count;
    if (left > 0) pending.set(socketId, left);
    else pending.delete(socketId);
    inFlight -= count;
    if (inFlight === 0) onIdle?.();
  };

  return {
    /** Socket middleware; register it before any other, so refused calls cost nothing else. */
    track(socket: HubSocket) {
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

    /** Refuses new calls from now on and resolves once the calls under way are answered, or after `withinMs`. */
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
}
