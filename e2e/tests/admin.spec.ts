import { adminHeaders, createWheel } from '../support/admin-api';
import { signInThroughUi } from '../support/admin-ui';
import { expect, test } from '../support/fixtures';
import { E2E_ADMIN_PASSWORD } from '../support/global-setup';

test('an admin creates a private wheel, shares its link, and a guest unlocks it with the code', async ({
  browser,
  baseURL,
}) => {
  const adminContext = await browser.newContext({
    baseURL,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const admin = await adminContext.newPage();
  await signInThroughUi(admin, 'admin', E2E_ADMIN_PASSWORD);

  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Wheels' }).click();
  await admin.getByRole('link', { name: 'Create Wheel' }).click();
  await admin.getByLabel(/^Name/).fill('Alumni evening');
  await admin.getByLabel(/^Description/).fill('Old friends, new conversations');
  await admin.getByLabel('Private wheel').check();
  await admin.getByRole('button', { name: 'Generate code' }).click();
  const code = await admin.getByLabel(/^Access code/).inputValue();
  expect(code).toMatch(/^[A-Z0-9]{10}$/);
  await admin.getByRole('button', { name: 'Create Wheel' }).click();
  await expect(admin.getByText(/Alumni evening/).first()).toBeVisible();

  const share = admin.getByRole('region', { name: 'Share this private wheel' });
  await share.getByRole('button', { name: 'Copy link' }).click();
  await expect(share.getByText('Copied!').first()).toBeVisible();
  const link = await admin.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/wheel\/[0-9a-f-]{36}$/);
  await expect(share.getByRole('link', { name: /LinkedIn/ })).toHaveAttribute(
    'href',
    new RegExp(encodeURIComponent(link)),
  );

  const guest = await (await browser.newContext()).newPage();
  await guest.goto(link);
  await expect(guest.getByRole('heading', { name: 'Alumni evening' })).toBeVisible();
  await guest.getByLabel('Access code').fill(code);
  await guest.getByRole('button', { name: 'Unlock Wheel' }).click();
  await expect(guest.getByRole('button', { name: /^Inner ring, seat 1, free$/ })).toBeVisible();
});

test('a super admin creates an admin who can then sign in, without the Admins menu', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInThroughUi(page, 'admin', E2E_ADMIN_PASSWORD);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Admins' }).click();
  await page.getByRole('button', { name: 'Create Admin' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Admin' });
  await dialog.getByLabel(/^Username/).fill('olivia');
  await dialog.getByLabel(/^Email/).fill('olivia@example.com');
  await dialog.getByLabel(/^First name/).fill('Olivia');
  await dialog.getByLabel(/^Last name/).fill('Ops');
  await dialog.getByLabel(/^Password/).fill('olivia-password');
  await dialog.getByRole('button', { name: 'Create Admin' }).click();
  await expect(page.getByRole('cell', { name: 'olivia', exact: true })).toBeVisible();

  const olivia = await (await browser.newContext({ baseURL })).newPage();
  await signInThroughUi(olivia, 'olivia', 'olivia-password');
  await expect(olivia.getByText('Olivia Ops')).toBeVisible();
  const nav = olivia.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link', { name: 'Wheels' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Admins' })).toHaveCount(0);
});

test('a business user cannot open another business user’s wheel by its address', async ({
  page,
  request,
}) => {
  const headers = await adminHeaders(request);
  for (const name of ['anna', 'bert']) {
    const created = await request.post('/api/admin/business-users', {
      headers,
      data: {
        firstName: name,
        lastName: 'Organiser',
        email: `${name}@example.com`,
        companyName: `${name} events`,
        planId: 'starter',
        password: `${name}-password`,
      },
    });
    expect(created.status()).toBe(201);
  }
  await signInThroughUi(page, 'bert@example.com', 'bert-password');
  const bertToken = await page.evaluate(() => localStorage.getItem('admin_token'));
  const bertWheel = await request.post('/api/admin/wheels', {
    headers: { authorization: `Bearer ${bertToken}` },
    data: { name: 'Bert’s secret mixer', description: 'Only for Bert', slotCount: 4 },
  });
  const { id } = (await bertWheel.json()) as { id: string };

  await page.getByRole('button', { name: 'Logout' }).click();
  await signInThroughUi(page, 'anna@example.com', 'anna-password');
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'My Wheels', 'API keys']);
  await page.goto(`/admin/wheels/${id}`);
  await expect(page.getByText('Bert’s secret mixer')).toHaveCount(0);
  await expect(page.getByText('Failed to load wheel details. Please try again.')).toBeVisible();
});

test('an expired session sends the browser back to the login page', async ({ page, request }) => {
  await createWheel(request, { name: 'Anything', description: 'x' });
  await signInThroughUi(page, 'admin', E2E_ADMIN_PASSWORD);
  // The dashboard has loaded with the good token; only then does the token go bad. (Swapping it
  // earlier let the dashboard's own first request meet the bad token and leave the page before
  // the click: a flaky test, not a product defect.)
  await expect(page.getByText('Total users')).toBeVisible();
  const wheelsLink = page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Wheels' });
  await expect(wheelsLink).toBeVisible();
  await page.evaluate(() => localStorage.setItem('admin_token', 'expired-or-forged-token'));
  await wheelsLink.click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('admin_token'))).toBeNull();
});
