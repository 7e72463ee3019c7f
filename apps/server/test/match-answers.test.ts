import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createDomainEvents, type DomainEvents } from '../src/events/domain-events';
import type { Clock } from '../src/lib/clock';
import { AppError } from '../src/lib/errors';
import { cryptoRandom } from '../src/lib/random';
import { createMatchesRepository } from '../src/modules/matches/matches.repository';
import {
  createMatchesService,
  MATCH_ALREADY_ACCEPTED,
  MATCH_DECLINED,
  MATCH_EXPIRED,
  type MatchesService,
  NOT_YOUR_MATCH,
} from '../src/modules/matches/matches.service';
import { wheelOwnerWants } from '../src/modules/webhooks/webhook-deliveries.repository';
import { describeEachDialect } from './support/each-dialect';
import {
  createTestBusinessUser,
  createTestParticipant,
  createTestWebhook,
  createTestWheel,
} from './support/factories';
import { ManualClock } from './support/manual-clock';
import { startTestApp, type TestApp } from './support/test-app';

const ANSWER_WINDOW_MS = 30_000;

/**
 * AcceptMatch and DeclineMatch, as the matches service answers them: each answer is checked and
 * written in one statement, and an answer it refuses is explained with the reason a person should
 * hear first. Driven without a server, on each dialect's real database.
 */
describeEachDialect('answering a match', (dialect) => {
  let t: TestApp;
  let service: MatchesService;
  let events: DomainEvents;
  const clock = new ManualClock();
  let wheelId: string;
  let ada: string;
  let bo: string;
  let cy: string;
  const heard: Array<{ name: string; payload: unknown }> = [];

  beforeAll(async () => {
    t = await startTestApp(dialect, { clock });
    wheelId = await createTestWheel(t.database, { name: 'Answers', description: 'x', slotCount: 4 });
    ada = await createTestParticipant(t.database, { wheelId, username: 'Ada' });
    bo = await createTestParticipant(t.database, { wheelId, username: 'Bo' });
    cy = await createTestParticipant(t.database, { wheelId, username: 'Cy' });
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    heard.length = 0;
    events = createDomainEvents((error) => {
      throw error;
    });
    for (const name of ['matchAccepted', 'matchDeclined', 'matchExpired'] as const)
      events.subscribe(name, (payload) => {
        heard.push({ name, payload });
      });
    service = answeringAt(clock);
  });

  /** The participant as the hub knows them when they answer. */
  const onWheel = (participantId: string) => ({ participantId, wheelId });

  /** The service as the app builds it, over this suite's events, reading the time from `now`. */
  const answeringAt = (now: Clock) =>
    createMatchesService({
      matches: createMatchesRepository(t.database.db),
      events,
      webhooksWant: (wheel, type) => wheelOwnerWants(t.database.db, wheel, type),
      clock: now,
    });

  let round = 0;
  /** A pending match of Ada (user1) and Bo (user2) in a round of its own, to be answered within ANSWER_WINDOW_MS. */
  async function pendingMatch(): Promise<string> {
    const id = cryptoRandom.uuid();
    round += 1;
    await t.database.db
      .insertInto('matches')
      .values({
        id,
        wheel_id: wheelId,
        round,
        user1_id: ada,
        user2_id: bo,
        status: 'Pending',
        accepted_by_user1: false,
        accepted_by_user2: false,
        created_at: clock.now().toISOString(),
        call_started_at: null,
        call_ended_at: null,
        answer_by: new Date(clock.now().getTime() + ANSWER_WINDOW_MS).toISOString(),
      })
      .execute();
    return id;
  }

  const stored = (id: string) =>
    t.database.db
      .selectFrom('matches')
      .select(['status', 'accepted_by_user1', 'accepted_by_user2', 'closed_at', 'close_reason'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  /** The refusal an answer got: its code and message. */
  async function refusal(answer: Promise<unknown>) {
    const error = await answer.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    if (!(error instanceof AppError)) throw new Error(`expected a refusal, got ${String(error)}`);
    return { code: error.code, reason: error.reason, message: error.message };
  }

  it('records each side once however often they press Accept, and accepts the match when both have', async () => {
    const id = await pendingMatch();
    expect(await service.accept(id, onWheel(ada))).toMatchObject({
      status: 'Pending',
      acceptedByUser1: true,
      acceptedByUser2: false,
      user1: { id: ada, username: 'Ada' },
      user2: { id: bo, username: 'Bo' },
    });
    expect(await service.accept(id, onWheel(ada))).toMatchObject({
      status: 'Pending',
      acceptedByUser2: false,
    });
    expect(await service.accept(id, onWheel(bo))).toMatchObject({
      status: 'Accepted',
      acceptedByUser1: true,
      acceptedByUser2: true,
    });
    // Pressing again once accepted changes nothing and is no error.
    expect(await service.accept(id, onWheel(bo))).toMatchObject({ status: 'Accepted' });
    expect(await stored(id)).toEqual({
      status: 'Accepted',
      accepted_by_user1: true,
      accepted_by_user2: true,
      closed_at: null,
      close_reason: null,
    });
    // Both people hear of every accept, with the match as it then stood.
    expect(heard.map(({ payload }) => (payload as { event: { status: string } }).event.status)).toEqual([
      'Pending',
      'Pending',
      'Accepted',
      'Accepted',
    ]);
    expect(heard[2]?.payload).toMatchObject({
      event: { matchId: id, userId: bo, acceptedByUser1: true, acceptedByUser2: true },
      participantIds: [ada, bo],
    });
  });

  it('accepts the match when both press Accept at the same moment', async () => {
    const ids = await Promise.all(Array.from({ length: 25 }, () => pendingMatch()));
    await Promise.all(
      ids.flatMap((id) => [service.accept(id, onWheel(ada)), service.accept(id, onWheel(bo))]),
    );
    for (const id of ids)
      expect(await stored(id)).toMatchObject({
        status: 'Accepted',
        accepted_by_user1: true,
        accepted_by_user2: true,
      });
  });

  it('records one match.accepted delivery per match both accepted at the same moment, when the owner has such a webhook', async () => {
    const db = t.database.db;
    const owner = await createTestBusinessUser(t.database, {
      email: `answers-${dialect.name}@example.com`,
      password: 'not-used-here',
    });
    await db.updateTable('wheels').set({ business_user_id: owner }).where('id', '=', wheelId).execute();
    const webhookId = await createTestWebhook(t.database, {
      businessUserId: owner,
      events: ['match.accepted'],
    });
    const toSend: string[] = [];
    events.subscribe('webhookDeliveriesRecorded', ({ deliveries }) => {
      toSend.push(...deliveries.map((delivery) => delivery.id));
    });
    try {
      const ids = await Promise.all(Array.from({ length: 25 }, () => pendingMatch()));
      await Promise.all(
        ids.flatMap((id) => [service.accept(id, onWheel(ada)), service.accept(id, onWheel(bo))]),
      );
      const recorded = await db
        .selectFrom('webhook_deliveries')
        .select(['id', 'payload'])
        .where('webhook_id', '=', webhookId)
        .execute();
      const matchesDelivered = recorded.map(
        (row) => (JSON.parse(row.payload) as { data: { matchId: string } }).data,
      );
      expect(matchesDelivered.map((data) => data.matchId).sort()).toEqual([...ids].sort());
      expect(matchesDelivered).toContainEqual({ wheelId, matchId: ids[0], round: expect.any(Number) });
      // Each handed over to be sent once its accept committed.
      expect(toSend.sort()).toEqual(recorded.map((row) => row.id).sort());
    } finally {
      await db.deleteFrom('webhooks').where('business_user_id', '=', owner).execute();
      await db.updateTable('wheels').set({ business_user_id: null }).where('id', '=', wheelId).execute();
    }
  });

  it('declines a pending match for both, and a second decline changes nothing', async () => {
    const id = await pendingMatch();
    expect(await service.decline(id, onWheel(bo))).toMatchObject({ status: 'Rejected' });
    expect(await service.decline(id, onWheel(ada))).toMatchObject({ status: 'Rejected' });
    expect(heard).toEqual([
      { name: 'matchDeclined', payload: { event: { matchId: id, userId: bo }, participantIds: [ada, bo] } },
      { name: 'matchDeclined', payload: { event: { matchId: id, userId: ada }, participantIds: [ada, bo] } },
    ]);
  });

  it('refuses an answer to no match, or to somebody else’s, before anything else', async () => {
    const id = await pendingMatch();
    for (const answer of ['accept', 'decline'] as const) {
      expect(await refusal(service[answer](cryptoRandom.uuid(), onWheel(ada)))).toEqual({
        code: 'not_found',
        reason: 'not_found',
        message: 'Match not found',
      });
      expect(await refusal(service[answer](id, onWheel(cy)))).toEqual({
        code: 'forbidden',
        reason: 'not_your_match',
        message: NOT_YOUR_MATCH,
      });
    }
    expect(await stored(id)).toMatchObject({
      status: 'Pending',
      accepted_by_user1: false,
      accepted_by_user2: false,
    });
    expect(heard).toEqual([]);
  });

  it('refuses to accept a declined match, and to decline an accepted one', async () => {
    const declined = await pendingMatch();
    await service.decline(declined, onWheel(ada));
    expect(await refusal(service.accept(declined, onWheel(bo)))).toEqual({
      code: 'conflict',
      reason: 'match_declined',
      message: MATCH_DECLINED,
    });

    const accepted = await pendingMatch();
    await service.accept(accepted, onWheel(ada));
    await service.accept(accepted, onWheel(bo));
    expect(await refusal(service.decline(accepted, onWheel(ada)))).toEqual({
      code: 'conflict',
      reason: 'match_accepted',
      message: MATCH_ALREADY_ACCEPTED,
    });
    expect(await stored(accepted)).toMatchObject({ status: 'Accepted' });
    expect(await stored(declined)).toMatchObject({ status: 'Rejected', accepted_by_user2: false });
  });

  it('closes a match answered after its deadline on the spot, tells both, and refuses the answer', async () => {
    const [late, lateDecline] = await Promise.all([pendingMatch(), pendingMatch()]);
    clock.advance(ANSWER_WINDOW_MS);
    expect(await refusal(service.accept(late, onWheel(ada)))).toEqual({
      code: 'conflict',
      reason: 'match_expired',
      message: MATCH_EXPIRED,
    });
    expect(await refusal(service.decline(lateDecline, onWheel(bo)))).toEqual({
      code: 'conflict',
      reason: 'match_expired',
      message: MATCH_EXPIRED,
    });
    for (const id of [late, lateDecline])
      expect(await stored(id)).toMatchObject({
        status: 'Pending',
        accepted_by_user1: false,
        accepted_by_user2: false,
        close_reason: 'unanswered',
      });
    expect(heard).toEqual([
      {
        name: 'matchExpired',
        payload: { event: { wheelId, matchId: late, reason: 'unanswered' }, participantIds: [ada, bo] },
      },
      {
        name: 'matchExpired',
        payload: {
          event: { wheelId, matchId: lateDecline, reason: 'unanswered' },
          participantIds: [ada, bo],
        },
      },
    ]);
  });

  it('refuses as expired, and closes nothing, an answer past the deadline when the clock steps back before the reason is read', async () => {
    const id = await pendingMatch();
    // The system clock stepped back (an NTP correction) between the refused write and the re-read.
    const readings = [ANSWER_WINDOW_MS, ANSWER_WINDOW_MS - 1_000];
    const steppingBack = {
      now: () => new Date(clock.now().getTime() + (readings.shift() ?? ANSWER_WINDOW_MS - 1_000)),
    };
    const answering = answeringAt(steppingBack);
    expect(await refusal(answering.accept(id, onWheel(ada)))).toEqual({
      code: 'conflict',
      reason: 'match_expired',
      message: MATCH_EXPIRED,
    });
    expect(await stored(id)).toMatchObject({ status: 'Pending', accepted_by_user1: false, closed_at: null });
    expect(heard).toEqual([]);
  });

  it('keeps an answered match answerable past the deadline: accepted stays accepted, declined stays declined', async () => {
    const [accepted, declined] = await Promise.all([pendingMatch(), pendingMatch()]);
    await service.accept(accepted, onWheel(ada));
    await service.accept(accepted, onWheel(bo));
    await service.decline(declined, onWheel(ada));
    clock.advance(ANSWER_WINDOW_MS * 2);
    expect(await service.accept(accepted, onWheel(ada))).toMatchObject({ status: 'Accepted' });
    expect(await service.decline(declined, onWheel(bo))).toMatchObject({ status: 'Rejected' });
    expect(await refusal(service.accept(declined, onWheel(bo)))).toEqual({
      code: 'conflict',
      reason: 'match_declined',
      message: MATCH_DECLINED,
    });
  });

  it('refuses any answer to a closed match as expired, even one declined before it closed', async () => {
    const [open, declined] = await Promise.all([pendingMatch(), pendingMatch()]);
    await service.decline(declined, onWheel(ada));
    // As a block or a removal closes them (decision 016), whatever their answers.
    await t.database.db
      .updateTable('matches')
      .set({ closed_at: clock.now().toISOString(), close_reason: 'ended' })
      .where('id', 'in', [open, declined])
      .execute();
    heard.length = 0;
    for (const id of [open, declined])
      for (const answer of ['accept', 'decline'] as const)
        expect(await refusal(service[answer](id, onWheel(ada)))).toEqual({
          code: 'conflict',
          reason: 'match_closed',
          message: MATCH_EXPIRED,
        });
    expect(heard).toEqual([]);
  });
});
