import { seriousViolations } from '../support/accessibility';
import { signInThroughUi } from '../support/admin-ui';
import { expect, test } from '../support/fixtures';
import { E2E_ADMIN_PASSWORD } from '../support/global-setup';

const PUBLIC_PAGES: [path: string, ready: RegExp][] = [
  ['/', /Connect Anywhere, Instantly\./],
  ['/business', /Transform Your Events/],
  ['/features', /Features for networking that works/],
  ['/how-it-works-user', /How It Works/],
  ['/purchase/starter', /Starter/],
  ['/registration-success', /Registration Successful!/],
  ['/admin/login', /Admin Login/],
];

for (const [path, ready] of PUBLIC_PAGES) {
  test(`${path} has no serious accessibility problems`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: ready }).first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('the admin dashboard and wheel form have no serious accessibility problems', async ({ page }) => {
  await signInThroughUi(page, 'admin', E2E_ADMIN_PASSWORD);
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/admin/wheels/new');
  await expect(page.getByRole('heading', { name: 'Create Wheel' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
