import {
  type AdminWheel,
  type CallTimerEvent,
  type ErrorBody,
  ROUND_RESET_MS,
  type RoundScheduledEvent,
  SPIN_ANIMATION_MS,
  type WheelSnapshot,
} from '@wheelmeet/contracts';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createDomainEvents } from '../src/events/domain-events';
import { createCallsRepository } from '../src/modules/calls/calls.repository';
import { createCallsService } from '../src/modules/calls/calls.service';
import { describeEachDialect } from './support/each-dialect';
import { createTestBusinessUser } from './support/factories';
import { dataOf, type HubClient } from './support/hub-client';
import { ManualClock } from './support/manual-clock';
import { connectedPair, seatedPair } from './support/matched-pair';
import { signIn } from './support/staff';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './support/test-app';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;

describeEachDialect(
  'live controls: round and call length change at once (issue 13, decision 020)',
  (dialect) => {
    let t: TestApp;
    const clock = new ManualClock();
    const clients: HubClient[] = [];
    let admin: Awaited<ReturnType<typeof signIn>>;

    beforeAll(async () => {
      t = await startTestApp(dialect, {
        clock,
        listen: true,
        env: { WHEEL_ROUND_SECONDS: '5', SLOT_RELEASE_GRACE_MS: '200' },
      });
      admin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
    });
    afterEach(() => {
      for (const client of clients.splice(0)) client.close();
    });
    afterAll(() => t?.close());

    const retime = (wheelId: string, body: object, headers = admin.headers) =>
      t.app.inject({ method: 'PUT', url: `/api/admin/wheels/${wheelId}/timing`, headers, payload: body });

    /** A two-slot wheel with someone on each ring: its countdown runs. The two people's hub clients. */
    async function countingDown(roundSeconds: number) {
      const { wheelId, people } = await seatedPair(t, clients, { name: 'Live', roundSeconds });
      const scheduled = await people[0]?.client.next('RoundScheduled', (event) => event.wheelId === wheelId);
      return {
        wheelId,
        people: people.map((person) => person.client),
        scheduled: scheduled as RoundScheduledEvent,
      };
    }

    it('moves the countdown under way to the new round length, and everyone on the wheel sees it', async () => {
      const { wheelId, people, scheduled } = await countingDown(60);
      expect(scheduled.nextSpinAt).toBe(new Date(clock.now().getTime() + 60 * SECOND).toISOString());
      const openedAt = clock.now().getTime();

      clock.advance(20 * SECOND);
      const shorter = await retime(wheelId, { roundSeconds: 30, callMinutes: null });
      expect(shorter.statusCode).toBe(200);
      const newSpinAt = new Date(openedAt + 30 * SECOND).toISOString();
      expect(shorter.json<AdminWheel>()).toMatchObject({
        roundSeconds: 30,
        effectiveRoundSeconds: 30,
        nextSpinAt: newSpinAt,
      });
      for (const person of people) {
        expect(await person.next('RoundScheduled', (event) => event.nextSpinAt === newSpinAt)).toMatchObject({
          wheelId,
          slotsCleared: false,
        });
      }

      // Shorter than the round has run already: it spins now.
      clock.advance(5 * SECOND);
      expect(
        (await retime(wheelId, { roundSeconds: 10, callMinutes: null })).json<AdminWheel>().nextSpinAt,
      ).toBe(clock.now().toISOString());
      await t.app.rounds.tick();
      expect(await people[1]?.next('WheelSpinStarted', (event) => event.wheelId === wheelId)).toBeDefined();
    });

    it('moves the end of every running call of the wheel, and both people hear the new clock', async () => {
      const { matchId, wheelId, caller, answerer } = await connectedPairOnWheel(5);
      const { endsAt } = await caller.client.next('CallTimer');
      const startedAt = Date.parse(endsAt) - 5 * MINUTE;

      clock.advance(MINUTE);
      expect((await retime(wheelId, { roundSeconds: null, callMinutes: 10 })).statusCode).toBe(200);
      const longer = new Date(startedAt + 10 * MINUTE).toISOString();
      for (const person of [caller, answerer]) {
        expect(await person.client.next('CallTimer', (event) => event.endsAt === longer)).toMatchObject({
          matchId,
          lengthSeconds: 600,
          extended: false,
        });
      }

      // Shorter than the call has run: it still gets its 30-second notice before it ends.
      clock.advance(MINUTE);
      await retime(wheelId, { roundSeconds: null, callMinutes: 1 });
      const notice = new Date(clock.now().getTime() + 30 * SECOND).toISOString();
      const timer = await answerer.client.next('CallTimer', (event) => event.endsAt === notice);
      expect(timer).toMatchObject<Partial<CallTimerEvent>>({ lengthSeconds: 60 });

      clock.advance(30 * SECOND - 1);
      await t.app.calls.endTimeUp();
      clock.advance(1);
      await t.app.calls.endTimeUp();
      expect(await caller.client.next('CallTimeUp')).toEqual({ matchId });
    });

    it('counts an extended call twice the new length', async () => {
      const { matchId, wheelId, caller, answerer } = await connectedPairOnWheel(2);
      const { endsAt } = await caller.client.next('CallTimer');
      const startedAt = Date.parse(endsAt) - 2 * MINUTE;
      dataOf(await caller.client.call('ExtendCall', { matchId }));
      dataOf(await answerer.client.call('ExtendCall', { matchId }));

      await retime(wheelId, { roundSeconds: null, callMinutes: 3 });
      const expected = new Date(startedAt + 6 * MINUTE).toISOString();
      expect(await caller.client.next('CallTimer', (event) => event.endsAt === expected)).toMatchObject({
        extended: true,
        lengthSeconds: 180,
      });
    });

    it('keeps the countdown true to the round length when two changes arrive at once', async () => {
      const { wheelId, people } = await countingDown(60);
      const openedAt = clock.now().getTime();
      clock.advance(10 * SECOND);
      const lengths = [30, 45, 20, 90, 40, 75];
      const answers = await Promise.all(
        lengths.map((roundSeconds) => retime(wheelId, { roundSeconds, callMinutes: null })),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(lengths.map(() => 200));

      const wheel = (
        await t.app.inject({ method: 'GET', url: `/api/admin/wheels/${wheelId}`, headers: admin.headers })
      ).json<AdminWheel>();
      expect(lengths).toContain(wheel.roundSeconds);
      // The round opened when it opened, whatever order the changes landed in.
      expect(wheel.nextSpinAt).toBe(new Date(openedAt + (wheel.roundSeconds ?? 0) * SECOND).toISOString());
      for (const person of people) {
        await person.next('RoundScheduled', (event) => event.nextSpinAt === wheel.nextSpinAt);
        expect(person.all('RoundScheduled').at(-1)?.nextSpinAt).toBe(wheel.nextSpinAt);
      }
    });

    it('keeps a running call true to the call length when changes and an extension arrive at once', async () => {
      const { matchId, wheelId, caller, answerer } = await connectedPairOnWheel(5);
      const { endsAt } = await caller.client.next('CallTimer');
      const startedAt = Date.parse(endsAt) - 5 * MINUTE;
      dataOf(await caller.client.call('ExtendCall', { matchId }));

      const lengths = [10, 3, 7, 12, 4, 8];
      const [answers] = await Promise.all([
        Promise.all(lengths.map((callMinutes) => retime(wheelId, { roundSeconds: null, callMinutes }))),
        answerer.client.call('ExtendCall', { matchId }),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual(lengths.map(() => 200));

      const wheel = (
        await t.app.inject({ method: 'GET', url: `/api/admin/wheels/${wheelId}`, headers: admin.headers })
      ).json<AdminWheel>();
      expect(lengths).toContain(wheel.callMinutes);
      // Extended once, so twice the length the wheel ended up with, whatever order things landed in.
      const expected = new Date(startedAt + 2 * (wheel.callMinutes ?? 0) * MINUTE).toISOString();
      expect(await callEnd(matchId)).toEqual({ call_ends_at: expected, call_extended: true });
      for (const person of [caller, answerer]) {
        await person.client.next('CallTimer', (event) => event.endsAt === expected);
        expect(person.client.all('CallTimer').at(-1)?.endsAt).toBe(expected);
      }
    });

    /**
     * The app's own call rules over its database, with one repository write made to wait for
     * `interleave` the first time it runs: another request lands between this one's read and
     * its write, at exactly that point.
     */
    function callsServiceWhere(write: 'extend' | 'moveEnd', interleave: () => Promise<unknown>) {
      const repository = createCallsRepository(t.database.db);
      const original = repository[write] as (...args: unknown[]) => Promise<boolean>;
      let interleaved = false;
      const racing = {
        ...repository,
        [write]: async (...args: unknown[]) => {
          if (!interleaved) {
            interleaved = true;
            await interleave();
          }
          return original(...args);
        },
      };
      return createCallsService({
        calls: racing,
        clock,
        ice: { stunUrls: [], turnUrls: [], turnSecret: undefined, turnCredentialTtlSeconds: 0 },
        events: createDomainEvents(() => {}),
      });
    }

    const callEnd = (matchId: string) =>
      t.database.db
        .selectFrom('matches')
        .select(['call_ends_at', 'call_extended'])
        .where('id', '=', matchId)
        .executeTakeFirstOrThrow();

    it('extends a call by the new length when the length changes between the extension’s read and write', async () => {
      const { matchId, wheelId, caller, answerer } = await connectedPairOnWheel(5);
      const { endsAt } = await caller.client.next('CallTimer');
      const startedAt = Date.parse(endsAt) - 5 * MINUTE;
      dataOf(await caller.client.call('ExtendCall', { matchId }));

      const calls = callsServiceWhere('extend', () =>
        retime(wheelId, { roundSeconds: null, callMinutes: 7 }),
      );
      await calls.askToExtend(matchId, answerer.id);

      expect(await callEnd(matchId)).toEqual({
        call_ends_at: new Date(startedAt + 14 * MINUTE).toISOString(),
        call_extended: true,
      });
    });

    it('moves an extended call to the new length when the extension lands between the change’s read and write', async () => {
      const { matchId, wheelId, caller, answerer } = await connectedPairOnWheel(5);
      const { endsAt } = await caller.client.next('CallTimer');
      const startedAt = Date.parse(endsAt) - 5 * MINUTE;

      const calls = callsServiceWhere('moveEnd', async () => {
        dataOf(await caller.client.call('ExtendCall', { matchId }));
        dataOf(await answerer.client.call('ExtendCall', { matchId }));
      });
      await t.database.db.updateTable('wheels').set({ call_minutes: 7 }).where('id', '=', wheelId).execute();
      await calls.retime(wheelId, 7);

      expect(await callEnd(matchId)).toEqual({
        call_ends_at: new Date(startedAt + 14 * MINUTE).toISOString(),
        call_extended: true,
      });
    });

    it('after a late reveal (a paused process), advertises the reset when it really comes, and holds to it', async () => {
      const { wheelId, people } = await countingDown(5);
      const [ada] = people as [HubClient];
      clock.advance(5 * SECOND);
      await t.app.rounds.tick();
      await ada.next('WheelSpinStarted', (event) => event.wheelId === wheelId);

      // The process stood still for 15 s past the reveal: the reveal comes late, at this tick.
      clock.advance(SPIN_ANIMATION_MS + 15 * SECOND);
      await t.app.rounds.tick();
      const revealedAt = clock.now().getTime();
      const completed = await ada.next('WheelSpinCompleted', (event) => event.wheelId === wheelId);
      expect(completed.resetAt).toBe(new Date(revealedAt + ROUND_RESET_MS).toISOString());
      const snapshot = dataOf(await ada.call('JoinWheel', { wheelId })) as WheelSnapshot;
      expect(snapshot.spin).toMatchObject({
        revealAt: new Date(revealedAt).toISOString(),
        resetAt: completed.resetAt,
      });

      clock.advance(ROUND_RESET_MS - 1);
      await t.app.rounds.tick();
      const wheel = () =>
        t.database.db
          .selectFrom('wheels')
          .select('spin_started_at')
          .where('id', '=', wheelId)
          .executeTakeFirstOrThrow();
      expect((await wheel()).spin_started_at).not.toBeNull();
      clock.advance(1);
      await t.app.rounds.tick();
      expect(await wheel()).toEqual({ spin_started_at: null });
      expect(
        await ada.next('RoundScheduled', (event) => event.wheelId === wheelId && event.slotsCleared),
      ).toBeDefined();
    });

    it('refuses lengths out of range and other owners’ wheels, and changes nothing then', async () => {
      const { wheelId } = await countingDown(60);
      const tooShort = await retime(wheelId, { roundSeconds: 5, callMinutes: null });
      expect(tooShort.statusCode).toBe(400);
      expect(tooShort.json<ErrorBody>().error.message).toContain('A round lasts at least 10 seconds');
      const tooLong = await retime(wheelId, { roundSeconds: null, callMinutes: 61 });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json<ErrorBody>().error.message).toContain('A call lasts at most 60 minutes');

      await createTestBusinessUser(t.database, {
        email: `live-${dialect.name}@example.com`,
        password: 'pass-word',
      });
      const stranger = await signIn(t.app, `live-${dialect.name}@example.com`, 'pass-word');
      expect(
        (await retime(wheelId, { roundSeconds: 20, callMinutes: null }, stranger.headers)).statusCode,
      ).toBe(404);
      const unchanged = await t.app.inject({
        method: 'GET',
        url: `/api/admin/wheels/${wheelId}`,
        headers: admin.headers,
      });
      expect(unchanged.json<AdminWheel>()).toMatchObject({ roundSeconds: 60, callMinutes: null });
    });

    /** A connected call on a wheel of its own with the given call length, and the wheel. */
    async function connectedPairOnWheel(callMinutes: number) {
      const pair = await connectedPair(t, clock, clients, { callMinutes });
      const { wheel_id: wheelId } = await t.database.db
        .selectFrom('matches')
        .select('wheel_id')
        .where('id', '=', pair.matchId)
        .executeTakeFirstOrThrow();
      return { ...pair, wheelId };
    }
  },
);
