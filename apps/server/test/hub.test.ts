import {
  type ErrorBody,
  facingOuterPosition,
  type Match,
  type OpenWheel,
  type RegisterParticipantResponse,
  type UnlockWheelResponse,
  type WheelSnapshot,
} from '@wheelmeet/contracts';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from './support/each-dialect';
import { createTestWheel } from './support/factories';
import { connectHub, type HubClient, registerParticipant } from './support/hub-client';
import { ManualClock } from './support/manual-clock';
import { startTestApp, type TestApp } from './support/test-app';

const ROUND_SECONDS = 30;

describeEachDialect('participant wheel over the hub', (dialect) => {
  let t: TestApp;
  let clock: ManualClock;
  const clients: HubClient[] = [];

  beforeAll(async () => {
    clock = new ManualClock();
    t = await startTestApp(dialect, {
      clock,
      listen: true,
      env: { WHEEL_ROUND_SECONDS: String(ROUND_SECONDS), SLOT_RELEASE_GRACE_MS: '400' },
    });
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(() => t?.close());

  const connect = async (options: Parameters<typeof connectHub>[1] = {}) => {
    const client = await connectHub(t.baseUrl, options);
    clients.push(client);
    return client;
  };
  const newWheel = (slotCount: number, extra: { accessCode?: string } = {}) =>
    createTestWheel(t.database, {
      name: `Wheel ${slotCount}`,
      description: 'Test wheel',
      slotCount,
      ...extra,
    });
  const slotsOf = async (wheelId: string) =>
    ((await (await fetch(`${t.baseUrl}/api/wheels/${wheelId}`)).json()) as OpenWheel).slots;

  /** Registers, connects and joins: a participant ready to take a slot. */
  async function participant(wheelId: string, name: string, accessGrant?: string) {
    const registration = await registerParticipant(t.baseUrl, wheelId, { username: name }, accessGrant);
    const client = await connect({ token: registration.token });
    const joined = await client.call('JoinWheel', { wheelId, ...(accessGrant ? { accessGrant } : {}) });
    expect(joined).toHaveProperty('data');
    return { ...registration, client, snapshot: (joined as { data: WheelSnapshot }).data };
  }

  it('registers with the wheel’s form and refuses bad answers field by field', async () => {
    const wheelId = await newWheel(4);
    const response = await fetch(`${t.baseUrl}/api/users/anonymous`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        wheelId,
        sessionId: crypto.randomUUID(),
        registrationData: { age: 17, gender: 'robot' },
      }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.details).toEqual([
      { path: 'registrationData.age', message: 'Age must be a whole number from 18 to 100' },
      { path: 'registrationData.gender', message: 'Choose one of the options for Gender' },
    ]);

    const ok = await registerParticipant(t.baseUrl, wheelId, { shortBio: '  Loves climbing  ' });
    expect(ok.user).toMatchObject({ wheelId, age: 30, gender: 'other', shortBio: 'Loves climbing' });
    expect(ok.token.split('.')).toHaveLength(3);
  });

  it('refuses a connection whose user id is not the token’s, and any attempt to act for someone else', async () => {
    const wheelId = await newWheel(4);
    const ada = await participant(wheelId, 'ada');
    const bob = await registerParticipant(t.baseUrl, wheelId, { username: 'bob' });

    await expect(connectHub(t.baseUrl, { token: ada.token, userId: bob.user.id })).rejects.toThrow(
      /does not match/,
    );
    await expect(connectHub(t.baseUrl, { token: 'forged.token.value' })).rejects.toThrow(/expired/);

    const [slot] = await slotsOf(wheelId);
    const result = await ada.client.call('TakeSlot', {
      wheelId,
      userId: bob.user.id,
      slotId: slot?.id ?? '',
    });
    expect(result).toEqual({
      error: { code: 'forbidden', reason: 'forbidden', message: 'You can only take a slot for yourself.' },
    });

    const visitor = await connect();
    await visitor.call('JoinWheel', { wheelId });
    expect(await visitor.call('TakeSlot', { wheelId, userId: bob.user.id, slotId: slot?.id ?? '' })).toEqual({
      error: {
        code: 'unauthorized',
        reason: 'registration_required',
        message: 'Register on this wheel to take a slot.',
      },
    });
    expect((await slotsOf(wheelId)).every((candidate) => candidate.userId === null)).toBe(true);
  });

  it('answers garbage with an error acknowledgement and keeps serving', async () => {
    const client = await connect();
    expect(await client.call('JoinWheel', 'not an object' as never)).toMatchObject({
      error: { code: 'validation_failed' },
    });
    expect(await client.call('TakeSlot', { wheelId: 'x', userId: 1, slotId: null } as never)).toMatchObject({
      error: { code: 'validation_failed' },
    });
    client.socket.emit('JoinWheel', { wheelId: t.seedReport.demoWheelId } as never, undefined as never);
    expect(await client.call('JoinWheel', { wheelId: t.seedReport.demoWheelId })).toHaveProperty('data');
  });

  it('gives a slot raced for by two people to exactly one of them', async () => {
    const wheelId = await newWheel(6);
    const [ada, bob] = await Promise.all([participant(wheelId, 'ada'), participant(wheelId, 'bob')]);
    const slot = (await slotsOf(wheelId))[2];
    const results = await Promise.all(
      [ada, bob].map((person) =>
        person.client.call('TakeSlot', { wheelId, userId: person.user.id, slotId: slot?.id ?? '' }),
      ),
    );
    expect(results.filter((result) => 'data' in result)).toHaveLength(1);
    expect(results.filter((result) => 'error' in result)).toEqual([
      {
        error: {
          code: 'conflict',
          reason: 'slot_taken',
          message: 'Someone has just taken this slot. Please pick another one.',
        },
      },
    ]);
    const winner = 'data' in (results[0] ?? {}) ? ada : bob;
    expect((await slotsOf(wheelId))[2]?.userId).toBe(winner.user.id);

    const again = await winner.client.call('TakeSlot', {
      wheelId,
      userId: winner.user.id,
      slotId: (await slotsOf(wheelId))[4]?.id ?? '',
    });
    expect(again).toEqual({
      error: { code: 'conflict', reason: 'already_seated', message: 'You are already in a slot!' },
    });
  });

  it('opens a private wheel only with its access code, and throttles guessing', async () => {
    const wheelId = await newWheel(4, { accessCode: 'open-sesame' });
    const visitor = await connect();
    expect(await visitor.call('JoinWheel', { wheelId })).toMatchObject({ error: { code: 'forbidden' } });
    const refused = await fetch(`${t.baseUrl}/api/users/anonymous`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        wheelId,
        sessionId: crypto.randomUUID(),
        registrationData: { age: 30, gender: 'male' },
      }),
    });
    expect(refused.status).toBe(403);

    const unlock = (accessCode: string) =>
      fetch(`${t.baseUrl}/api/wheels/${wheelId}/access`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ accessCode }),
      });
    const blank = await unlock('   ');
    expect(blank.status).toBe(400);
    expect(((await blank.json()) as ErrorBody).error.message).toBe('Please enter the access code.');
    const wrong = await unlock('guess');
    expect(wrong.status).toBe(403);
    expect(((await wrong.json()) as ErrorBody).error.message).toBe('Invalid access code. Please try again.');

    const right = await unlock('  open-sesame ');
    expect(right.status).toBe(200);
    const { wheel, accessGrant } = (await right.json()) as UnlockWheelResponse;
    expect(wheel.slots).toHaveLength(4);
    const withGrant = await fetch(`${t.baseUrl}/api/wheels/${wheelId}`, {
      headers: { 'x-wheel-access': accessGrant },
    });
    expect(((await withGrant.json()) as OpenWheel).slots).toHaveLength(4);
    const otherGrant = await fetch(`${t.baseUrl}/api/wheels/${wheelId}`, {
      headers: { 'x-wheel-access': 'nonsense' },
    });
    expect(await otherGrant.json()).not.toHaveProperty('slots');

    expect(await visitor.call('JoinWheel', { wheelId, accessGrant })).toHaveProperty('data');
    const ada = await participant(wheelId, 'ada', accessGrant);
    expect(ada.snapshot.wheel.id).toBe(wheelId);

    // Five wrong guesses a minute per client and wheel; then even the right code waits.
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await unlock('guess')).status).toBe(403);
    const throttled = await unlock('open-sesame');
    expect(throttled.status).toBe(429);
    clock.advance(61_000);
    expect((await unlock('open-sesame')).status).toBe(200);
  });

  it('runs a full round for ten people: everyone sees the same spin, facing people are matched, answers reach both', async () => {
    const wheelId = await newWheel(10);
    const people = await Promise.all(
      Array.from({ length: 10 }, (_, index) => participant(wheelId, `person-${index}`)),
    );
    const watcher = await connect();
    await watcher.call('JoinWheel', { wheelId });
    const slots = await slotsOf(wheelId);
    for (const [index, person] of people.entries()) {
      const result = await person.client.call('TakeSlot', {
        wheelId,
        userId: person.user.id,
        slotId: slots[index]?.id ?? '',
      });
      expect(result).toEqual({ data: null });
    }
    const scheduled = await watcher.next(
      'RoundScheduled',
      (event) => event.wheelId === wheelId && event.nextSpinAt !== null,
    );
    expect(Date.parse(scheduled.nextSpinAt ?? '') - clock.now().getTime()).toBe(ROUND_SECONDS * 1000);

    await t.app.rounds.tick();
    expect(watcher.all('WheelSpinStarted')).toEqual([]);

    clock.advance(ROUND_SECONDS * 1000);
    await t.app.rounds.tick();
    const spin = await watcher.next('WheelSpinStarted');
    expect(spin).toMatchObject({ wheelId, round: 1 });
    for (const person of people) expect(await person.client.next('WheelSpinStarted')).toEqual(spin);
    const taken = await people[0]?.client.call('TakeSlot', {
      wheelId,
      userId: people[0]?.user.id ?? '',
      slotId: slots[0]?.id ?? '',
    });
    expect(taken).toMatchObject({ error: { code: 'conflict' } });

    clock.advance(4_000);
    await t.app.rounds.tick();
    const completed = await watcher.next('WheelSpinCompleted');
    expect(completed).toMatchObject({ wheelId, currentRound: 1, unmatchedUserIds: [] });
    expect(completed.matches).toHaveLength(5);
    for (const person of people) expect(await person.client.next('WheelSpinCompleted')).toEqual(completed);
    expect((await watcher.next('MatchesCreated')).matches).toEqual(completed.matches);

    // Each match is the inner person and the outer person the rings brought face to face.
    const idAt = (position: number) => people[position]?.user.id;
    for (let inner = 0; inner < 5; inner += 1) {
      const outer = facingOuterPosition(inner, spin.innerOffset, spin.outerOffset, 5);
      expect(completed.matches).toContainEqual(
        expect.objectContaining({
          user1: expect.objectContaining({ id: idAt(inner) }),
          user2: expect.objectContaining({ id: idAt(outer) }),
          status: 'Pending',
        }),
      );
    }

    const [first, second] = completed.matches as [Match, Match];
    const personOf = (id: string) => people.find((person) => person.user.id === id);
    const one = personOf(first.user1.id);
    const two = personOf(first.user2.id);
    expect(await one?.client.call('AcceptMatch', { matchId: first.id })).toMatchObject({
      data: { status: 'Pending', acceptedByUser1: true, acceptedByUser2: false },
    });
    const stranger = personOf(second.user1.id);
    expect(await stranger?.client.call('AcceptMatch', { matchId: first.id })).toEqual({
      error: {
        code: 'forbidden',
        reason: 'not_your_match',
        message: 'Only the two people in a match can answer it.',
      },
    });
    expect(await two?.client.call('AcceptMatch', { matchId: first.id })).toMatchObject({
      data: { status: 'Accepted' },
    });
    for (const side of [one, two]) {
      expect(await side?.client.next('MatchAccepted', (event) => event.status === 'Accepted')).toEqual({
        matchId: first.id,
        userId: two?.user.id,
        acceptedByUser1: true,
        acceptedByUser2: true,
        status: 'Accepted',
      });
    }
    expect(stranger?.client.all('MatchAccepted')).toEqual([]);

    expect(
      await personOf(second.user2.id)?.client.call('DeclineMatch', { matchId: second.id }),
    ).toMatchObject({
      data: { status: 'Rejected' },
    });
    expect(await stranger?.client.next('MatchDeclined')).toEqual({
      matchId: second.id,
      userId: second.user2.id,
    });

    // A participant who comes back mid-round gets their matches in the snapshot.
    const rejoined = await one?.client.call('JoinWheel', { wheelId });
    expect((rejoined as { data: WheelSnapshot }).data.myMatches.map((match) => match.status)).toEqual([
      'Accepted',
    ]);
    expect((rejoined as { data: WheelSnapshot }).data.spin).toMatchObject({
      round: 1,
      innerOffset: spin.innerOffset,
    });

    clock.advance(8_000);
    await t.app.rounds.tick();
    const reset = await watcher.next('RoundScheduled', (event) => event.slotsCleared);
    expect(reset).toMatchObject({
      wheelId,
      currentRound: 1,
      nextSpinAt: new Date(clock.now().getTime() + ROUND_SECONDS * 1000).toISOString(),
    });
    // Seats are kept for the next round (issue 38), but for the two in a call, whose seats free
    // until their call ends.
    const inCall = [one?.user.id, two?.user.id];
    expect((await slotsOf(wheelId)).map((slot) => slot.userId)).toEqual(
      people.map((person) => (inCall.includes(person.user.id) ? null : person.user.id)),
    );

    // Round two, same seats (the two from the call sit down again): nobody meets the same person again.
    for (const [index, person] of people.entries()) {
      if (!inCall.includes(person.user.id)) continue;
      expect(
        await person.client.call('TakeSlot', {
          wheelId,
          userId: person.user.id,
          slotId: slots[index]?.id ?? '',
        }),
      ).toEqual({ data: null });
    }
    clock.advance(ROUND_SECONDS * 1000);
    await t.app.rounds.tick();
    clock.advance(4_000);
    await t.app.rounds.tick();
    const roundTwo = await watcher.next('WheelSpinCompleted', (event) => event.currentRound === 2);
    const pairsBefore = new Set(completed.matches.map((match) => `${match.user1.id}|${match.user2.id}`));
    expect(roundTwo.matches).toHaveLength(5);
    for (const match of roundTwo.matches)
      expect(pairsBefore.has(`${match.user1.id}|${match.user2.id}`)).toBe(false);
  });

  it('waits with "Wait" when the countdown ends with nobody to pair', async () => {
    const wheelId = await newWheel(4);
    const [ada, bob] = await Promise.all([participant(wheelId, 'ada'), participant(wheelId, 'bob')]);
    const slots = await slotsOf(wheelId);
    await ada.client.call('TakeSlot', { wheelId, userId: ada.user.id, slotId: slots[0]?.id ?? '' });
    await bob.client.call('TakeSlot', { wheelId, userId: bob.user.id, slotId: slots[2]?.id ?? '' });
    await ada.client.next('RoundScheduled', (event) => event.nextSpinAt !== null);
    expect(await bob.client.call('LeaveWheel', { wheelId })).toEqual({ data: null });
    expect(await ada.client.nextSeatChange('left')).toEqual({
      wheelId,
      userId: bob.user.id,
      slotId: slots[2]?.id,
    });
    expect((await ada.client.next('UserLeft')).user.id).toBe(bob.user.id);

    clock.advance(ROUND_SECONDS * 1000);
    await t.app.rounds.tick();
    expect(await ada.client.next('RoundScheduled', (event) => event.nextSpinAt === null)).toMatchObject({
      currentRound: 0,
      slotsCleared: false,
    });
    expect(ada.client.all('WheelSpinStarted')).toEqual([]);
  });

  it('keeps the slot of someone who reconnects within the grace period, and frees it otherwise', async () => {
    const wheelId = await newWheel(4);
    const [ada, bob] = await Promise.all([participant(wheelId, 'ada'), participant(wheelId, 'bob')]);
    const slots = await slotsOf(wheelId);
    await ada.client.call('TakeSlot', { wheelId, userId: ada.user.id, slotId: slots[0]?.id ?? '' });
    await bob.client.call('TakeSlot', { wheelId, userId: bob.user.id, slotId: slots[3]?.id ?? '' });

    ada.client.close();
    const back = await connect({ token: ada.token });
    const snapshot = await back.call('JoinWheel', { wheelId });
    expect((snapshot as { data: WheelSnapshot }).data.wheel.slots[0]?.userId).toBe(ada.user.id);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect((await slotsOf(wheelId))[0]?.userId).toBe(ada.user.id);
    expect(bob.client.seatChanges('left')).toEqual([]);

    bob.client.close();
    expect(await back.nextSeatChange('left')).toEqual({ wheelId, userId: bob.user.id, slotId: slots[3]?.id });
    expect((await slotsOf(wheelId))[3]?.userId).toBeNull();
  });

  it('keeps the slot of someone whose connection drops twice, each time for less than the grace period', async () => {
    // Grace 400 ms: drop at 0, back at 100, drop again at 300, back at 550. Each gap is under
    // the grace, but the first drop's timer fires at 400 while they are away the second time.
    const wheelId = await newWheel(4);
    const [ada, bob] = await Promise.all([participant(wheelId, 'ada'), participant(wheelId, 'bob')]);
    const slots = await slotsOf(wheelId);
    await ada.client.call('TakeSlot', { wheelId, userId: ada.user.id, slotId: slots[0]?.id ?? '' });
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const started = Date.now();
    const until = (ms: number) => pause(Math.max(0, started + ms - Date.now()));

    ada.client.close();
    await until(100);
    const second = await connect({ token: ada.token });
    expect(await second.call('JoinWheel', { wheelId })).toHaveProperty('data');
    await until(300);
    second.close();
    await until(550);
    const third = await connect({ token: ada.token });
    expect(await third.call('JoinWheel', { wheelId })).toHaveProperty('data');

    await pause(700);
    expect((await slotsOf(wheelId))[0]?.userId).toBe(ada.user.id);
    expect(bob.client.seatChanges('left')).toEqual([]);
    expect(bob.client.all('UserLeft')).toEqual([]);
  });

  it('turns people away once a wheel has as many participants as its owner’s plan admits', async () => {
    const now = clock.now().toISOString();
    await t.database.db
      .insertInto('plans')
      .values({
        id: `tiny-${dialect.name}`,
        name: 'Tiny',
        description: 'Two people',
        price_cents: 100,
        period: 'month',
        features: '[]',
        featured: false,
        max_participants_per_wheel: 2,
        support_level: 'email',
        api_access: false,
        sort_order: 9,
      })
      .execute();
    const ownerId = crypto.randomUUID();
    await t.database.db
      .insertInto('business_users')
      .values({
        id: ownerId,
        first_name: 'Olga',
        last_name: 'Owner',
        email: `olga-${dialect.name}@example.com`,
        company_name: 'Olga Events',
        phone_number: null,
        plan_id: `tiny-${dialect.name}`,
        password_hash: 'x',
        is_active: true,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const wheelId = await createTestWheel(t.database, {
      name: 'Small',
      description: 'x',
      slotCount: 4,
      businessUserId: ownerId,
    });
    const registrations: RegisterParticipantResponse[] = [];
    for (const name of ['a', 'b'])
      registrations.push(await registerParticipant(t.baseUrl, wheelId, { username: name }));
    expect(registrations).toHaveLength(2);
    await expect(registerParticipant(t.baseUrl, wheelId)).rejects.toThrow(/409.*at most 2 participants/);
  });
});
