import { signInThroughUi } from '../support/admin-ui';
import { expect, test } from '../support/fixtures';
import { DECLINED_CARD, fillAccount, fillCard, GOOD_CARD } from '../support/purchase';

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

test('a demo request shows its errors, then the thank-you view', async ({ page }) => {
  await page.goto('/business');
  await page.getByRole('button', { name: 'Request Demo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a demo' });
  await dialog.getByRole('button', { name: 'Send request' }).click();
  for (const message of [
    'Name is required',
    'Telephone number is required',
    'Company/Institute name is required',
    'Email address is required',
  ]) {
    await expect(dialog.getByText(message, { exact: true })).toBeVisible();
  }
  await dialog.getByLabel(/^Name/).fill('Dana Demo');
  await dialog.getByLabel(/^Telephone/).fill('+31 20 123 4567');
  await dialog.getByLabel(/^Company\/Institute/).fill('Dana University');
  await dialog.getByLabel(/^Email/).fill('dana@university.museum');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('Invalid email address')).toBeVisible();
  await dialog.getByLabel(/^Email/).fill('dana@university.edu');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(
    dialog.getByText('Thank you for your request! We have received your request and will contact you soon.'),
  ).toBeVisible();
});

test('an organiser buys a plan in the pricing modal (test mode) and can sign in', async ({ page }) => {
  await page.goto('/business');
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Starter' }) });
  await card.getByRole('button', { name: 'Get Started' }).click();
  const modal = page.getByRole('dialog', { name: 'Get started with Starter' });
  await expect(modal.getByText('Test mode — no real charge')).toBeVisible();

  await fillAccount(modal, 'modal-buyer@example.com');
  await fillCard(modal, DECLINED_CARD);
  await modal.getByRole('button', { name: /^Pay €29/ }).click();
  await expect(modal.getByText('Your card was declined.')).toBeVisible();

  await fillCard(modal, GOOD_CARD);
  await modal.getByRole('button', { name: /^Pay €29/ }).click();
  await expect(modal.getByText('Registration successful! Redirecting...')).toBeVisible();
  await expect(page).toHaveURL(/\/registration-success$/, { timeout: 5_000 });
  await expect(page.getByRole('heading', { name: 'Registration Successful!' })).toBeVisible();

  await signInThroughUi(page, 'modal-buyer@example.com', 'organiser-password');
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link')).toHaveText([
    'Dashboard',
    'My Wheels',
    'API keys',
  ]);
});

test('the three-step purchase: account, a declined card then a good one, confirmation', async ({ page }) => {
  await page.goto('/business');
  await page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: 'Professional' }) })
    .getByRole('button', { name: 'Get Started' })
    .click();
  await page.getByRole('link', { name: 'Buy with the full checkout' }).click();
  await expect(page).toHaveURL(/\/purchase\/professional$/);
  const steps = page.getByRole('list', { name: /steps|progress/i });
  await expect(steps.locator('[aria-current="step"]')).toContainText('Account');

  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(main.getByText('First name is required')).toBeVisible();
  await fillAccount(main.locator('form'), 'flow-buyer@example.com');
  await main.getByLabel(/^Confirm password/).fill('something-else');
  await main.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(main.getByText('Passwords do not match')).toBeVisible();
  await main.getByLabel(/^Confirm password/).fill('organiser-password');
  await main.getByRole('button', { name: 'Continue to payment' }).click();

  await expect(steps.locator('[aria-current="step"]')).toContainText('Payment');
  await expect(main).toContainText('$99');
  await expect(main.getByText('Test mode — no real charge')).toBeVisible();
  await fillCard(main, DECLINED_CARD);
  await main.getByRole('button', { name: /^Pay \$99/ }).click();
  await expect(main.getByText('Your card was declined.')).toBeVisible();
  await fillCard(main, GOOD_CARD);
  await main.getByRole('button', { name: /^Pay \$99/ }).click();

  await expect(steps.locator('[aria-current="step"]')).toContainText('Confirmation');
  await expect(main.getByText('Thank you for your purchase!')).toBeVisible();
  await signInThroughUi(page, 'flow-buyer@example.com', 'organiser-password');
});

test('a purchase reloaded at the payment resumes there and pays; nobody else can open a payment for it', async ({
  page,
}) => {
  await page.goto('/purchase/starter');
  const main = page.getByRole('main');
  await fillAccount(main.locator('form'), 'reload-buyer@example.com');
  await main.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(main.getByRole('button', { name: /^Pay \$29/ })).toBeVisible();

  // The account and its sign-up token wait in sessionStorage for the payment.
  const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('purchase_account') ?? 'null'));
  expect(stored).toMatchObject({
    email: 'reload-buyer@example.com',
    planId: 'starter',
    signupToken: expect.any(String),
  });
  // Knowing the account's id is not enough to open payments for it.
  const stranger = await page.request.post('/api/business/payment-intent', {
    data: { planId: 'starter', currency: 'usd', businessUserId: stored.id },
  });
  expect(stranger.status()).toBe(401);

  await page.reload();
  await expect(main.getByText('Continuing the purchase for reload-buyer@example.com.')).toBeVisible();
  await expect(main.getByText('Test mode — no real charge')).toBeVisible();
  await fillCard(main, GOOD_CARD);
  await main.getByRole('button', { name: /^Pay \$29/ }).click();
  await expect(main.getByText('Thank you for your purchase!')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('purchase_account'))).toBeNull();
  await signInThroughUi(page, 'reload-buyer@example.com', 'organiser-password');
});
