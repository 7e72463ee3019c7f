import type { BusinessUser } from '@wheelmeet/contracts';
import { seriousViolations } from '../support/accessibility';
import { adminHeaders } from '../support/admin-api';
import { signInThroughUi } from '../support/admin-ui';
import { expect, test } from '../support/fixtures';

/** An organiser on `planId`, created by the admin (active, no payment needed). */
async function organiser(request: Parameters<typeof adminHeaders>[0], email: string, planId: string) {
  const created = await request.post('/api/admin/business-users', {
    headers: await adminHeaders(request),
    data: {
      firstName: 'Kim',
      lastName: 'Keys',
      email,
      companyName: 'Keys & Co',
      planId,
      password: 'keys-password',
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as BusinessUser;
}

test('a Professional organiser creates an API key, sees it once, uses it, and revokes it', async ({
  page,
  request,
}, testInfo) => {
  await organiser(request, 'kim.pro@example.com', 'professional');
  await signInThroughUi(page, 'kim.pro@example.com', 'keys-password');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'API keys' }).click();
  await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();
  await expect(page.getByText('No API keys yet')).toBeVisible();

  await page.getByRole('button', { name: 'Create API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create API key' });
  await dialog.getByLabel(/^Name/).fill('CRM sync');
  await dialog.getByRole('button', { name: 'Create key' }).click();
  const panel = page.getByRole('region', { name: /Your new key/ });
  const key = await panel.getByLabel('New API key').inputValue();
  expect(key).toMatch(/^wm_live_/);
  expect(await seriousViolations(page)).toEqual([]);
  for (const [name, size] of [
    ['desktop', { width: 1366, height: 768 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: testInfo.outputPath(`api-keys-${name}.png`), fullPage: true });
  }

  // The key works with the API.
  const wheels = await request.get('/api/v1/wheels', { headers: { authorization: `Bearer ${key}` } });
  expect(wheels.status()).toBe(200);

  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByLabel('New API key')).toHaveCount(0);
  await expect(page.getByText(key)).toHaveCount(0);
  await expect(page.getByText(`${key.slice(0, 12)}…`)).toBeVisible();

  await page.getByRole('button', { name: 'Revoke CRM sync' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke “CRM sync”?' });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('No API keys yet')).toBeVisible();
  const refused = await request.get('/api/v1/wheels', { headers: { authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(401);
});

test('a Starter organiser is told which plans include the API', async ({ page, request }, testInfo) => {
  await organiser(request, 'kim.starter@example.com', 'starter');
  await signInThroughUi(page, 'kim.starter@example.com', 'keys-password');
  await page.goto('/admin/api-keys');
  await expect(
    page.getByText('The API is part of the Professional and Enterprise plans', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create API key' })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('api-keys-starter-phone.png'), fullPage: true });
});
