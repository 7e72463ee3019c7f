import { signInThroughUi } from '../support/admin-ui';
import { expect, test } from '../support/fixtures';
import { E2E_ADMIN_PASSWORD } from '../support/global-setup';

test.describe('top navigation', () => {
  test('takes a visitor between Home, How It Works and For Business', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Connect Anywhere, Instantly.' })).toBeVisible();

    const nav = page.getByRole('navigation', { name: /main/i });
    await nav.getByRole('link', { name: 'How It Works' }).click();
    await expect(page).toHaveURL(/\/how-it-works-user$/);
    await expect(page.getByRole('heading', { level: 1, name: 'How It Works' })).toBeVisible();

    await nav.getByRole('link', { name: 'For Business' }).click();
    await expect(page).toHaveURL(/\/business$/);
    await expect(page.getByText('BUSINESS', { exact: true })).toBeVisible();

    await nav.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('BUSINESS', { exact: true })).toHaveCount(0);
  });

  test('is not shown in the admin area', async ({ page }) => {
    await page.goto('/admin/login');
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'For Business' })).toHaveCount(0);
  });
});

test.describe('redirects of the route table', () => {
  test('an unknown path lands on the home page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Connect Anywhere, Instantly.' })).toBeVisible();
  });

  test('/pricing lands on the pricing section of /business', async ({ page }) => {
    await page.goto('/pricing');
    await expect(page).toHaveURL(/\/business#pricing-section$/);
    await expect(page.locator('#pricing-section')).toBeInViewport();
    // Its heading in full view, below the sticky navigation rather than under it.
    const heading = page.locator('#pricing-section').getByRole('heading', { level: 2 });
    await expect(heading).toBeInViewport({ ratio: 1 });
    const navigationBottom = await page
      .getByRole('navigation', { name: /main/i })
      .evaluate((navigation) => navigation.getBoundingClientRect().bottom);
    await expect
      .poll(async () => (await heading.boundingBox())?.y ?? 0)
      .toBeGreaterThanOrEqual(navigationBottom);
  });

  test('/purchase with an unknown plan goes to the pricing section', async ({ page }) => {
    await page.goto('/purchase/no-such-plan');
    await expect(page).toHaveURL(/\/business#pricing-section$/);
  });

  test('the admin area without a stored token sends the visitor to the login page', async ({ page }) => {
    for (const path of ['/admin', '/admin/dashboard', '/admin/wheels', '/admin/direct-dashboard']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/admin\/login$/);
    }
  });

  test('signed in, /admin opens the dashboard and the login page moves on to it', async ({ page }) => {
    await signInThroughUi(page, 'admin', E2E_ADMIN_PASSWORD);

    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    await page.goto('/admin/login');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    await page.goto('/admin/unknown-page');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test('deep links are served by the server and resolved by the client router', async ({ page }) => {
    const response = await page.goto('/registration-success');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Registration Successful!' })).toBeVisible();
    await page.getByRole('link', { name: /admin login/i }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});
