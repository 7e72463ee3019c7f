import type {
  BusinessRegistrationResponse,
  PaymentIntentResponse,
  SendSummariesResponse,
  Settings,
  SummaryEmail,
  TestEmailResponse,
} from '@wheelmeet/contracts';
import { DEFAULT_SETTINGS, TEST_EMAIL_NOT_SENT } from '@wheelmeet/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { EMAIL_JOB, emailJob } from '../src/modules/email/email.job';
import { createEmailRepository } from '../src/modules/email/email.repository';
import { smtpMailer } from '../src/modules/email/smtp-mailer';
import { createJobQueue } from '../src/modules/jobs/job-queue';
import { describeEachDialect } from './support/each-dialect';
import { createTestBusinessUser, createTestWheel } from './support/factories';
import type { HubClient } from './support/hub-client';
import { ManualClock } from './support/manual-clock';
import { connectedPair } from './support/matched-pair';
import {
  randomLoopbackHost,
  type SmtpCapture,
  settingsSendingTo,
  startSmtpCapture,
} from './support/smtp-capture';
import { signIn } from './support/staff';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './support/test-app';

const DEMO = {
  name: 'Grace Hopper',
  telephone: '+1 555 0100',
  company: 'Compilers Inc',
  email: 'grace@compilers.test',
};

describeEachDialect('email notifications (issue 13, decision 019)', (dialect) => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let admin: Awaited<ReturnType<typeof signIn>>;
  const clock = new ManualClock();
  const clients: HubClient[] = [];

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await startTestApp(dialect, { clock, listen: true, env: { WHEEL_ROUND_SECONDS: '5' } });
    admin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
  }, 120_000);
  beforeEach(async () => {
    smtp.up();
    smtp.mails.length = 0;
    await t.database.db.deleteFrom('email_outbox').execute();
    await configure({ enableEmailNotifications: true });
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const inject = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    headers: Record<string, string> = admin.headers,
  ) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const configure = async (changes: Partial<Settings> & { smtpPassword?: string }) => {
    const response = await inject('PUT', '/api/admin/settings', { ...settingsSendingTo(smtp), ...changes });
    expect(response.statusCode, response.body).toBe(200);
  };
  /** One pass of the email job: how many mails were sent and how many attempts failed. */
  const deliver = async () => {
    const { done, failed } = await t.app.jobs.runDue(EMAIL_JOB);
    return { sent: done, failed };
  };
  const outbox = () => t.database.db.selectFrom('email_outbox').selectAll().orderBy('created_at').execute();

  async function payForAccount(): Promise<BusinessRegistrationResponse> {
    const email = `ada.${Date.now()}@orbit.test`;
    const registered = await inject(
      'POST',
      '/api/business/register',
      {
        firstName: 'Ada',
        lastName: 'Byron',
        email,
        password: 'analytical-1843',
        companyName: 'Engines',
        planId: 'professional',
      },
      {},
    );
    expect(registered.statusCode, registered.body).toBe(201);
    const user = registered.json<BusinessRegistrationResponse>();
    const intent = await inject(
      'POST',
      '/api/business/payment-intent',
      { planId: user.planId, currency: 'eur', businessUserId: user.id, signupToken: user.signupToken },
      {},
    );
    expect(intent.statusCode, intent.body).toBe(201);
    const paid = await inject(
      'POST',
      '/api/business/test-payments/confirm',
      {
        paymentIntentId: intent.json<PaymentIntentResponse>().paymentIntentId,
        cardNumber: '4242424242424242',
        expiry: '12/30',
        cvc: '123',
      },
      {},
    );
    expect(paid.statusCode, paid.body).toBe(200);
    return user;
  }

  it('sends the organiser a receipt when their payment activates the account', async () => {
    const user = await payForAccount();
    expect(await deliver()).toEqual({ sent: 1, failed: 0 });
    const [mail] = await smtp.waitFor(1);
    expect(mail?.to).toEqual([user.email]);
    expect(mail?.from).toBe('events@wheelmeet.test');
    expect(mail?.subject).toBe('Your WheelMeet receipt: Professional plan');
    expect(mail?.text).toContain('Hello Ada,');
    expect(mail?.text).toContain('Amount paid: 99.00 EUR');
    expect(mail?.html).toContain('is now active');
  });

  it('tells every active admin of each demo request, and sends each notice once', async () => {
    const created = await inject('POST', '/api/admin/users', {
      username: `ops-${dialect.name}`,
      email: `ops-${dialect.name}@wheelmeet.test`,
      firstName: 'Olive',
      lastName: 'Ops',
      password: 'ops-password-long',
    });
    expect(created.statusCode, created.body).toBe(201);
    const asked = await inject('POST', '/api/business/demo-request', DEMO, {});
    expect(asked.statusCode).toBe(201);
    // Two workers (processes) at once: each notice is sent exactly once.
    const other = createJobQueue(
      emailJob({
        email: createEmailRepository(t.database.db),
        settings: {
          get: async () => ({
            ...DEFAULT_SETTINGS,
            smtpServer: smtp.host,
            smtpPort: smtp.port,
            senderEmail: 'events@wheelmeet.test',
            enableEmailNotifications: true,
            smtpPasswordSet: false,
          }),
          smtpPassword: async () => undefined,
        },
        mailer: smtpMailer,
        log: t.app.log,
      }),
      { clock, log: t.app.log },
    );
    const [mine, theirs] = await Promise.all([deliver(), other.runDue()]);
    expect(mine.sent + theirs.done).toBe(2);
    const mails = await smtp.waitFor(2);
    expect(mails.flatMap((mail) => mail.to).sort()).toEqual(
      ['admin@wheelmeet.local', `ops-${dialect.name}@wheelmeet.test`].sort(),
    );
    for (const mail of mails) {
      expect(mail.subject).toBe('New demo request from Compilers Inc');
      expect(mail.text).toContain('Contact person: Grace Hopper');
      expect(mail.text).toContain('Email: grace@compilers.test');
    }
    expect(await deliver()).toEqual({ sent: 0, failed: 0 });
  });

  it('sends nothing without SMTP or with notifications off, and the test email says why', async () => {
    await configure({ smtpServer: '', enableEmailNotifications: true });
    expect((await inject('POST', '/api/business/demo-request', DEMO, {})).statusCode).toBe(201);
    const test = await inject('POST', '/api/admin/email/test', {});
    expect(test.statusCode).toBe(409);
    expect(test.json()).toEqual({
      error: { code: 'conflict', reason: 'conflict', message: 'No SMTP server is set, so no email is sent.' },
    });

    await configure({ enableEmailNotifications: false });
    await payForAccount();
    expect((await inject('POST', '/api/business/demo-request', DEMO, {})).statusCode).toBe(201);
    expect(await outbox()).toEqual([]);

    // Switching on later does not send old news.
    await configure({ enableEmailNotifications: true });
    expect(await deliver()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.mails).toEqual([]);
  });

  it("keeps mail the SMTP server refuses and sends it later; the user's request still succeeds", async () => {
    smtp.down();
    const asked = await inject('POST', '/api/business/demo-request', DEMO, {});
    expect(asked.statusCode).toBe(201);
    const queued = (await outbox()).length;
    expect(queued).toBeGreaterThan(0);
    expect(await deliver()).toEqual({ sent: 0, failed: queued });
    const [waiting] = await outbox();
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting?.last_error).toContain('451');

    // Not due again yet; then the server is back and the retry goes out.
    smtp.up();
    clock.advance(30_000);
    expect(await deliver()).toEqual({ sent: 0, failed: 0 });
    clock.advance(31_000);
    expect(await deliver()).toEqual({ sent: queued, failed: 0 });
    expect((await smtp.waitFor(queued))[0]?.subject).toBe('New demo request from Compilers Inc');
    expect((await outbox())[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('keeps mail while the SMTP server cannot be reached at all', async () => {
    await configure({ smtpServer: randomLoopbackHost() });
    expect((await inject('POST', '/api/business/demo-request', DEMO, {})).statusCode).toBe(201);
    const queued = (await outbox()).length;
    expect(queued).toBeGreaterThan(0);
    expect(await deliver()).toEqual({ sent: 0, failed: queued });
    expect((await outbox())[0]).toMatchObject({ status: 'pending', attempts: 1 });

    const test = await inject('POST', '/api/admin/email/test', {});
    expect(test.statusCode).toBe(200);
    expect(test.json<TestEmailResponse>()).toEqual({
      sent: false,
      to: 'admin@wheelmeet.local',
      message: TEST_EMAIL_NOT_SENT,
    });
  });

  it('sends a test email to the signed-in admin, or refuses an invalid address', async () => {
    const test = await inject('POST', '/api/admin/email/test', {});
    expect(test.json<TestEmailResponse>()).toEqual({
      sent: true,
      to: 'admin@wheelmeet.local',
      message: 'Test email sent to admin@wheelmeet.local.',
    });
    expect((await smtp.waitFor(1))[0]).toMatchObject({
      to: ['admin@wheelmeet.local'],
      subject: 'WheelMeet test email',
    });
    const bad = await inject('POST', '/api/admin/email/test', { to: 'not an address' });
    expect(bad.statusCode).toBe(400);
  });

  it('emails an opted-in participant their connections once, with names escaped', async () => {
    const { matchId, ada, bo } = await connectedPair(t, clock, clients);
    await t.database.db
      .updateTable('participants')
      .set({ username: '<script>alert("bo")</script>' })
      .where('id', '=', bo.id)
      .execute();
    const put = (token: string, url: string, payload: object) =>
      inject('PUT', url, payload, { authorization: `Bearer ${token}` });
    await put(ada.token, `/api/me/connections/${matchId}`, {
      share: true,
      contact: { email: 'ada@people.test' },
    });
    await put(bo.token, `/api/me/connections/${matchId}`, {
      share: true,
      contact: { email: 'bo@people.test', phone: '+44 1234 567890' },
    });
    const optIn = await put(ada.token, '/api/me/summary-email', { optIn: true, email: 'ada@people.test' });
    expect(optIn.json<SummaryEmail>()).toEqual({ optIn: true, email: 'ada@people.test', sentAt: null });
    // Bo does not opt in; an invalid address is refused with 400.
    expect((await put(bo.token, '/api/me/summary-email', { optIn: true, email: 'nope' })).statusCode).toBe(
      400,
    );

    const { wheel_id: wheelId } = await t.database.db
      .selectFrom('matches')
      .select('wheel_id')
      .where('id', '=', matchId)
      .executeTakeFirstOrThrow();
    // Two presses at once: one summary.
    const presses = await Promise.all([
      inject('POST', `/api/admin/wheels/${wheelId}/summaries`),
      inject('POST', `/api/admin/wheels/${wheelId}/summaries`),
    ]);
    const answers = presses.map((press) => press.json<SendSummariesResponse>());
    expect(answers.map((answer) => answer.queued).sort()).toEqual([0, 1]);
    expect(await deliver()).toEqual({ sent: 1, failed: 0 });
    const [mail] = await smtp.waitFor(1);
    expect(mail?.to).toEqual(['ada@people.test']);
    expect(mail?.subject).toBe('Your connections from Pair');
    expect(mail?.text).toContain('<script>alert("bo")</script> (round 1)');
    expect(mail?.text).toContain('Email: bo@people.test');
    expect(mail?.text).toContain('Phone: +44 1234 567890');
    expect(mail?.html).not.toContain('<script>');
    expect(mail?.html).toContain('&lt;script&gt;alert(&quot;bo&quot;)&lt;/script&gt;');

    const again = await inject('POST', `/api/admin/wheels/${wheelId}/summaries`);
    expect(again.json<SendSummariesResponse>()).toEqual({ queued: 0, alreadySent: 1 });
    expect(await deliver()).toEqual({ sent: 0, failed: 0 });
    const status = await inject('GET', '/api/me/summary-email', undefined, {
      authorization: `Bearer ${ada.token}`,
    });
    expect(status.json<SummaryEmail>().sentAt).not.toBeNull();
  });

  it("lets an organiser send their own wheel's summaries only", async () => {
    const ownerId = await createTestBusinessUser(t.database, {
      email: `owner-${dialect.name}@x.test`,
      password: 'owner-password',
    });
    await createTestBusinessUser(t.database, {
      email: `other-${dialect.name}@x.test`,
      password: 'other-password',
    });
    const wheelId = await createTestWheel(t.database, {
      name: 'Owned',
      description: 'x',
      slotCount: 2,
      businessUserId: ownerId,
    });
    const owner = await signIn(t.app, `owner-${dialect.name}@x.test`, 'owner-password');
    const other = await signIn(t.app, `other-${dialect.name}@x.test`, 'other-password');
    const mine = await inject('POST', `/api/admin/wheels/${wheelId}/summaries`, undefined, owner.headers);
    expect(mine.json()).toEqual({ queued: 0, alreadySent: 0 });
    const theirs = await inject('POST', `/api/admin/wheels/${wheelId}/summaries`, undefined, other.headers);
    expect(theirs.statusCode).toBe(404);

    await configure({ enableEmailNotifications: false });
    const off = await inject('POST', `/api/admin/wheels/${wheelId}/summaries`, undefined, owner.headers);
    expect(off.statusCode).toBe(409);
    expect(off.json().error.message).toContain('Email notifications are switched off');
  }, 60_000);
});
