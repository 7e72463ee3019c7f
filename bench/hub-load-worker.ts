/**
 * One load-generating process of `bench/hub-load.ts`. It plays a share of the participants:
 * registers each one over HTTP (the app) or makes up an id (the bare baseline), connects them
 * with socket.io-client and joins their wheel, tells the parent it is ready, then on `go`
 * plays whole rounds: each person takes their seat at a random moment within TAKE_SPREAD_MS
 * of the round opening, accepts their match at a random moment within ACCEPT_SPREAD_MS of the
 * reveal, and takes a seat again when the slots are cleared, for `rounds` rounds. It times
 * every call from emit to acknowledgement and reports the numbers to the parent.
 */
import { randomUUID } from 'node:crypto';
import { HUB_PATH, type HubHandshakeAuth } from '@wheelmeet/contracts';
import { io, type Socket } from 'socket.io-client';
import { Decoder, Encoder, PacketType } from 'socket.io-parser';

export const TAKE_SPREAD_MS = 3_000;
export const ACCEPT_SPREAD_MS = 2_000;
/** How long a call may go unanswered before it counts as an error, as in the outside test. */
export const CALL_TIMEOUT_MS = 10_000;

export interface WorkerSetup {
  type: 'setup';
  target: 'app' | 'bare';
  /** The server processes; person i of a wheel uses origins[i % length], so each wheel spans them all. */
  origins: string[];
  /** The people this process plays: their wheel and the seat each one takes. */
  people: Array<{ wheelId: string; position: number }>;
  rounds: number;
  /**
   * `batched`: the web app's clients, which ask for one SlotsChanged per wheel and tick;
   * `spec`: clients that do not ask, and get the spec's SlotTaken and SlotLeft, one per change.
   */
  clients: ClientKind;
}
export type ClientKind = 'batched' | 'spec';
export interface WorkerGo {
  type: 'go';
  /** Give up on what is not done by then (a bounded run). */
  deadline: number;
}
export interface WorkerResult {
  type: 'result';
  take: number[];
  accept: number[];
  /** Per wheel and round: the spin's start minus the time it was announced for (server clock). */
  spinLateness: number[];
  /** Per person and round: when WheelSpinStarted arrived minus the announced time. */
  spinArrival: number[];
  errors: Record<string, number>;
  disconnects: number;
  /** People who did not finish their rounds by the deadline. */
  unfinished: number;
  /** CPU this process used from `go` to the end, in ms: what the load generator itself costs. */
  cpuMs: number;
  /** Characters of hub messages its people received from `go` to the end (the JSON is ASCII: bytes). */
  receivedBytes: number;
  /** Pushes its people received from `go` to the end, by event name: the app and the baseline must send the same. */
  received: Record<string, number>;
}

interface HubAnswer {
  data?: unknown;
  error?: { code: string; message: string };
}
interface Person {
  wheelId: string;
  position: number;
  id: string;
  socket: Socket;
  slotId: string;
  taken: number;
  accepted: number;
}

const now = () => performance.now();

/** Broadcast texts already parsed in this process, by their text; the oldest go first. */
const parsedBroadcasts = new Map<string, unknown[]>();
const PARSED_BROADCASTS_KEPT = 256;
/** Shorter messages cost little to parse; sharing them would gain nothing. */
const SHARED_FROM_CHARS = 256;

/**
 * A broadcast reaches every person of a wheel as the same text. A browser parses it once, for
 * its one person, on its own CPU; this process plays some 1,500 people on a share of the same
 * two cores as the server under test, and parsed each text once per person: at a reveal, two
 * pushes of about 25 KB to each of them. So it parses an event's text (default namespace, no
 * acknowledgement: `2[…]`) once and hands each person a copy of the argument list; the handlers
 * only read the payloads. Every message is still received and counted. The app and the bare
 * baseline are played the same way.
 */
class SharedBroadcastDecoder extends Decoder {
  override add(encoded: unknown) {
    if (typeof encoded !== 'string' || encoded.length < SHARED_FROM_CHARS || !encoded.startsWith('2[')) {
      super.add(encoded);
      return;
    }
    let data = parsedBroadcasts.get(encoded);
    if (!data) {
      data = JSON.parse(encoded.slice(1)) as unknown[];
      parsedBroadcasts.set(encoded, data);
      if (parsedBroadcasts.size > PARSED_BROADCASTS_KEPT)
        parsedBroadcasts.delete(parsedBroadcasts.keys().next().value as string);
    }
    this.emitReserved('decoded', { type: PacketType.EVENT, nsp: '/', data: [...data] });
  }
}
const sharedBroadcastParser = { Encoder, Decoder: SharedBroadcastDecoder };

/** Runs `work` over `items` with at most `limit` at once. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next] as T;
        next += 1;
        await work(item);
      }
    }),
  );
}

async function run(setup: WorkerSetup) {
  const errors: Record<string, number> = {};
  const fail = (what: string) => {
    errors[what] = (errors[what] ?? 0) + 1;
  };
  const result: WorkerResult = {
    type: 'result',
    take: [],
    accept: [],
    spinLateness: [],
    spinArrival: [],
    errors,
    disconnects: 0,
    unfinished: 0,
    cpuMs: 0,
    receivedBytes: 0,
    received: {},
  };
  let closing = false;
  const originOf = (seat: { position: number }) =>
    setup.origins[seat.position % setup.origins.length] as string;

  /** Emits a call and times it; the answer, or undefined after an error (counted). */
  const call = async (socket: Socket, event: string, payload: unknown, times?: number[]) => {
    const started = now();
    try {
      const answer = (await socket.timeout(CALL_TIMEOUT_MS).emitWithAck(event, payload)) as HubAnswer;
      times?.push(now() - started);
      if (answer.error) {
        fail(`${event}: ${answer.error.code}`);
        return undefined;
      }
      return answer;
    } catch {
      fail(`${event}: no answer within ${CALL_TIMEOUT_MS / 1000} s`);
      return undefined;
    }
  };

  // Who each person is: registered over HTTP on the app, made up for the bare baseline.
  const identities: Array<{ id: string; token: string }> = [];
  await eachLimited(
    setup.people.map((_, index) => index),
    32,
    async (index) => {
      const person = setup.people[index];
      if (!person) return;
      if (setup.target === 'bare') {
        const id = randomUUID();
        identities[index] = { id, token: id };
        return;
      }
      const response = await fetch(`${originOf(person)}/api/users/anonymous`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          wheelId: person.wheelId,
          sessionId: randomUUID(),
          registrationData: { age: 30, gender: 'other' },
        }),
      });
      if (response.status !== 201) throw new Error(`registration answered ${response.status}`);
      const body = (await response.json()) as { user: { id: string }; token: string };
      identities[index] = { id: body.user.id, token: body.token };
    },
  );

  const people: Person[] = [];
  const nextSpinAt = new Map<string, string>();
  const spinsSeen = new Map<string, string>();
  let go = false;

  const take = (person: Person) => {
    if (person.taken >= setup.rounds) return;
    person.taken += 1;
    setTimeout(async () => {
      const taken = await call(person.socket, 'TakeSlot', takeRequest(person), result.take);
      // People here pick a seat every round. The product keeps a seat for the next round by
      // default (issue 38), so each gives it up again: one SetStaying per person and round, not
      // timed, which the bare baseline answers too.
      if (taken) await call(person.socket, 'SetStaying', { wheelId: person.wheelId, staying: false });
    }, Math.random() * TAKE_SPREAD_MS);
  };
  const takeRequest = (person: Person) => ({
    wheelId: person.wheelId,
    userId: person.id,
    slotId: person.slotId,
  });

  await eachLimited(
    setup.people.map((_, index) => index),
    100,
    async (index) => {
      const seat = setup.people[index];
      const identity = identities[index];
      if (!seat || !identity) return;
      const socket = io(originOf(seat), {
        path: HUB_PATH,
        transports: ['websocket'],
        auth: {
          token: identity.token,
          capabilities: setup.clients === 'batched' ? ['SlotsChanged'] : [],
        } satisfies HubHandshakeAuth,
        reconnection: false,
        forceNew: true,
        parser: sharedBroadcastParser,
      });
      const connected = await new Promise<boolean>((resolve) => {
        socket.once('connect', () => resolve(true));
        socket.once('connect_error', () => resolve(false));
      });
      if (!connected) {
        fail('connect: refused');
        socket.close();
        return;
      }
      const person: Person = { ...seat, id: identity.id, socket, slotId: '', taken: 0, accepted: 0 };
      // Counted where the engine hands over each message, before Socket.IO decodes it.
      socket.io.engine.on('data', (data: unknown) => {
        if (go)
          result.receivedBytes += typeof data === 'string' ? data.length : (data as ArrayBuffer).byteLength;
      });
      socket.on('disconnect', () => {
        if (!closing) result.disconnects += 1;
      });
      socket.onAny((event: string) => {
        if (go) result.received[event] = (result.received[event] ?? 0) + 1;
      });
      socket.on(
        'RoundScheduled',
        (event: { wheelId: string; nextSpinAt: string | null; slotsCleared: boolean }) => {
          if (event.nextSpinAt) nextSpinAt.set(event.wheelId, event.nextSpinAt);
          if (event.slotsCleared && go) take(person);
        },
      );
      socket.on('WheelSpinStarted', (event: { wheelId: string; round: number; startedAt: string }) => {
        const announced = nextSpinAt.get(event.wheelId);
        if (!announced) return;
        result.spinArrival.push(Date.now() - Date.parse(announced));
        const key = `${event.wheelId}:${event.round}`;
        const seen = spinsSeen.get(key);
        // Several server processes must still spin each wheel once per round.
        if (seen !== undefined && seen !== event.startedAt)
          fail('WheelSpinStarted: a second spin of one round');
        if (seen !== undefined) return;
        spinsSeen.set(key, event.startedAt);
        result.spinLateness.push(Date.parse(event.startedAt) - Date.parse(announced));
      });
      socket.on(
        'MatchesCreated',
        (event: { matches: Array<{ id: string; user1: { id: string }; user2: { id: string } }> }) => {
          const mine = event.matches.find(
            (match) => match.user1.id === person.id || match.user2.id === person.id,
          );
          if (!mine) return;
          setTimeout(async () => {
            if (await call(socket, 'AcceptMatch', { matchId: mine.id }, result.accept)) person.accepted += 1;
          }, Math.random() * ACCEPT_SPREAD_MS);
        },
      );
      const joined = (await call(socket, 'JoinWheel', { wheelId: seat.wheelId })) as
        | { data: { wheel: { slots: Array<{ id: string; position: number }>; nextSpinAt: string | null } } }
        | undefined;
      if (!joined) return;
      person.slotId = joined.data.wheel.slots.find((slot) => slot.position === seat.position)?.id ?? '';
      people.push(person);
    },
  );
  process.send?.({ type: 'ready', people: people.length });

  const { deadline } = await new Promise<WorkerGo>((resolve) => process.once('message', resolve));
  go = true;
  const cpuAtGo = process.cpuUsage();
  for (const person of people) take(person);
  while (Date.now() < deadline && people.some((person) => person.accepted < setup.rounds)) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  result.unfinished = setup.people.length - people.filter((person) => person.accepted >= setup.rounds).length;
  const cpu = process.cpuUsage(cpuAtGo);
  result.cpuMs = (cpu.user + cpu.system) / 1000;
  closing = true;
  for (const person of people) person.socket.disconnect();
  // At a few thousand people the result outgrows the pipe's buffer: disconnecting before the
  // write has gone would cut it off, and the bench would see a load process end without one.
  await new Promise<void>((resolve, reject) => {
    if (!process.send) reject(new Error('hub-load-worker.ts runs as a child of hub-load.ts'));
    else process.send(result, undefined, undefined, (error) => (error ? reject(error) : resolve()));
  });
}

process.once('message', (setup: WorkerSetup) => {
  run(setup).then(
    () => process.disconnect?.(),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
