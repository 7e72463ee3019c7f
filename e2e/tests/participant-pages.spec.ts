import { expect, test } from '../support/fixtures';

test('the how-it-works page explains the three steps and leads to the wheel', async ({ page }) => {
  await page.goto('/how-it-works-user');
  const steps = page.getByRole('main').getByRole('listitem');
  await expect(steps).toHaveCount(3);
  await expect(steps.nth(0)).toContainText('Join a wheel');
  await expect(steps.nth(1)).toContainText('Get matched');
  await expect(steps.nth(2)).toContainText('Start a video chat');
});

test('the home page shows the demo wheel live with its twelve seats on two rings', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('WheelMeet Demo').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Inner ring, seat \d+, / })).toHaveCount(6);
  await expect(page.getByRole('button', { name: /^Outer ring, seat \d+, / })).toHaveCount(6);
});

test('a wheel that cannot be loaded shows the error view with a way home', async ({ page }) => {
  await page.goto('/wheel/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Error' })).toBeVisible();
  await expect(
    page.getByText('Could not fetch the wheel. It may not exist or you may not have permission to view it.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the API documentation is browsable', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.getByText('WheelMeet API')).toBeVisible();
  await expect(page.getByText('/api/business/plans').first()).toBeVisible();
});
