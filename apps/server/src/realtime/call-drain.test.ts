import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCallDrain, keepAfterAck } from './call-drain';
import type { HubSocket } from './sockets';

/** Just what the drain uses of a connection: its id, its middleware and its 'disconnect'. */
function fakeSocket() {
  let middleware: ((event: unknown[], next: () => void) => void) | undefined;
  const onDisconnect: Array<() => void> = [];
  const socket = {
    id: 'socket-1',
    use: (fn: typeof middleware) => {
      middleware = fn;
    },
    once: (event: string, listener: () => void) => {
      if (event === 'disconnect') onDisconnect.push(listener);
    },
  } as unknown as HubSocket;
  return {
    socket,
    /** A hub call reaching the drain: the acknowledgement the handler is given, once let through. */
    call(name: string): ((...answer: unknown[]) => void) | undefined {
      const event: unknown[] = [name, {}, () => {}];
      let through = false;
      middleware?.(event, () => {
        through = true;
      });
      return through ? (event[2] as (...answer: unknown[]) => void) : undefined;
    },
    disconnect: () => {
      for (const listener of onDisconnect) listener();
    },
  };
}

function settledFlag(promise: Promise<unknown>) {
  const state = { settled: false };
  void promise.then(() => {
    state.settled = true;
  });
  return state;
}

/** Lets every callback already queued run (no time passes). */
const queuedWorkRuns = () => new Promise((resolve) => setImmediate(resolve));

describe('call drain: work kept after an acknowledgement', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for work a call keeps going after its acknowledgement, even once its connection went', async () => {
    const drain = createCallDrain();
    const connection = fakeSocket();
    drain.track(connection.socket);
    const ack = connection.call('SendAnswer');
    expect(ack).toBeDefined();

    const closed = settledFlag(drain.close(60_000));
    let finishWork = () => {};
    keepAfterAck(
      connection.socket,
      new Promise<void>((resolve) => {
        finishWork = resolve;
      }),
    );
    ack?.({ data: null });
    connection.disconnect();
    await queuedWorkRuns();
    expect(closed.settled).toBe(false);
    // New calls are refused meanwhile.
    expect(connection.call('SendOffer')).toBeUndefined();

    finishWork();
    await queuedWorkRuns();
    expect(closed.settled).toBe(true);
  });

  it('is not held up by kept work that failed', async () => {
    const drain = createCallDrain();
    drain.keep(Promise.reject(new Error('the clock could not start')).catch(() => {}));
    await drain.close(60_000);
  });

  it('still gives up after its bound when kept work never settles', async () => {
    vi.useFakeTimers();
    const drain = createCallDrain();
    drain.keep(new Promise(() => {}));
    const closed = drain.close(1_000);
    await vi.advanceTimersByTimeAsync(1_000);
    await closed;
  });
});
