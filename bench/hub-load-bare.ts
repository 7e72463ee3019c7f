/**
 * The baseline of `bench/hub-load.ts`: a bare Socket.IO 4 server with the hub's event pattern
 * and nothing else. Wheels and rounds live in memory; there is no database, no token, no
 * validation, no rate limit. It answers the same calls (JoinWheel, TakeSlot, AcceptMatch) with
 * payloads of the same shape and size, pushes the same events to the same rooms on the same
 * timing (countdown from the first pairable take, 4 s spin, 8 s reveal, slots cleared), and
 * seat changes reach each client as the app sends them: gathered per wheel for 100 ms, then one
 * SlotsChanged to a client that asked for it in its handshake and one SlotTaken per change to
 * the others. Pushes to a wheel's room carry the wheel's push number, as the app's do; the
 * people's SetStaying (the bench gives up the kept seat, issue 38) is answered too, and a spin
 * closes the last round's matches as the app's does.
 *
 * With BARE_DURABLE_DIR (target `bare-durable`) it also makes durable what the app makes durable
 * before it answers: each seat taken and each answer is written with plain better-sqlite3 (WAL,
 * synchronous=FULL) and acknowledged once committed, a spin stores its matches and a reset clears
 * the seats. The writes of one event-loop turn share one commit, as the app's group commit does
 * (decision 023, without its pacing). Against this baseline the app's CPU says what its own code
 * costs beyond the durability it promises; against the bare one, what durability itself costs.
 *
 * Started by hub-load.ts as a child process; tells its parent `{ origin }` once it listens.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { HUB_PATH } from '@wheelmeet/contracts';
import SqliteDatabase from 'better-sqlite3';
import { Server, type Socket } from 'socket.io';

const WHEELS = Number(process.env.BARE_WHEELS ?? 10);
const SLOTS = Number(process.env.BARE_SLOTS ?? 100);
const ROUND_MS = Number(process.env.BARE_ROUND_SECONDS ?? 10) * 1000;
const PUSH_TICK_MS = 100;
const SPIN_MS = 4_000;
const RESET_MS = 8_000;
const half = SLOTS / 2;

interface Person {
  id: string;
  username: null;
  age: number;
  gender: string;
  shortBio: null;
  whoAmI: null;
  interests: null;
}
interface BareMatch {
  id: string;
  wheelId: string;
  round: number;
  user1: Person;
  user2: Person;
  status: 'Pending' | 'Accepted';
  acceptedByUser1: boolean;
  acceptedByUser2: boolean;
  answerBy: string;
}
interface BareWheel {
  id: string;
  slots: Array<{ id: string; position: number; occupant: Person | null; occupiedAt: string | null }>;
  round: number;
  nextSpinAt: string | null;
  spinning: boolean;
  lastSpinDate: string | null;
  pending: Array<{ kind: 'taken'; userId: string; slotId: string; occupiedAt: string }>;
  seq: number;
}

const wheels = new Map<string, BareWheel>();
const matches = new Map<string, BareMatch>();
for (let i = 0; i < WHEELS; i += 1) {
  const id = randomUUID();
  wheels.set(id, {
    id,
    slots: Array.from({ length: SLOTS }, (_, position) => ({
      id: randomUUID(),
      position,
      occupant: null,
      occupiedAt: null,
    })),
    round: 0,
    nextSpinAt: null,
    spinning: false,
    lastSpinDate: null,
    pending: [],
    seq: 0,
  });
}

/** The durable store of `bare-durable`: a table per thing the app keeps, and a commit per turn. */
function openDurableStore(file: string) {
  const db = new SqliteDatabase(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(`
    create table slots (id text primary key, wheel_id text not null, position integer not null,
      participant_id text, occupied_at text);
    create table matches (id text primary key, wheel_id text not null, round integer not null,
      user1_id text not null, user2_id text not null, status text not null,
      accepted_by_user1 integer not null, accepted_by_user2 integer not null, answer_by text not null);
  `);
  const statements = {
    insertSlot: db.prepare('insert into slots values (?, ?, ?, null, null)'),
    takeSlot: db.prepare(
      'update slots set participant_id = ?, occupied_at = ? where id = ? and participant_id is null',
    ),
    clearSlots: db.prepare('update slots set participant_id = null, occupied_at = null where wheel_id = ?'),
    insertMatch: db.prepare('insert into matches values (?, ?, ?, ?, ?, ?, ?, ?, ?)'),
    answer: db.prepare(
      'update matches set accepted_by_user1 = ?, accepted_by_user2 = ?, status = ? where id = ?',
    ),
    deleteMatch: db.prepare('delete from matches where id = ?'),
  };
  let committed: Promise<void> | undefined;
  /** Runs `change` in this turn's transaction; resolves once that transaction has committed. */
  function write(change: () => void): Promise<void> {
    if (!committed) {
      db.exec('begin');
      committed = new Promise((resolve, reject) =>
        setImmediate(() => {
          committed = undefined;
          try {
            db.exec('commit');
            resolve();
          } catch (error) {
            reject(error);
          }
        }),
      );
    }
    change();
    return committed;
  }
  return { statements, write };
}
const durable = process.env.BARE_DURABLE_DIR
  ? openDurableStore(path.join(process.env.BARE_DURABLE_DIR, 'bare.db'))
  : undefined;
/** `then` at once on the bare server; on the durable one after `change` has committed. */
function durably(
  change: (store: NonNullable<typeof durable>['statements']) => void,
  then: () => void = () => {},
) {
  if (!durable) return then();
  durable
    .write(() => change(durable.statements))
    .then(then, (error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
if (durable)
  void durable.write(() => {
    for (const wheel of wheels.values())
      for (const slot of wheel.slots) durable.statements.insertSlot.run(slot.id, wheel.id, slot.position);
  });

const person = (id: string): Person => ({
  id,
  username: null,
  age: 30,
  gender: 'other',
  shortBio: null,
  whoAmI: null,
  interests: null,
});
const slotView = (wheel: BareWheel, slot: BareWheel['slots'][number]) => ({
  id: slot.id,
  position: slot.position,
  wheelId: wheel.id,
  userId: slot.occupant?.id ?? null,
  occupiedAt: slot.occupiedAt,
  user: slot.occupant,
});

const httpServer = createServer();
const io = new Server(httpServer, {
  path: HUB_PATH,
  serveClient: false,
  pingInterval: 15_000,
  pingTimeout: 30_000,
});
const room = (wheelId: string) => `wheel:${wheelId}`;
/** The wheel's clients that did not ask for SlotsChanged: they get SlotTaken, one per change. */
const slotEventsRoom = (wheelId: string) => `slot-events:${wheelId}`;
const numbered = (wheel: BareWheel) => {
  wheel.seq += 1;
  return wheel.seq;
};

function schedule(wheel: BareWheel, slotsCleared: boolean) {
  wheel.nextSpinAt = new Date(Date.now() + ROUND_MS).toISOString();
  io.to(room(wheel.id)).emit('RoundScheduled', {
    wheelId: wheel.id,
    currentRound: wheel.round,
    lastSpinDate: wheel.lastSpinDate,
    nextSpinAt: wheel.nextSpinAt,
    slotsCleared,
    seq: numbered(wheel),
  });
  setTimeout(() => spin(wheel), ROUND_MS);
}

function spin(wheel: BareWheel) {
  const startedAt = new Date().toISOString();
  wheel.round += 1;
  wheel.spinning = true;
  wheel.nextSpinAt = null;
  wheel.lastSpinDate = startedAt;
  const revealAt = new Date(Date.parse(startedAt) + SPIN_MS).toISOString();
  const resetAt = new Date(Date.parse(startedAt) + SPIN_MS + RESET_MS).toISOString();
  io.to(room(wheel.id)).emit('WheelSpinStarted', {
    wheelId: wheel.id,
    round: wheel.round,
    startedAt,
    innerOffset: 0,
    outerOffset: 0,
    revealAt,
    resetAt,
    seq: numbered(wheel),
  });
  // As the app does at a spin: the last round's matches whose call never started are over, and
  // both people hear it (the bench's people accept but do not call).
  for (const match of matches.values()) {
    if (match.wheelId !== wheel.id || match.round >= wheel.round) continue;
    matches.delete(match.id);
    durably((store) => store.deleteMatch.run(match.id));
    io.to([`participant:${match.user1.id}`, `participant:${match.user2.id}`]).emit('MatchExpired', {
      wheelId: wheel.id,
      matchId: match.id,
      reason: 'callNotStarted',
    });
  }
  const roundMatches: BareMatch[] = [];
  for (let index = 0; index < half; index += 1) {
    const inner = wheel.slots[index]?.occupant;
    const outer = wheel.slots[index + half]?.occupant;
    if (!inner || !outer) continue;
    const match: BareMatch = {
      id: randomUUID(),
      wheelId: wheel.id,
      round: wheel.round,
      user1: inner,
      user2: outer,
      status: 'Pending',
      acceptedByUser1: false,
      acceptedByUser2: false,
      answerBy: new Date(Date.parse(revealAt) + 30_000).toISOString(),
    };
    matches.set(match.id, match);
    roundMatches.push(match);
  }
  durably((store) => {
    for (const match of roundMatches)
      store.insertMatch.run(
        match.id,
        match.wheelId,
        match.round,
        match.user1.id,
        match.user2.id,
        match.status,
        0,
        0,
        match.answerBy,
      );
  });
  setTimeout(() => {
    io.to(room(wheel.id)).emit('MatchesCreated', {
      wheelId: wheel.id,
      matches: roundMatches,
      seq: numbered(wheel),
    });
    io.to(room(wheel.id)).emit('WheelSpinCompleted', {
      wheelId: wheel.id,
      matches: roundMatches,
      currentRound: wheel.round,
      lastSpinDate: startedAt,
      unmatchedUserIds: [],
      resetAt,
      seq: numbered(wheel),
    });
    setTimeout(() => {
      for (const slot of wheel.slots) {
        slot.occupant = null;
        slot.occupiedAt = null;
      }
      durably(
        (store) => store.clearSlots.run(wheel.id),
        () => {
          wheel.spinning = false;
          schedule(wheel, true);
        },
      );
    }, RESET_MS);
  }, SPIN_MS);
}

/** A seat change names the person and the slot, not the profile (decision 027), as the app's does. */
function pushSlotTaken(wheel: BareWheel, change: { userId: string; slotId: string; occupiedAt: string }) {
  wheel.pending.push({ kind: 'taken', ...change });
  if (wheel.pending.length > 1) return;
  setTimeout(() => {
    const { id: wheelId, pending: changes } = wheel;
    wheel.pending = [];
    const seq = numbered(wheel);
    io.to(room(wheelId)).except(slotEventsRoom(wheelId)).emit('SlotsChanged', { wheelId, changes, seq });
    for (const { kind: _, ...taken } of changes)
      io.to(slotEventsRoom(wheelId)).emit('SlotTaken', { wheelId, ...taken, seq });
  }, PUSH_TICK_MS);
}

io.on('connection', (socket: Socket) => {
  const me = person(String(socket.handshake.auth.token));
  const { capabilities } = socket.handshake.auth as { capabilities?: string[] };
  const wantsSlotsChanged = capabilities?.includes('SlotsChanged') ?? false;
  socket.join(`participant:${me.id}`);
  socket.on('JoinWheel', ({ wheelId }: { wheelId: string }, ack: (answer: unknown) => void) => {
    const wheel = wheels.get(wheelId);
    if (!wheel) return ack({ error: { code: 'not_found', message: 'Wheel not found' } });
    socket.join(wantsSlotsChanged ? room(wheelId) : [room(wheelId), slotEventsRoom(wheelId)]);
    io.to(room(wheelId)).emit('UserJoined', { wheelId, user: me, seq: numbered(wheel) });
    ack({
      data: {
        wheel: {
          id: wheel.id,
          slots: wheel.slots.map((slot) => slotView(wheel, slot)),
          nextSpinAt: wheel.nextSpinAt,
        },
        serverTime: new Date().toISOString(),
        spin: null,
        myMatches: [],
        staying: false,
        announcement: null,
        seq: wheel.seq,
      },
    });
  });
  socket.on(
    'SetStaying',
    ({ staying }: { wheelId: string; staying: boolean }, ack: (answer: unknown) => void) => {
      ack({ data: { staying } });
    },
  );
  socket.on(
    'TakeSlot',
    ({ wheelId, slotId }: { wheelId: string; slotId: string }, ack: (answer: unknown) => void) => {
      const wheel = wheels.get(wheelId);
      const slot = wheel?.slots.find((candidate) => candidate.id === slotId);
      if (!wheel || !slot) return ack({ error: { code: 'not_found', message: 'No such slot' } });
      if (slot.occupant || wheel.spinning)
        return ack({ error: { code: 'conflict', message: 'Slot taken or wheel spinning' } });
      const occupiedAt = new Date().toISOString();
      slot.occupant = me;
      slot.occupiedAt = occupiedAt;
      durably(
        (store) => store.takeSlot.run(me.id, occupiedAt, slotId),
        () => {
          ack({ data: null });
          pushSlotTaken(wheel, { userId: me.id, slotId, occupiedAt });
          const seated = wheel.slots.filter((candidate) => candidate.occupant);
          const pairable =
            seated.some((candidate) => candidate.position < half) &&
            seated.some((candidate) => candidate.position >= half);
          if (pairable && !wheel.nextSpinAt && !wheel.spinning) schedule(wheel, false);
        },
      );
    },
  );
  socket.on('AcceptMatch', ({ matchId }: { matchId: string }, ack: (answer: unknown) => void) => {
    const match = matches.get(matchId);
    if (!match) return ack({ error: { code: 'not_found', message: 'Match not found' } });
    if (match.user1.id === me.id) match.acceptedByUser1 = true;
    else if (match.user2.id === me.id) match.acceptedByUser2 = true;
    else return ack({ error: { code: 'forbidden', message: 'Not your match' } });
    if (match.acceptedByUser1 && match.acceptedByUser2) match.status = 'Accepted';
    const { acceptedByUser1, acceptedByUser2, status } = match;
    durably(
      (store) => store.answer.run(Number(acceptedByUser1), Number(acceptedByUser2), status, matchId),
      () => {
        ack({ data: match });
        io.to([`participant:${match.user1.id}`, `participant:${match.user2.id}`]).emit('MatchAccepted', {
          matchId,
          userId: me.id,
          acceptedByUser1,
          acceptedByUser2,
          status,
        });
      },
    );
  });
});

httpServer.listen(0, '127.0.0.1', () => {
  const { port } = httpServer.address() as AddressInfo;
  process.send?.({ origin: `http://127.0.0.1:${port}`, wheelIds: [...wheels.keys()] });
});
process.on('SIGTERM', () => {
  io.close();
  process.exit(0);
});
