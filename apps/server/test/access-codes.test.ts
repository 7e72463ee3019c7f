import {
  ACCESS_CODE_MESSAGES,
  type AdminWheel,
  type ErrorBody,
  type GetWheelResponse,
  type RegisterParticipantResponse,
  type UnlockWheelResponse,
} from '@wheelmeet/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createGrowingDelay } from '../src/lib/growing-delay';
import {
  ACCESS_CODE_ATTEMPTS_PER_CLIENT,
  ACCESS_CODE_DELAY_PER_WHEEL,
  ACCESS_CODE_FREE_GUESSES_PER_WHEEL,
  TOO_MANY_ACCESS_ATTEMPTS,
  tooManyWheelAttempts,
} from '../src/modules/wheels/wheels.service';
import { describeEachDialect } from './support/each-dialect';
import { createTestWheel } from './support/factories';
import { connectHub, type HubClient } from './support/hub-client';
import { ManualClock } from './support/manual-clock';
import { signIn } from './support/staff';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './support/test-app';

const RIGHT_CODE = 'Q7-MARBLE-PLUM';
const GUESSERS = 200;
/** 200 distinct client addresses. */
const addressOf = (index: number) => `10.20.${Math.floor(index / 250)}.${(index % 250) + 1}`;

describeEachDialect('private wheels: access codes', (dialect) => {
  let t: TestApp;
  const clock = new ManualClock();
  let admin: Record<string, string>;
  const clients: HubClient[] = [];

  beforeAll(async () => {
    t = await startTestApp(dialect, { clock, listen: true });
    admin = (await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD)).headers;
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(() => t?.close());

  const unlock = (wheelId: string, accessCode: string, remoteAddress = '192.0.2.1') =>
    t.app.inject({
      method: 'POST',
      url: `/api/wheels/${wheelId}/access`,
      payload: { accessCode },
      remoteAddress,
    });
  const privateWheel = (accessCode: string) =>
    createTestWheel(t.database, {
      name: 'Board retreat',
      description: 'Invitation only',
      slotCount: 4,
      accessCode,
    });
  const view = async (wheelId: string, grant: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/wheels/${wheelId}`,
        headers: { 'x-wheel-access': grant },
      })
    ).json<GetWheelResponse>();
  const joinWith = async (wheelId: string, options: { token?: string; accessGrant?: string }) => {
    const client = await connectHub(t.baseUrl, options.token ? { token: options.token } : {});
    clients.push(client);
    return client.call('JoinWheel', {
      wheelId,
      ...(options.accessGrant ? { accessGrant: options.accessGrant } : {}),
    });
  };

  it('uses the client address inject gives it as request.ip', async () => {
    // The per-address limit keys on request.ip; 5 wrong guesses from one address do not limit another.
    const wheelId = await privateWheel(RIGHT_CODE);
    for (let i = 0; i < ACCESS_CODE_ATTEMPTS_PER_CLIENT.maxAttempts; i += 1)
      expect((await unlock(wheelId, 'wrong-guess', '198.51.100.7')).statusCode).toBe(403);
    const limited = await unlock(wheelId, 'wrong-guess', '198.51.100.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json<ErrorBody>().error.message).toBe(TOO_MANY_ACCESS_ATTEMPTS);
    expect(Number(limited.headers['retry-after'])).toBe(60);
    expect((await unlock(wheelId, RIGHT_CODE, '198.51.100.8')).statusCode).toBe(200);
  });

  it(`answers at most ${ACCESS_CODE_FREE_GUESSES_PER_WHEEL} of ${GUESSERS} simultaneous guesses from ${GUESSERS} addresses; the right code works after the delay`, async () => {
    const wheelId = await privateWheel(RIGHT_CODE);
    const responses = await Promise.all(
      Array.from({ length: GUESSERS }, (_, index) =>
        unlock(wheelId, String(index).padStart(3, '0'), addressOf(index)),
      ),
    );

    const checked = responses.filter((response) => response.statusCode === 403);
    const refused = responses.filter((response) => response.statusCode === 429);
    expect(checked).toHaveLength(ACCESS_CODE_FREE_GUESSES_PER_WHEEL);
    expect(refused).toHaveLength(GUESSERS - ACCESS_CODE_FREE_GUESSES_PER_WHEEL);
    for (const response of refused) {
      expect(response.headers['retry-after']).toBe('1');
      expect(response.json<ErrorBody>().error).toEqual({
        code: 'too_many_requests',
        reason: 'too_many_requests',
        message: tooManyWheelAttempts(1_000),
      });
    }
    expect(tooManyWheelAttempts(1_000)).toBe(
      'Too many attempts on this wheel. Please wait 1 second and try again.',
    );

    // Even the right code waits now, from a fresh address: answering it would tell a guesser it is right.
    const early = await unlock(wheelId, RIGHT_CODE, '203.0.113.9');
    expect(early.statusCode).toBe(429);

    clock.advance(Number(early.headers['retry-after']) * 1_000);
    const right = await unlock(wheelId, RIGHT_CODE, '203.0.113.9');
    expect(right.statusCode).toBe(200);
    expect(right.json<UnlockWheelResponse>().wheel.id).toBe(wheelId);

    // The right code resets the wheel's count.
    expect((await unlock(wheelId, 'wrong-again', '203.0.113.10')).statusCode).toBe(403);
  });

  it('keeps doubling the wait up to a minute, whoever asks', async () => {
    const wheelId = await privateWheel(RIGHT_CODE);
    for (let i = 0; i < ACCESS_CODE_FREE_GUESSES_PER_WHEEL; i += 1)
      expect((await unlock(wheelId, `guess-${i}`, addressOf(i))).statusCode).toBe(403);
    const waits: string[] = [];
    for (let i = 0; i < 9; i += 1) {
      const refused = await unlock(wheelId, `guess-x${i}`, addressOf(100 + i));
      expect(refused.statusCode).toBe(429);
      const seconds = String(refused.headers['retry-after']);
      waits.push(seconds);
      expect(refused.json<ErrorBody>().error.message).toBe(
        `Too many attempts on this wheel. Please wait ${seconds} second${seconds === '1' ? '' : 's'} and try again.`,
      );
      clock.advance(Number(seconds) * 1_000);
      expect((await unlock(wheelId, `guess-y${i}`, addressOf(100 + i))).statusCode).toBe(403);
    }
    expect(waits).toEqual(['1', '2', '4', '8', '16', '32', '60', '60', '60']);

    // Forgotten after 15 quiet minutes.
    clock.advance(ACCESS_CODE_DELAY_PER_WHEEL.forgetAfterMs);
    expect((await unlock(wheelId, 'after-a-break', addressOf(150))).statusCode).toBe(403);
  });

  it('refuses weak access codes when a wheel is created or changed, and keeps an old weak code working', async () => {
    const create = (accessCode: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/wheels',
        headers: admin,
        payload: { name: 'Weak', description: 'd', isPrivate: true, accessCode },
      });
    for (const [code, message] of [
      ['7', ACCESS_CODE_MESSAGES.tooShort],
      ['K7Q-2XM', ACCESS_CODE_MESSAGES.tooShort],
      ['123456789', ACCESS_CODE_MESSAGES.digitsOnly],
      ['zzzzzzzzzz', ACCESS_CODE_MESSAGES.repetitive],
      ['abab-abab', ACCESS_CODE_MESSAGES.repetitive],
      ['open sesame', ACCESS_CODE_MESSAGES.characters],
    ] as const) {
      const response = await create(code);
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().error.details).toEqual([{ path: 'body.accessCode', message }]);
    }
    expect((await create('1234567890')).statusCode).toBe(201);
    const strong = await create('K7Q-2XM-9PW');
    expect(strong.statusCode).toBe(201);
    const wheel = strong.json<AdminWheel>();
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/wheels/${wheel.id}`,
      headers: admin,
      payload: { name: 'Weak', description: 'd', isPrivate: true, accessCode: '123' },
    });
    expect(update.statusCode).toBe(400);
    expect(update.json<ErrorBody>().error.message).toBe(ACCESS_CODE_MESSAGES.tooShort);

    // A wheel that got its short code before the rule still opens with it.
    const legacy = await privateWheel('123');
    expect((await unlock(legacy, '123')).statusCode).toBe(200);
  });

  it('a new access code ends earlier grants; registered participants keep their access', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/wheels',
      headers: admin,
      payload: {
        name: 'Rotating',
        description: 'd',
        slotCount: 4,
        isPrivate: true,
        accessCode: 'FIRST-CODE-1',
      },
    });
    const wheel = created.json<AdminWheel>();
    const put = (accessCode: string | null, extra: object = {}) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/wheels/${wheel.id}`,
        headers: admin,
        payload: { name: 'Rotating', description: 'd', isPrivate: accessCode !== null, accessCode, ...extra },
      });

    const { accessGrant: oldGrant } = (await unlock(wheel.id, 'FIRST-CODE-1')).json<UnlockWheelResponse>();
    expect((await view(wheel.id, oldGrant)).requiresAccessCode).toBe(false);
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/users/anonymous',
      headers: { 'x-wheel-access': oldGrant },
      payload: {
        wheelId: wheel.id,
        sessionId: crypto.randomUUID(),
        registrationData: { age: 30, gender: 'other' },
      },
    });
    expect(registered.statusCode).toBe(201);
    const participant = registered.json<RegisterParticipantResponse>();

    // Saving other changes with the same code keeps the grant.
    expect((await put('FIRST-CODE-1', { rules: 'Be kind' })).statusCode).toBe(200);
    expect((await view(wheel.id, oldGrant)).requiresAccessCode).toBe(false);

    // A different code: the old grant shows the locked view and cannot join or register.
    expect((await put('SECOND-CODE-2')).statusCode).toBe(200);
    expect(await view(wheel.id, oldGrant)).toMatchObject({ requiresAccessCode: true });
    expect(await view(wheel.id, oldGrant)).not.toHaveProperty('slots');
    expect(await joinWith(wheel.id, { accessGrant: oldGrant })).toMatchObject({
      error: { code: 'forbidden' },
    });
    const lateRegistration = await t.app.inject({
      method: 'POST',
      url: '/api/users/anonymous',
      headers: { 'x-wheel-access': oldGrant },
      payload: {
        wheelId: wheel.id,
        sessionId: crypto.randomUUID(),
        registrationData: { age: 30, gender: 'other' },
      },
    });
    expect(lateRegistration.statusCode).toBe(403);

    // The participant who registered before the change still gets in with their own token.
    expect(await joinWith(wheel.id, { token: participant.token })).toHaveProperty('data');

    // The new code gives a grant that works.
    const { accessGrant: newGrant } = (await unlock(wheel.id, 'SECOND-CODE-2')).json<UnlockWheelResponse>();
    expect((await view(wheel.id, newGrant)).requiresAccessCode).toBe(false);

    // Removing the code and putting the first one back does not revive the first grant.
    expect((await put(null)).statusCode).toBe(200);
    expect((await put('FIRST-CODE-1')).statusCode).toBe(200);
    expect(await view(wheel.id, oldGrant)).toMatchObject({ requiresAccessCode: true });
    expect(await view(wheel.id, newGrant)).toMatchObject({ requiresAccessCode: true });
  });

  it('a registration on a still-locked private wheel is refused with access_required; its grant lets it through', async () => {
    const wheelId = await privateWheel(RIGHT_CODE);
    const register = (headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/anonymous',
        headers,
        payload: {
          wheelId,
          sessionId: crypto.randomUUID(),
          registrationData: { age: 30, gender: 'other' },
        },
      });

    const locked = await register();
    expect(locked.statusCode).toBe(403);
    expect(locked.json<ErrorBody>().error).toMatchObject({ code: 'forbidden', reason: 'access_required' });
    const wrongGrant = await register({ 'x-wheel-access': 'not-a-grant' });
    expect(wrongGrant.statusCode).toBe(403);
    expect(wrongGrant.json<ErrorBody>().error.reason).toBe('access_required');

    // Issue 33: the grant that unlocked the wheel, in the same header as GET /api/wheels/{id}.
    const { accessGrant } = (await unlock(wheelId, RIGHT_CODE, '192.0.2.33')).json<UnlockWheelResponse>();
    const registered = await register({ 'x-wheel-access': accessGrant });
    expect(registered.statusCode).toBe(201);
    expect(registered.json<RegisterParticipantResponse>().user.wheelId).toBe(wheelId);
  });
});

describe('how long guessing takes with the per-wheel delay', () => {
  /** Seconds for one guesser (with any number of addresses) to get `guesses` codes checked. */
  function secondsToGuess(guesses: number) {
    const clock = new ManualClock();
    const delay = createGrowingDelay({ ...ACCESS_CODE_DELAY_PER_WHEEL, clock });
    const start = clock.now().getTime();
    let checked = 0;
    return (async () => {
      while (checked < guesses) {
        const wait = await delay.tryBegin('wheel');
        if (wait > 0) clock.advance(wait);
        else checked += 1;
      }
      return (clock.now().getTime() - start) / 1_000;
    })();
  }

  it('checks 10 guesses at once, 16 in 63 s, then one a minute', async () => {
    expect(await secondsToGuess(ACCESS_CODE_FREE_GUESSES_PER_WHEEL)).toBe(0);
    expect(await secondsToGuess(16)).toBe(63);
    expect(await secondsToGuess(100)).toBe(63 + 84 * 60);
    // 10^3 guesses: about 16 hours; 10^4: about a week.
    expect(await secondsToGuess(1_000)).toBe(63 + 984 * 60);
    expect((await secondsToGuess(10_000)) / 86_400).toBeCloseTo(6.93, 1);
  });
});
