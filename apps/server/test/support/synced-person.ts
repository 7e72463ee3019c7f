import {
  createPushSequence,
  type Match,
  NUMBERED_WHEEL_PUSHES,
  nextPushDueAt,
  quietLimitMs,
  RESYNC_SPREAD_MS,
  ROUND_STEP_PUSHES,
  shouldResync,
  type WheelSnapshot,
} from '@wheelmeet/contracts';
import type { Clock } from '../../src/lib/clock';
import { connectHub, type HubClient, registerParticipant } from './hub-client';

const epoch = (iso: string | null | undefined) => (iso ? Date.parse(iso) : null);

/**
 * A person on a wheel who follows the hub's catch-up rules as the web app does (issue 36):
 * numbered pushes, a fresh snapshot on a gap, an overdue round step, a quiet wheel or Resync,
 * and an Accept for every match of theirs as soon as they learn of it. It records when (on the
 * wall clock) they first knew of each round's spin and of their match in it.
 */
export async function joinAsSyncedPerson(
  baseUrl: string,
  wheelId: string,
  username: string,
  clock: Clock,
  seat: 'any' | 'none' = 'any',
) {
  const registration = await registerParticipant(baseUrl, wheelId, { username });
  const id = registration.user.id;
  const client: HubClient = await connectHub(baseUrl, { token: registration.token });
  const sequence = createPushSequence();
  const now = () => clock.now().getTime();
  let lastHeardAt = now();
  let lastStepAt = lastHeardAt;
  let roundSeconds = 60;
  let nextSpinAt: number | null = null;
  let spin: { revealAt: number; resetAt: number } | null = null;
  let running = true;
  let rejoining = false;
  /** Wall-clock time each round's spin and this person's match in it were first known. */
  const spinKnownAt = new Map<number, number>();
  const matchKnownAt = new Map<number, number>();
  const answered = new Set<string>();
  /** This person's matches still pending as they know them, with their answer deadlines. */
  const pending = new Map<string, number>();
  let resyncs = 0;

  function learnMatches(matches: readonly Match[]) {
    for (const match of matches) {
      if (match.user1.id !== id && match.user2.id !== id) continue;
      if (!matchKnownAt.has(match.round)) matchKnownAt.set(match.round, Date.now());
      if (match.status === 'Pending' && match.answerBy) pending.set(match.id, Date.parse(match.answerBy));
      else pending.delete(match.id);
      if (match.status !== 'Pending' || answered.has(match.id)) continue;
      answered.add(match.id);
      void client.call('AcceptMatch', { matchId: match.id });
    }
  }
  function learnSpin(round: number, revealAt: string, resetAt: string) {
    if (!spinKnownAt.has(round)) spinKnownAt.set(round, Date.now());
    spin = { revealAt: Date.parse(revealAt), resetAt: Date.parse(resetAt) };
    nextSpinAt = null;
  }
  function applySnapshot(snapshot: WheelSnapshot) {
    sequence.reset(snapshot.seq);
    pending.clear();
    lastHeardAt = now();
    lastStepAt = lastHeardAt;
    roundSeconds = snapshot.wheel.roundSeconds;
    nextSpinAt = epoch(snapshot.wheel.nextSpinAt);
    running = !snapshot.wheel.roundsPaused && snapshot.wheel.eventEndedAt === null;
    if (snapshot.spin) learnSpin(snapshot.spin.round, snapshot.spin.revealAt, snapshot.spin.resetAt);
    learnMatches(snapshot.myMatches);
  }
  async function join() {
    const joined = await client.call('JoinWheel', { wheelId });
    if (!('data' in joined)) throw new Error(`${username} could not join: ${JSON.stringify(joined)}`);
    applySnapshot(joined.data as WheelSnapshot);
  }
  function rejoin() {
    if (rejoining) return;
    rejoining = true;
    resyncs += 1;
    join()
      .catch(() => undefined)
      .finally(() => {
        rejoining = false;
      });
  }

  client.socket.onAny((event: string, payload: { wheelId?: string; seq?: number }) => {
    if (!(NUMBERED_WHEEL_PUSHES as readonly string[]).includes(event) || payload.wheelId !== wheelId) return;
    if (sequence.receive(payload.seq, now()) === 'duplicate') return;
    lastHeardAt = now();
    if ((ROUND_STEP_PUSHES as readonly string[]).includes(event)) lastStepAt = lastHeardAt;
  });
  client.socket.on('RoundScheduled', (event) => {
    nextSpinAt = epoch(event.nextSpinAt);
    running = !event.roundsPaused;
  });
  client.socket.on('WheelSpinStarted', (event) => learnSpin(event.round, event.revealAt, event.resetAt));
  client.socket.on('MatchesCreated', (event) => learnMatches(event.matches));
  client.socket.on('MatchAccepted', (event) => {
    if (event.status !== 'Pending') pending.delete(event.matchId);
  });
  client.socket.on('MatchDeclined', (event) => pending.delete(event.matchId));
  client.socket.on('MatchExpired', (event) => pending.delete(event.matchId));
  client.socket.on('EventEnded', () => {
    running = false;
  });
  client.socket.on('Resync', () => setTimeout(rejoin, Math.random() * RESYNC_SPREAD_MS));

  await join();
  if (seat === 'any') {
    const taken = await client.call('TakeAnySeat', { wheelId });
    if (!('data' in taken)) throw new Error(`${username} could not sit: ${JSON.stringify(taken)}`);
  }

  return {
    id,
    client,
    spinKnownAt,
    matchKnownAt,
    resyncs: () => resyncs,
    /** What the web app's timer does: ask for a snapshot when the rules say the picture may be stale. */
    check() {
      const at = now();
      const stale = shouldResync(
        {
          missingSince: sequence.missingSince(),
          dueAt: nextPushDueAt(
            { nextSpinAt, spin, answerBy: pending.size > 0 ? Math.min(...pending.values()) : null },
            lastStepAt,
          ),
          lastHeardAt,
          quietLimitMs: running ? quietLimitMs(roundSeconds) : null,
        },
        at,
      );
      if (stale) rejoin();
    },
  };
}

export type SyncedPerson = Awaited<ReturnType<typeof joinAsSyncedPerson>>;
