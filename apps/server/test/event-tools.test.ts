import {
  ANNOUNCEMENT_TOO_SOON_MESSAGE,
  type Announcement,
  type AnnouncementEvent,
  estimatedEventEnd,
  type RegistrationConfig,
  type WheelLive,
  type WheelSnapshot,
} from '@wheelmeet/contracts';
import Papa from 'papaparse';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from './support/each-dialect';
import {
  createTestBusinessUser,
  createTestOpenMatch,
  createTestParticipant,
  createTestWheel,
  slotIdsOf,
} from './support/factories';
import { connectHub, dataOf, type HubClient } from './support/hub-client';
import { ManualClock } from './support/manual-clock';
import { seatedPair } from './support/matched-pair';
import { settingsSendingTo } from './support/smtp-capture';
import { signIn } from './support/staff';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './support/test-app';

const FORM: RegistrationConfig = {
  enabled: true,
  fields: [
    { id: 'username', name: 'username', label: 'Username', type: 'text', required: true, enabled: true },
    { id: 'company', name: 'company', label: 'Company', type: 'text', required: false, enabled: true },
    { id: 'bio', name: 'shortBio', label: 'Short Bio', type: 'text', required: false, enabled: false },
  ],
};

describeEachDialect('event tools for organisers (issue 35)', (dialect) => {
  let t: TestApp;
  const clock = new ManualClock();
  const clients: HubClient[] = [];
  let owner: Awaited<ReturnType<typeof signIn>>;
  let otherOrganiser: Awaited<ReturnType<typeof signIn>>;

  beforeAll(async () => {
    t = await startTestApp(dialect, { clock, listen: true, env: { WHEEL_ROUND_SECONDS: '5' } });
    await createTestBusinessUser(t.database, { email: 'owner@events.test', password: 'owner-password' });
    await createTestBusinessUser(t.database, { email: 'other@events.test', password: 'other-password' });
    owner = await signIn(t.app, 'owner@events.test', 'owner-password');
    otherOrganiser = await signIn(t.app, 'other@events.test', 'other-password');
  }, 120_000);
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(() => t?.close());

  const ownedWheel = (
    extra: Parameters<typeof createTestWheel>[1] extends infer W ? Partial<W> : never = {},
  ) =>
    createTestWheel(t.database, {
      name: 'Soirée Networking',
      description: 'Meet five people in one evening.',
      slotCount: 4,
      businessUserId: owner.profile.id,
      ...extra,
    });
  const seat = async (wheelId: string, people: readonly string[]) => {
    const slots = await slotIdsOf(t.database, wheelId);
    for (const [index, participantId] of people.entries())
      await t.database.db
        .updateTable('slots')
        .set({ participant_id: participantId, occupied_at: clock.now().toISOString() })
        .where('id', '=', slots[index] ?? '')
        .execute();
  };
  const announce = (wheelId: string, message: string, headers = owner.headers) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/wheels/${wheelId}/announcements`,
      headers,
      payload: { message },
    });

  describe('announcements', () => {
    it('lets one of two announcements at the same moment through, the next after 10 s, to everyone on the wheel', async () => {
      const { wheelId, people } = await seatedPair(t, clients, { businessUserId: owner.profile.id });
      const [first, second] = await Promise.all([
        announce(wheelId, 'Welcome, everyone!'),
        announce(wheelId, 'Welcome, everyone!'),
      ]);
      const answers = [first, second].sort((a, b) => a?.statusCode - b?.statusCode);
      expect(answers.map((answer) => answer?.statusCode)).toEqual([201, 429]);
      const sent = answers[0]?.json<Announcement>();
      expect(sent).toEqual({ message: 'Welcome, everyone!', sentAt: clock.now().toISOString() });
      expect(answers[1]?.headers['retry-after']).toBe('10');
      expect(answers[1]?.json()).toEqual({
        error: {
          code: 'too_many_requests',
          reason: 'too_many_requests',
          message: ANNOUNCEMENT_TOO_SOON_MESSAGE,
        },
      });
      const heard = await people[0]?.client.next('Announcement');
      expect(heard).toEqual<AnnouncementEvent>({
        wheelId,
        ...(sent as Announcement),
        seq: expect.any(Number),
      });

      clock.advance(4_000);
      expect((await announce(wheelId, 'Too soon')).headers['retry-after']).toBe('6');
      clock.advance(6_000);
      const later = await announce(wheelId, '  Round two starts now  ');
      expect(later.statusCode).toBe(201);
      expect(later.json<Announcement>().message).toBe('Round two starts now');

      // Someone arriving afterwards finds the latest announcement in their snapshot.
      const newcomer = await connectHub(t.baseUrl);
      clients.push(newcomer);
      const snapshot = dataOf<WheelSnapshot>(await newcomer.call('JoinWheel', { wheelId }));
      expect(snapshot.announcement).toEqual(later.json<Announcement>());
    });

    it('refuses an empty or too long announcement and hides another organiser’s wheel', async () => {
      const wheelId = await ownedWheel();
      for (const message of ['', '   ', 'x'.repeat(281)]) {
        const refused = await announce(wheelId, message);
        expect(refused.statusCode, message).toBe(400);
        expect(refused.json().error.code).toBe('validation_failed');
      }
      expect((await announce(wheelId, 'x'.repeat(280))).statusCode).toBe(201);
      clock.advance(10_000);
      expect((await announce(wheelId, 'Hello', otherOrganiser.headers)).statusCode).toBe(404);
      const admin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
      expect((await announce(wheelId, 'From the admin', admin.headers)).statusCode).toBe(201);
    });
  });

  it('gives the live figures: who sits, talks, waits and sat out last round', async () => {
    const startsAt = new Date(clock.now().getTime() - 60_000).toISOString();
    const wheelId = await ownedWheel({ startsAt, roundCount: 5 });
    const [ada, bo, cy, dee, eve] = await Promise.all(
      ['Ada', 'Bo', 'Cy', 'Dee', 'Eve'].map((username) =>
        createTestParticipant(t.database, { wheelId, username }),
      ),
    );
    await seat(wheelId, [ada, bo, cy, dee] as string[]);
    const at = clock.now().toISOString();
    await createTestOpenMatch(t.database, {
      wheelId,
      user1Id: ada as string,
      user2Id: bo as string,
      accepted: false,
      at,
    });
    const inCall = await createTestOpenMatch(t.database, {
      wheelId,
      user1Id: cy as string,
      user2Id: dee as string,
      accepted: true,
      at,
    });
    await t.database.db
      .updateTable('matches')
      .set({ call_started_at: at })
      .where('id', '=', inCall)
      .execute();
    // Closed matches count neither as waiting nor as talking.
    const closed = await createTestOpenMatch(t.database, {
      wheelId,
      user1Id: eve as string,
      user2Id: ada as string,
      accepted: false,
      at,
    });
    await t.database.db
      .updateTable('matches')
      .set({ closed_at: at, close_reason: 'unanswered' })
      .where('id', '=', closed)
      .execute();
    await t.database.db
      .insertInto('wheel_rounds')
      .values({
        wheel_id: wheelId,
        round: 1,
        spun_at: at,
        seated: 5,
        pairs: 2,
        never_met_pairs: 2,
        shared_interests: 0,
        sat_out_ids: JSON.stringify([eve]),
      })
      .execute();

    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin/wheels/${wheelId}/live`,
      headers: owner.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const live = response.json<WheelLive>();
    expect(live).toMatchObject({
      wheelId,
      phase: 'running',
      startsAt,
      eventEndedAt: null,
      roundCount: 5,
      spinning: false,
      seated: 4,
      inCalls: 2,
      awaitingAnswer: 1,
      announcement: null,
      serverTime: clock.now().toISOString(),
    });
    expect(live.satOutLastRound.map((person) => person.username)).toEqual(['Eve']);
    const hidden = await t.app.inject({
      method: 'GET',
      url: `/api/admin/wheels/${wheelId}/live`,
      headers: otherOrganiser.headers,
    });
    expect(hidden.statusCode).toBe(404);
  });

  it('exports every match as CSV, names that look like formulas kept as text', async () => {
    const wheelId = await ownedWheel({ registrationFields: FORM });
    const person = async (username: string, company: string) => {
      const id = await createTestParticipant(t.database, { wheelId, username });
      await t.database.db
        .updateTable('participants')
        .set({ registration_data: JSON.stringify({ username, company }) })
        .where('id', '=', id)
        .execute();
      return id;
    };
    const formula = await person('=HYPERLINK("http://x")', 'Acme');
    const plus = await person('+1', '@corp');
    const zoe = await person('Zoë', 'Café, Ltd');
    const at = clock.now().toISOString();
    // Within a round, matches come in the order they were made.
    let made = 0;
    const match = async (
      user1Id: string,
      user2Id: string,
      round: number,
      changes: Partial<{
        status: 'Accepted' | 'Rejected';
        call_started_at: string;
        call_ended_at: string;
        closed_at: string;
        close_reason: 'unanswered';
      }> = {},
    ) => {
      const id = crypto.randomUUID();
      await t.database.db
        .insertInto('matches')
        .values({
          id,
          wheel_id: wheelId,
          round,
          user1_id: user1Id,
          user2_id: user2Id,
          status: 'Pending',
          accepted_by_user1: false,
          accepted_by_user2: false,
          created_at: new Date(clock.now().getTime() + made++).toISOString(),
          call_started_at: null,
          call_ended_at: null,
          answer_by: at,
          closed_at: null,
          close_reason: null,
          ...changes,
        })
        .execute();
      return id;
    };
    const called = await match(formula, plus, 1, {
      status: 'Accepted',
      call_started_at: '2026-11-22T10:00:00.000Z',
      call_ended_at: '2026-11-22T10:01:30.000Z',
    });
    await match(zoe, formula, 2, { status: 'Rejected' });
    await match(plus, zoe, 2, { closed_at: at, close_reason: 'unanswered' });
    await match(formula, zoe, 3, { status: 'Accepted' });
    await match(plus, formula, 3);
    const followUp = (participantId: string, share: boolean, rating: 'up' | 'down' | null) => ({
      match_id: called,
      participant_id: participantId,
      wheel_id: wheelId,
      share,
      contact: '{}',
      rating,
      note: null,
      updated_at: at,
    });
    await t.database.db
      .insertInto('follow_ups')
      .values([followUp(formula, false, 'up'), followUp(plus, true, 'down')])
      .execute();

    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin/wheels/${wheelId}/export.csv`,
      headers: owner.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="soiree-networking-matches.csv"',
    );
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const rows = Papa.parse<string[]>(response.body.slice(1), { skipEmptyLines: true }).data;
    expect(rows).toEqual([
      [
        'Round',
        'Person 1',
        'Person 2',
        'Person 1 Username',
        'Person 2 Username',
        'Person 1 Company',
        'Person 2 Company',
        'Status',
        'Call length (seconds)',
        'Contacts shared',
        'Person 1 rating',
        'Person 2 rating',
      ],
      [
        '1',
        `'=HYPERLINK("http://x")`,
        "'+1",
        `'=HYPERLINK("http://x")`,
        "'+1",
        'Acme',
        "'@corp",
        'ended',
        '90',
        'person 2',
        'up',
        'down',
      ],
      [
        '2',
        'Zoë',
        `'=HYPERLINK("http://x")`,
        'Zoë',
        `'=HYPERLINK("http://x")`,
        'Café, Ltd',
        'Acme',
        'declined',
        '',
        'none',
        '',
        '',
      ],
      ['2', "'+1", 'Zoë', "'+1", 'Zoë', "'@corp", 'Café, Ltd', 'expired', '', 'none', '', ''],
      [
        '3',
        `'=HYPERLINK("http://x")`,
        'Zoë',
        `'=HYPERLINK("http://x")`,
        'Zoë',
        'Acme',
        'Café, Ltd',
        'accepted',
        '',
        'none',
        '',
        '',
      ],
      [
        '3',
        "'+1",
        `'=HYPERLINK("http://x")`,
        "'+1",
        `'=HYPERLINK("http://x")`,
        "'@corp",
        'Acme',
        'pending',
        '',
        'none',
        '',
        '',
      ],
    ]);
    const hidden = await t.app.inject({
      method: 'GET',
      url: `/api/admin/wheels/${wheelId}/export.csv`,
      headers: otherOrganiser.headers,
    });
    expect(hidden.statusCode).toBe(404);
  });

  describe('calendar file', () => {
    const calendarOf = (wheelId: string) =>
      t.app.inject({ method: 'GET', url: `/api/wheels/${wheelId}/event.ics` });
    // Long lines are folded (RFC 5545: CRLF and a space); unfolded, each property is one line.
    const lineOf = (body: string, name: string) =>
      body
        .replace(/\r\n /g, '')
        .split('\r\n')
        .find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`));

    it('is public, starts in UTC at the start time and ends after its rounds', async () => {
      const startsAt = '2026-12-01T18:00:00.000Z';
      const wheelId = await ownedWheel({
        startsAt,
        roundCount: 3,
        roundSeconds: 60,
        callMinutes: 5,
        accessCode: 'SECRET-CODE',
      });
      const response = await calendarOf(wheelId);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="soiree-networking.ics"');
      const end = estimatedEventEnd(startsAt, 3, { roundSeconds: 60, callMinutes: 5 }) as string;
      const icsTime = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
      expect(lineOf(response.body, 'DTSTART')).toBe(`DTSTART:${icsTime(startsAt)}`);
      expect(lineOf(response.body, 'DTSTART')).toMatch(/Z$/);
      expect(lineOf(response.body, 'DTEND')).toBe(`DTEND:${icsTime(end)}`);
      expect(lineOf(response.body, 'UID')).toBe(`UID:${wheelId}@localhost`);
      expect(lineOf(response.body, 'SUMMARY')).toBe('SUMMARY:Soirée Networking');
      expect(lineOf(response.body, 'URL')).toContain(`/wheel/${wheelId}`);
      expect(response.body).not.toContain('SECRET-CODE');
    });

    it('gives an endless wheel an hour and refuses a wheel without a start', async () => {
      const endless = await ownedWheel({ startsAt: '2026-12-01T18:00:00.000Z' });
      expect(lineOf((await calendarOf(endless)).body, 'DTEND')).toBe('DTEND:20261201T190000Z');
      const unscheduled = await calendarOf(await ownedWheel());
      expect(unscheduled.statusCode).toBe(404);
      expect(unscheduled.json().error.message).toBe('This wheel has no start time');
      expect((await calendarOf('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      expect((await calendarOf('not-a-uuid')).statusCode).toBe(400);
    });
  });

  it('documents the new routes: the announcement’s 429, the file types of the export and the calendar', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, { content?: object }> }>>;
    }>();
    const responsesOf = (path: string, method: string) => document.paths[path]?.[method]?.responses ?? {};
    expect(Object.keys(responsesOf('/api/admin/wheels/{id}/announcements', 'post'))).toEqual(
      expect.arrayContaining(['201', '400', '404', '429']),
    );
    expect(Object.keys(responsesOf('/api/admin/wheels/{id}/live', 'get'))).toContain('200');
    expect(
      Object.keys(responsesOf('/api/admin/wheels/{id}/export.csv', 'get')['200']?.content ?? {}),
    ).toEqual(['text/csv']);
    expect(Object.keys(responsesOf('/api/wheels/{id}/event.ics', 'get')['200']?.content ?? {})).toEqual([
      'text/calendar',
    ]);
  });

  it('queues the summaries of people who asked for them once the event ends, once each', async () => {
    const admin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
    const configured = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin.headers,
      payload: settingsSendingTo({ host: '127.0.0.1', port: 2525 }),
    });
    expect(configured.statusCode, configured.body).toBe(200);
    const wheelId = await ownedWheel();
    const ada = await createTestParticipant(t.database, { wheelId, username: 'Ada' });
    await createTestParticipant(t.database, { wheelId, username: 'Bo' });
    await t.database.db
      .insertInto('summary_emails')
      .values({
        participant_id: ada,
        wheel_id: wheelId,
        email: 'ada@people.test',
        updated_at: clock.now().toISOString(),
      })
      .execute();

    await t.app.events.publish('eventEnded', { wheelId });
    await t.app.events.publish('eventEnded', { wheelId });
    const queued = await t.database.db
      .selectFrom('email_outbox')
      .select(['recipient', 'kind'])
      .where('kind', '=', 'summary')
      .execute();
    expect(queued).toEqual([{ recipient: 'ada@people.test', kind: 'summary' }]);
  });
});
