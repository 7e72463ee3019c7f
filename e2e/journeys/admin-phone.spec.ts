import type { Page } from '@playwright/test';
import {
  aliasOf,
  type BusinessUser,
  type RegisterParticipantResponse,
  SMTP_PORTS,
  SMTP_SUPER_ADMIN_ONLY,
} from '@wheelmeet/contracts';
import { adminHeaders, createWheel } from '../support/admin-api';
import { signInThroughUi } from '../support/admin-ui';
import { expect, test } from '../support/fixtures';
import { E2E_ADMIN_PASSWORD } from '../support/global-setup';
import { journeyCamera } from '../support/journey';

/** Checks that let the journey go on, so one run reports every page's problems at once. */
const softly = expect.configure({ soft: true });

/** The page itself never scrolls sideways at this size: anything wide scrolls inside its own box. */
async function expectNoSidewaysScroll(page: Page) {
  await softly
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
    .toBe(true);
}

test('an admin visits every admin page: each has its heading, fits the screen and says things truthfully', async ({
  page,
  request,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const shoot = journeyCamera(testInfo);
  const size = testInfo.project.name;
  const headers = await adminHeaders(request);

  // An organiser with a wheel someone joined, so the report has a day of figures to draw.
  const owner = (await (
    await request.post('/api/admin/business-users', {
      headers,
      data: {
        firstName: 'Jo',
        lastName: 'Journey',
        email: `jo.journey.${size}@example-events-company.com`,
        companyName: `Jo’s Journey Events (${size})`,
        planId: 'starter',
        password: 'jo-journey-password',
      },
    })
  ).json()) as BusinessUser;
  const wheel = await createWheel(request, {
    name: `Admin journey wheel (${size})`,
    description: 'Visited by the admin journey',
    slotCount: 12,
    businessUserId: owner.id,
  });
  const registered = await request.post('/api/users/anonymous', {
    data: {
      wheelId: wheel.id,
      sessionId: crypto.randomUUID(),
      registrationData: { age: 33, gender: 'other' },
    },
  });
  expect(registered.status()).toBe(201);
  const participant = ((await registered.json()) as RegisterParticipantResponse).user;
  expect(
    (
      await request.post('/api/business/demo-request', {
        data: {
          name: 'Dana Demo',
          telephone: '+31 20 123 4567',
          company: `A University With A Rather Long Name (${size})`,
          email: 'dana.demo.with.a.long.address@university.example.org',
        },
      })
    ).status(),
  ).toBe(201);

  /** Opens `path`, waits for its heading and content, checks the width and keeps a picture. */
  async function visit(path: string, heading: string | RegExp, step: string, ready?: () => Promise<void>) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
    await ready?.();
    await expectNoSidewaysScroll(page);
    await shoot(page, step);
  }

  await signInThroughUi(page, 'admin', E2E_ADMIN_PASSWORD);
  await visit('/admin/dashboard', 'Dashboard', 'dashboard', async () => {
    await expect(page.getByText('Total revenue')).toBeVisible();
    // The seeded admin is 'Platform Admin', a role, not a person to greet by half of it.
    await softly(page.getByText('Welcome back, Platform.')).toHaveCount(0);
  });

  await visit('/admin/users', 'Users', 'users', async () => {
    // Named as the wheel names them: their alias, never 'Anonymous'.
    const row = page.locator('tr', { hasText: wheel.name });
    await softly(row.getByText(aliasOf(participant.id), { exact: true })).toBeVisible();
    await softly(page.getByText('Anonymous', { exact: true })).toHaveCount(0);
  });

  await visit('/admin/wheels', 'Wheels', 'wheels', async () => {
    await expect(page.getByRole('link', { name: wheel.name, exact: true })).toBeVisible();
  });
  await visit(`/admin/wheels/${wheel.id}`, wheel.name, 'wheel-detail');

  await visit('/admin/business-users', 'Business Users', 'business-users', async () => {
    await expect(page.getByText(owner.email)).toBeVisible();
  });

  await visit(
    `/admin/reports/business-user/${owner.id}`,
    `Report: ${owner.companyName}`,
    'report',
    async () => {
      await expect(page.getByRole('heading', { name: 'Totals' })).toBeVisible();
      // The chart spreads over its card rather than a third of it.
      const chart = page.getByRole('img', { name: /Activity per day/ });
      await expect(chart).toBeVisible();
      await softly
        .poll(() =>
          chart.evaluate((svg) => {
            const card = svg.closest('.rounded-2xl') as HTMLElement;
            return svg.getBoundingClientRect().width / (card.clientWidth - 48);
          }),
        )
        .toBeGreaterThan(0.9);
      // Every column of the wheels' table is in view, the last ('Rated positive') included.
      const wheelsTable = page.getByRole('table', { name: 'Figures per wheel' });
      const lastHeader = wheelsTable.getByRole('columnheader', { name: 'Rated positive' });
      if (await lastHeader.isVisible()) {
        const clipped = await lastHeader.evaluate((header) => {
          const box = header.closest('.overflow-x-auto') as HTMLElement;
          return header.getBoundingClientRect().right - box.getBoundingClientRect().right;
        });
        softly(clipped, 'the Rated positive column is cut off').toBeLessThanOrEqual(1);
      } else {
        // On a phone each wheel is a card with every figure labelled.
        await softly(wheelsTable.locator('td[data-label="Rated positive"]')).toBeVisible();
      }
      await chart.scrollIntoViewIfNeeded();
      await shoot(page, 'report-chart');
      await wheelsTable.scrollIntoViewIfNeeded();
      await shoot(page, 'report-wheels-table');
    },
  );

  await visit('/admin/demo-requests', 'Demo Requests', 'demo-requests', async () => {
    await expect(page.getByText(`A University With A Rather Long Name (${size})`)).toBeVisible();
  });
  await visit('/admin/admins', 'Admins', 'admins', async () => {
    await expect(page.getByText('Platform Admin').last()).toBeVisible();
  });
  await visit('/admin/settings', 'Settings', 'settings', async () => {
    // Plans sell 200 seats and unlimited ones: the form must not pass this figure off as a cap.
    await softly(page.getByText('From 2 to 100.', { exact: true })).toHaveCount(0);
    await softly(page.getByText(/limit nothing/)).toBeVisible();
    await page.getByLabel(/^Max wheel participants/).scrollIntoViewIfNeeded();
    await shoot(page, 'settings-wheel-figures');
  });
  // The super admin may change the mail server, and only to a mail port (issue 36).
  await softly(page.getByLabel(/^SMTP server/)).toBeEditable();
  await softly(page.getByLabel(/^SMTP port/).locator('option')).toHaveText(SMTP_PORTS.map(String));

  // A plain admin sees the mail server but cannot change it, on the page or through the API.
  const plain = { username: `plain-${size}`, password: 'plain-admin-password' };
  const created = await request.post('/api/admin/users', {
    headers,
    data: { ...plain, email: `plain.${size}@example.com`, firstName: 'Plain', lastName: 'Admin' },
  });
  expect(created.status()).toBe(201);
  const plainPage = await (await browser.newContext({ baseURL })).newPage();
  await signInThroughUi(plainPage, plain.username, plain.password);
  await plainPage.goto('/admin/settings');
  await expect(plainPage.getByText(SMTP_SUPER_ADMIN_ONLY)).toBeVisible();
  await softly(plainPage.getByLabel(/^SMTP server/)).toHaveCount(0);
  await softly(plainPage.getByRole('button', { name: 'Send a test email' })).toHaveCount(0);
  await shoot(plainPage, 'settings-plain-admin');
  const settings = await (await request.get('/api/admin/settings', { headers })).json();
  const { token } = await (await request.post('/api/admin/login', { data: plain })).json();
  const { smtpPasswordSet: _set, ...body } = settings;
  const refused = await request.put('/api/admin/settings', {
    headers: { authorization: `Bearer ${token}` },
    data: { ...body, smtpServer: 'internal.example.com' },
  });
  expect(refused.status()).toBe(403);
  await plainPage.context().close();
  // API keys belong to organisers (/admin/api-keys is theirs): the organiser's journey visits it.
});
