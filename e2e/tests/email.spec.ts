import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DEFAULT_SETTINGS } from '@wheelmeet/contracts';
import { type SmtpCapture, startSmtpCapture } from '../../apps/server/test/support/smtp-capture';
import { seriousViolations } from '../support/accessibility';
import { adminHeaders, createWheel } from '../support/admin-api';
import { signInThroughUi } from '../support/admin-ui';
import { expect, test } from '../support/fixtures';
import { E2E_ADMIN_PASSWORD } from '../support/global-setup';
import { takeSeatAsNewParticipant } from '../support/participant';

const SIZES = { desktop: { width: 1366, height: 768 }, phone: { width: 390, height: 844 } } as const;
const SCREENSHOTS = path.resolve(import.meta.dirname, '../../test-results/email-screenshots');

let smtp: SmtpCapture;
test.beforeAll(async () => {
  smtp = await startSmtpCapture();
  mkdirSync(SCREENSHOTS, { recursive: true });
});
// The server is shared with other specs: switch email off again, so nothing waits on a closed port.
test.afterAll(async ({ request }) => {
  await request.put('/api/admin/settings', { headers: await adminHeaders(request), data: DEFAULT_SETTINGS });
  await smtp?.close();
});

async function shoot(page: Page, name: string) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await expect
      .poll(() =>
        page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      )
      .toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${size}.png`), fullPage: true });
  }
  expect(await seriousViolations(page)).toEqual([]);
}

test('an admin sets up email, a participant asks for their summary, and the organiser sends it once', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  await signInThroughUi(page, 'admin', E2E_ADMIN_PASSWORD);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Settings' }).click();
  const email = page.getByRole('group', { name: 'Email' });
  await expect(email.getByRole('status')).toHaveText(/Email is not being sent\. No SMTP server is set/);
  await shoot(page, 'settings-not-configured');

  await email.getByLabel('SMTP server').fill(smtp.host);
  await email.getByLabel('SMTP port').selectOption(String(smtp.port));
  await email.getByLabel('Sender email').fill('events@wheelmeet.test');
  await email.getByLabel('Enable email notifications').check();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(email.getByRole('status').first()).toHaveText(/Email notifications are on\./);
  await email.getByRole('button', { name: 'Send a test email' }).click();
  await expect(email.getByText('Test email sent to admin@wheelmeet.local.')).toBeVisible();
  expect((await smtp.waitFor(1))[0]).toMatchObject({ to: ['admin@wheelmeet.local'] });
  await shoot(page, 'settings-ready');

  // A participant takes a seat and asks for their list by email.
  const wheel = await createWheel(request, { name: 'Email summary evening', description: 'x', slotCount: 2 });
  const guest = await (await browser.newContext({ baseURL })).newPage();
  await guest.goto(`/wheel/${wheel.id}`);
  await takeSeatAsNewParticipant(guest, { ring: 'Inner', number: 1 }, { age: '30', gender: 'Female' });
  await guest.getByRole('button', { name: 'My connections' }).click();
  const dialog = guest.getByRole('dialog', { name: 'My connections' });
  await dialog.getByRole('checkbox', { name: 'Email me this list after the event' }).check();
  await dialog.getByLabel(/^Your email/).fill('grace@people.test');
  await dialog.getByRole('button', { name: 'Save email choice' }).click();
  await expect(dialog.getByText('Saved. We will email you this list after the event.')).toBeVisible();
  await shoot(guest, 'my-connections-opt-in');

  // After the event the organiser sends the summaries: once.
  await page.goto(`/admin/wheels/${wheel.id}`);
  const after = page.getByRole('region', { name: 'After the event' });
  await after.getByRole('button', { name: 'Send summaries' }).click();
  await expect(after.getByText('Summaries are on their way to 1 participant.')).toBeVisible();
  const mails = await smtp.waitFor(2, 15_000);
  expect(mails[1]).toMatchObject({
    to: ['grace@people.test'],
    subject: 'Your connections from Email summary evening',
  });
  await after.getByRole('button', { name: 'Send summaries' }).click();
  await expect(after.getByText('1 participant already got theirs.')).toBeVisible();
  await after.scrollIntoViewIfNeeded();
  await shoot(page, 'wheel-send-summaries');

  await guest.reload();
  await guest.getByRole('button', { name: 'My connections' }).click();
  await expect(
    guest
      .getByRole('dialog', { name: 'My connections' })
      .getByText(/Your summary was emailed to grace@people\.test/),
  ).toBeVisible();
  expect(smtp.mails).toHaveLength(2);
});
