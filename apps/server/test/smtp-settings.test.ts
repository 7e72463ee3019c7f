import { createServer, type Server } from 'node:net';
import {
  type ErrorBody,
  type Settings,
  SMTP_PORT_MESSAGE,
  SMTP_SUPER_ADMIN_ONLY,
  TEST_EMAIL_NOT_SENT,
  type TestEmailResponse,
  type UpdateSettingsRequest,
} from '@wheelmeet/contracts';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createSettingsRepository } from '../src/modules/settings/settings.repository';
import { describeEachDialect } from './support/each-dialect';
import {
  listenOnMailPort,
  randomLoopbackHost,
  type SmtpCapture,
  settingsSendingTo,
  startSmtpCapture,
  TEST_SMTP_PORT,
} from './support/smtp-capture';
import { signIn } from './support/staff';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './support/test-app';

/**
 * Issue 36: the SMTP settings and the test email must not let a plain admin make the server
 * probe any host and port, nor tell open, closed and non-SMTP ports apart.
 */
describeEachDialect('SMTP settings: super admins only, mail ports only, sent or not sent', (dialect) => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let garbage: Server;
  let garbageHost: string;
  let superAdmin: Record<string, string>;
  let plainAdmin: Record<string, string>;
  const logLines: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    // Listens on a mail port but speaks no SMTP.
    garbage = createServer((socket) => socket.end('HTTP/1.1 400 Bad Request\r\n\r\nnot smtp\r\n'));
    garbageHost = await listenOnMailPort(garbage);
    t = await startTestApp(dialect, {
      env: { LOG_LEVEL: 'warn' },
      logStream: { write: (line: string) => logLines.push(line) },
    });
    superAdmin = (await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD)).headers;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: superAdmin,
      payload: {
        username: 'plain',
        email: 'plain@wheelmeet.test',
        firstName: 'Plain',
        lastName: 'Admin',
        password: 'plain-password',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    plainAdmin = (await signIn(t.app, 'plain', 'plain-password')).headers;
  }, 120_000);
  beforeEach(async () => {
    expect((await save(superAdmin, settingsSendingTo(smtp))).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await new Promise((resolve) => garbage?.close(resolve));
  });

  const save = (headers: Record<string, string>, payload: UpdateSettingsRequest) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers, payload });
  const stored = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: superAdmin })).json<Settings>();
  const testEmail = (headers: Record<string, string> = superAdmin) =>
    t.app.inject({ method: 'POST', url: '/api/admin/email/test', headers, payload: {} });

  it('refuses a plain admin who changes the mail server, and keeps the settings as they were', async () => {
    const before = await stored();
    const attempts: Partial<UpdateSettingsRequest>[] = [
      { smtpServer: '10.0.0.5' },
      { smtpPort: 465 },
      { smtpUsername: 'someone' },
      { smtpPassword: 'new-secret' },
    ];
    for (const change of attempts) {
      const response = await save(plainAdmin, { ...settingsSendingTo(smtp), siteName: 'Renamed', ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(403);
      expect(response.json<ErrorBody>()).toEqual({
        error: { code: 'forbidden', reason: 'forbidden', message: SMTP_SUPER_ADMIN_ONLY },
      });
    }
    expect(await stored()).toEqual(before);
  });

  it('lets a plain admin read the settings and save the others while the mail server stays the same', async () => {
    const read = await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: plainAdmin });
    expect(read.statusCode).toBe(200);
    expect(read.json<Settings>()).toMatchObject({ smtpServer: smtp.host, smtpPort: TEST_SMTP_PORT });
    const saved = await save(plainAdmin, {
      ...settingsSendingTo(smtp),
      siteName: 'Renamed',
      smtpPassword: '',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Settings>()).toMatchObject({ siteName: 'Renamed', smtpServer: smtp.host });
  });

  it('accepts only the mail ports 25, 465, 587 and 2525', async () => {
    const refused = await save(superAdmin, { ...settingsSendingTo(smtp), smtpPort: 6379 });
    expect(refused.statusCode).toBe(400);
    const error = refused.json<ErrorBody>().error;
    expect(error.code).toBe('validation_failed');
    expect(error.details).toEqual([{ path: 'body.smtpPort', message: SMTP_PORT_MESSAGE }]);
    expect((await stored()).smtpPort).toBe(TEST_SMTP_PORT);

    const accepted = await save(superAdmin, { ...settingsSendingTo(smtp), smtpPort: 587 });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<Settings>().smtpPort).toBe(587);
  });

  it('never connects to a port saved before the ports were limited', async () => {
    await createSettingsRepository(t.database.db).set(
      'site',
      { ...settingsSendingTo(smtp), smtpPort: 6379 },
      new Date().toISOString(),
    );
    const response = await testEmail();
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>().error.message).toBe(`${SMTP_PORT_MESSAGE}, so no email is sent.`);
  });

  it('lets only a super admin send the test email', async () => {
    const response = await testEmail(plainAdmin);
    expect(response.statusCode).toBe(403);
    expect(smtp.mails).toEqual([]);
  });

  it('answers a closed port and a non-SMTP listener alike (not sent), and logs why', async () => {
    const answers: TestEmailResponse[] = [];
    for (const smtpServer of [randomLoopbackHost(), garbageHost]) {
      expect((await save(superAdmin, { ...settingsSendingTo(smtp), smtpServer })).statusCode).toBe(200);
      const response = await testEmail();
      expect(response.statusCode).toBe(200);
      answers.push(response.json<TestEmailResponse>());
    }
    expect(answers[0]).toEqual({ sent: false, to: 'admin@wheelmeet.local', message: TEST_EMAIL_NOT_SENT });
    expect(answers[1]).toEqual(answers[0]);
    const warnings = logLines
      .map((line) => JSON.parse(line) as { level: number; msg: string; reason?: string })
      .filter((entry) => entry.msg === 'test email not sent');
    expect(warnings).toHaveLength(2);
    expect(warnings.every((entry) => entry.level === 40 && entry.reason)).toBe(true);
    expect(warnings[0]?.reason).toContain('ECONNREFUSED');
  });

  it('answers sent when the capture server takes the mail', async () => {
    const response = await testEmail();
    expect(response.json<TestEmailResponse>()).toEqual({
      sent: true,
      to: 'admin@wheelmeet.local',
      message: 'Test email sent to admin@wheelmeet.local.',
    });
    expect((await smtp.waitFor(1))[0]?.to).toEqual(['admin@wheelmeet.local']);
  });
});
