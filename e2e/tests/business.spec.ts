import { expect, test } from '../support/fixtures';

test('the seeded plans reach the business page, with Professional highlighted and prices in euros', async ({
  page,
}) => {
  await page.goto('/business');
  await expect(
    page.getByRole('heading', { name: 'Transform Your Events with Interactive Networking' }),
  ).toBeVisible();

  const pricing = page.locator('#pricing-section');
  const prices: [name: string, price: string][] = [
    ['Starter', '€29'],
    ['Professional', '€99'],
    ['Enterprise', '€299'],
  ];
  for (const [name, price] of prices) {
    const card = pricing.getByRole('article').filter({ has: page.getByRole('heading', { name }) });
    await expect(card).toContainText(price);
  }
  const featured = pricing.getByRole('article').filter({ hasText: 'Most popular' });
  await expect(featured.getByRole('heading')).toHaveText('Professional');
  await expect(pricing).toContainText('Up to 50 participants per wheel');
  await expect(pricing).toContainText('24/7 dedicated support');
});

test('Get Started in the hero scrolls to the pricing section', async ({ page }) => {
  await page.goto('/business');
  const pricingHeading = page.locator('#pricing-section').getByRole('heading', { level: 2 });
  const headingTop = async () => (await pricingHeading.boundingBox())?.y ?? Number.NaN;
  await expect(pricingHeading).toBeVisible();
  const before = await headingTop();
  await page.getByRole('main').getByRole('button', { name: 'Get Started' }).first().click();
  // The section scrolls up to just below the sticky navigation, and the heading takes focus.
  await expect.poll(headingTop).toBeLessThan(Math.min(before, 200));
  await expect(pricingHeading).toBeInViewport({ ratio: 1 });
  await expect(pricingHeading).toBeFocused();
});

test('choosing a plan opens the purchase page for that plan in USD', async ({ page }) => {
  await page.goto('/business');
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Professional' }) });
  await card
    .getByRole('link', { name: 'Get Started' })
    .or(card.getByRole('button', { name: 'Get Started' }))
    .click();
  await expect(page).toHaveURL(/\/purchase\/professional$/);
  await expect(page.getByRole('heading', { name: 'Get started with Professional' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('$99');

  // A direct visit finds the plan too.
  await page.goto('/purchase/enterprise');
  await expect(page.getByRole('heading', { name: 'Get started with Enterprise' })).toBeVisible();
});
