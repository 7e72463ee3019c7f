import { CALL_MINUTES_DEFAULT, type CallTimerEvent } from '@wheelmeet/contracts';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from './support/each-dialect';
import { dataOf, type HubClient } from './support/hub-client';
import { ManualClock } from './support/manual-clock';
import { connectedPair } from './support/matched-pair';
import { startTestApp, type TestApp } from './support/test-app';

const offer = { type: 'offer' as const, sdp: 'v=0\r\no=- 5 6 IN IP4 127.0.0.1\r\n' };
const answer = { type: 'answer' as const, sdp: 'v=0\r\no=- 7 8 IN IP4 127.0.0.1\r\n' };
const MINUTE = 60_000;

describeEachDialect('timed calls with a mutual extension (issue 13, decision 014)', (dialect) => {
  let t: TestApp;
  const clock = new ManualClock();
  const clients: HubClient[] = [];

  beforeAll(async () => {
    t = await startTestApp(dialect, {
      clock,
      listen: true,
      env: { WHEEL_ROUND_SECONDS: '5', SLOT_RELEASE_GRACE_MS: '200' },
    });
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(() => t?.close());

  const connectedCall = (callMinutes: number | null) => connectedPair(t, clock, clients, { callMinutes });

  it('starts the clock when the call connects: both hear when it ends, the wheel’s length or five minutes', async () => {
    const standard = await connectedCall(null);
    const expected = {
      matchId: standard.matchId,
      startedAt: clock.now().toISOString(),
      endsAt: new Date(clock.now().getTime() + CALL_MINUTES_DEFAULT * MINUTE).toISOString(),
      serverTime: clock.now().toISOString(),
      lengthSeconds: CALL_MINUTES_DEFAULT * 60,
      extended: false,
      extensionRequestedBy: null,
    };
    expect(await standard.caller.client.next('CallTimer')).toEqual(expected);
    expect(await standard.answerer.client.next('CallTimer')).toEqual(expected);

    const short = await connectedCall(2);
    expect(await short.caller.client.next('CallTimer', (e) => e.matchId === short.matchId)).toMatchObject({
      endsAt: new Date(clock.now().getTime() + 2 * MINUTE).toISOString(),
      lengthSeconds: 120,
    });
  });

  it('extends once, by the call’s length, only when both ask; a hang-up then ends it for good', async () => {
    const { matchId, caller, answerer } = await connectedCall(2);
    const { endsAt } = await caller.client.next('CallTimer');

    clock.advance(30_000);
    const asked = dataOf<CallTimerEvent>(await caller.client.call('ExtendCall', { matchId }));
    expect(asked).toMatchObject({ endsAt, extended: false, extensionRequestedBy: caller.id });
    expect(await answerer.client.next('CallTimer', (e) => e.extensionRequestedBy !== null)).toEqual(asked);
    // Asking twice changes nothing.
    expect(dataOf<CallTimerEvent>(await caller.client.call('ExtendCall', { matchId }))).toMatchObject({
      endsAt,
      extended: false,
    });

    const agreed = dataOf<CallTimerEvent>(await answerer.client.call('ExtendCall', { matchId }));
    const extendedEnd = new Date(Date.parse(endsAt) + 2 * MINUTE).toISOString();
    expect(agreed).toMatchObject({ endsAt: extendedEnd, extended: true, extensionRequestedBy: null });
    expect(await caller.client.next('CallTimer', (e) => e.extended)).toEqual(agreed);
    expect(await caller.client.call('ExtendCall', { matchId })).toEqual({
      error: {
        code: 'conflict',
        reason: 'call_extended_already',
        message: 'This call was extended once already.',
      },
    });
    expect(await caller.client.call('ExtendCall', { matchId: 'not-a-match' })).toMatchObject({
      error: { code: 'validation_failed' },
    });
    const stranger = await connectedCall(null);
    expect(await stranger.caller.client.call('ExtendCall', { matchId })).toMatchObject({
      error: { code: 'forbidden' },
    });

    // Hang up: the call is over for good (issue 33); nothing starts it or its clock again.
    clock.advance(1_000);
    dataOf(await caller.client.call('EndCall', { matchId }));
    const ended = { error: { code: 'conflict', reason: 'call_ended', message: 'This call has ended.' } };
    expect(await caller.client.call('SendOffer', { matchId, offer })).toMatchObject(ended);
    expect(await answerer.client.call('SendAnswer', { matchId, answer })).toMatchObject(ended);
    expect(await answerer.client.call('ExtendCall', { matchId })).toMatchObject(ended);
    expect(caller.client.all('CallTimer').filter((e) => e.serverTime === clock.now().toISOString())).toEqual(
      [],
    );
  });

  it('extends exactly once when both ask at the same moment', async () => {
    const { matchId, caller, answerer } = await connectedCall(3);
    const { endsAt } = await caller.client.next('CallTimer');
    const answers = await Promise.all([
      caller.client.call('ExtendCall', { matchId }),
      answerer.client.call('ExtendCall', { matchId }),
    ]);
    for (const result of answers) expect(result).toHaveProperty('data');
    const row = await t.database.db
      .selectFrom('matches')
      .select(['call_ends_at', 'call_extended', 'call_extension_requested_by'])
      .where('id', '=', matchId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      call_ends_at: new Date(Date.parse(endsAt) + 3 * MINUTE).toISOString(),
      call_extended: true,
      call_extension_requested_by: null,
    });
  });

  it('ends the call for both when its time is up, once, and relays nothing after', async () => {
    const { matchId, caller, answerer } = await connectedCall(1);
    const { endsAt } = await caller.client.next('CallTimer');
    dataOf(await caller.client.call('ExtendCall', { matchId }));

    clock.advance(MINUTE - 1);
    await t.app.calls.endTimeUp();
    expect(caller.client.all('CallTimeUp')).toEqual([]);
    clock.advance(1);
    await t.app.calls.endTimeUp();
    expect(await caller.client.next('CallTimeUp')).toEqual({ matchId });
    expect(await answerer.client.next('CallTimeUp')).toEqual({ matchId });
    await t.app.calls.endTimeUp();
    expect(caller.client.all('CallTimeUp')).toHaveLength(1);

    const row = await t.database.db
      .selectFrom('matches')
      .select('call_ended_at')
      .where('id', '=', matchId)
      .executeTakeFirstOrThrow();
    expect(row.call_ended_at).toBe(endsAt);
    const timeUp = {
      error: { code: 'conflict', reason: 'call_time_up', message: "This call's time is up." },
    };
    expect(await caller.client.call('SendOffer', { matchId, offer })).toEqual(timeUp);
    // The asked-for extension came too late: the other side never agreed in time.
    expect(await answerer.client.call('ExtendCall', { matchId })).toEqual(timeUp);
  });
});
