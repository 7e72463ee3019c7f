import type { Page, TestInfo } from '@playwright/test';
import type { AdminWheel, BusinessUser } from '@wheelmeet/contracts';
import { adminHeaders, createWheel } from '../support/admin-api';
import { signInThroughUi } from '../support/admin-ui';
import { expect, test } from '../support/fixtures';
import { E2E_ADMIN_PASSWORD } from '../support/global-setup';

// A phone held upright (issue 12: the admin pages were wider than the screen).
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

/** The page itself never scrolls sideways: anything wide scrolls inside its own box. */
async function expectNoSidewaysScroll(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    )
    .toBeLessThanOrEqual(0);
}

/** Opens `path`, waits for its content (`ready`), checks the width and keeps a screenshot. */
async function visit(page: Page, testInfo: TestInfo, path: string, ready: (page: Page) => Promise<void>) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Loading...')).toHaveCount(0);
  await ready(page);
  await expectNoSidewaysScroll(page);
  const name = path.replace(/^\/admin\/?/, '').replace(/[^a-z0-9]+/gi, '-') || 'admin';
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

/** The control lies wholly inside the screen's width once scrolled to. */
async function expectWithinScreen(page: Page, control: ReturnType<Page['getByRole']>) {
  await control.scrollIntoViewIfNeeded();
  await expect(control).toBeVisible();
  await expect(control).toBeInViewport({ ratio: 1 });
  const box = await control.boundingBox();
  expect(box).not.toBeNull();
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= width).toBe(true);
}

/** Every cell of `row` (a card on a phone) lies inside the screen's width. */
async function expectCellsWithinScreen(page: Page, row: ReturnType<Page['locator']>) {
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  const cells = row.locator('td, th');
  expect(await cells.count()).toBeGreaterThan(3);
  for (const cell of await cells.all()) {
    await expect(cell).toBeVisible();
    const box = await cell.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= width).toBe(true);
  }
}

test('every admin page fits a phone, with each wheel’s Edit and Delete in reach', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const headers = await adminHeaders(request);
  const wheel = await createWheel(request, {
    name: 'Phone-sized networking evening for the alumni association',
    description: 'A wheel with a long name, as real events have',
    slotCount: 12,
  });
  const owner = (await (
    await request.post('/api/admin/business-users', {
      headers,
      data: {
        firstName: 'Penny',
        lastName: 'Phone',
        email: 'penny.phone.with.a.long.address@example-events-company.com',
        companyName: 'Penny’s Pocket Events',
        planId: 'starter',
        password: 'penny-password',
      },
    })
  ).json()) as BusinessUser;
  expect(
    (
      await request.post('/api/business/demo-request', {
        data: {
          name: 'Dana Demo',
          telephone: '+31 20 123 4567',
          company: 'A University With A Rather Long Name',
          email: 'dana.demo.with.a.long.address@university.example.org',
        },
      })
    ).status(),
  ).toBe(201);
  const registered = await request.post('/api/users/anonymous', {
    data: {
      wheelId: wheel.id,
      sessionId: crypto.randomUUID(),
      registrationData: { age: 33, gender: 'other' },
    },
  });
  expect(registered.status()).toBe(201);

  await signInThroughUi(page, 'admin', E2E_ADMIN_PASSWORD);
  await visit(page, testInfo, '/admin/dashboard', async (p) => {
    await expect(p.getByText('Total revenue')).toBeVisible();
  });
  await visit(page, testInfo, '/admin/users', async (p) => {
    await expect(p.getByRole('link', { name: wheel.name }).first()).toBeVisible();
  });
  await visit(page, testInfo, '/admin/wheels', async (p) => {
    await expect(p.getByRole('link', { name: wheel.name, exact: true })).toBeVisible();
  });

  const wheelRow = page.locator('tr', { hasText: wheel.name });
  await expect(wheelRow.locator('td[data-label="Seated now"]')).toHaveText('0 of 12');
  await expect(wheelRow.locator('td[data-label="Registered"]')).toHaveText('1');
  await expectCellsWithinScreen(page, wheelRow);

  // The wheel's actions sit on screen, and they work.
  const edit = page.getByRole('link', { name: `Edit ${wheel.name}` });
  const remove = page.getByRole('button', { name: `Delete ${wheel.name}` });
  await expectWithinScreen(page, edit);
  await expectWithinScreen(page, remove);
  await remove.click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Are you sure you want to delete this wheel?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await edit.click();
  await expect(page).toHaveURL(new RegExp(`/admin/wheels/${wheel.id}$`));

  await visit(page, testInfo, `/admin/wheels/${wheel.id}`, async (p) => {
    await expect(p.getByRole('heading', { name: 'Edit wheel' })).toBeVisible();
  });
  await visit(page, testInfo, '/admin/wheels/new', async (p) => {
    await expect(p.getByLabel(/^Name/)).toBeVisible();
  });
  await visit(page, testInfo, '/admin/business-users', async (p) => {
    await expect(p.getByText(owner.email)).toBeVisible();
  });
  await expectWithinScreen(page, page.getByRole('button', { name: 'Edit Penny Phone' }));
  await expectWithinScreen(page, page.getByRole('button', { name: 'Delete Penny Phone' }));
  await visit(page, testInfo, '/admin/demo-requests', async (p) => {
    await expect(p.getByText('A University With A Rather Long Name')).toBeVisible();
  });
  await visit(page, testInfo, '/admin/admins', async (p) => {
    await expect(p.getByText('Platform Admin').last()).toBeVisible();
  });
  await expectWithinScreen(page, page.getByRole('button', { name: 'Edit admin' }));
  await visit(page, testInfo, '/admin/settings', async (p) => {
    await expect(p.getByLabel(/Site name/)).toBeVisible();
  });
  await visit(page, testInfo, `/admin/reports/business-user/${owner.id}`, async (p) => {
    await expect(p.getByRole('heading', { name: 'Totals' })).toBeVisible();
  });
});

test('the business dashboard fits a phone, every column of a wheel included', async ({ page }, testInfo) => {
  const headers = await adminHeaders(page.request);
  const created = await page.request.post('/api/admin/business-users', {
    headers,
    data: {
      firstName: 'Bo',
      lastName: 'Business',
      email: 'bo.phone@example.com',
      companyName: 'Bo Events',
      planId: 'starter',
      password: 'bo-password',
    },
  });
  expect(created.status()).toBe(201);
  const bo = (await created.json()) as BusinessUser;

  await signInThroughUi(page, 'bo.phone@example.com', 'bo-password');
  const token = await page.evaluate(() => localStorage.getItem('admin_token'));
  const response = await page.request.post('/api/admin/wheels', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'Bo’s lunchtime speed networking', description: 'd', slotCount: 12 },
  });
  expect(response.status()).toBe(201);
  const wheel = (await response.json()) as AdminWheel;

  for (const path of ['/admin/dashboard', '/admin/direct-dashboard']) {
    await visit(page, testInfo, path, async (p) => {
      await expect(p.getByRole('link', { name: wheel.name })).toBeVisible();
    });
    // What the review found cut off on a phone: every figure of the wheel is on screen, labelled.
    const row = page.locator('tr', { hasText: wheel.name });
    await expect(row.locator('td[data-label="Seated now"]')).toHaveText('0 of 12');
    await expect(row.locator('td[data-label="Registered"]')).toHaveText('0');
    await expectCellsWithinScreen(page, row);
  }
  await visit(page, testInfo, '/admin/wheels', async (p) => {
    await expect(p.getByRole('link', { name: wheel.name, exact: true })).toBeVisible();
  });
  await expectWithinScreen(page, page.getByRole('link', { name: `Edit ${wheel.name}` }));
  await expectWithinScreen(page, page.getByRole('button', { name: `Delete ${wheel.name}` }));
  await visit(page, testInfo, `/admin/reports/business-user/${bo.id}`, async (p) => {
    await expect(p.getByRole('heading', { name: 'Totals' })).toBeVisible();
  });
});
