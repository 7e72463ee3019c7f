import type { Locator, Page } from '@playwright/test';
import { signInThroughUi } from '../support/admin-ui';
import { expect, test } from '../support/fixtures';
import { journeyCamera } from '../support/journey';
import { fillAccount, fillCard, GOOD_CARD } from '../support/purchase';

/** Checks that let the journey go on, so one run reports every problem it meets. */
const softly = expect.configure({ soft: true });

/** The page itself never scrolls sideways: anything wide scrolls inside its own box. */
async function expectNoSidewaysScroll(page: Page) {
  await softly
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
    .toBe(true);
}

test('an organiser buys a plan, signs in, runs a private wheel and finds its link, timing, embed code, API key and report', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const shoot = journeyCamera(testInfo);
  /** Brings `target` on screen, checks the page's width and keeps a picture of the step. */
  const step = async (name: string, target?: Locator) => {
    if (target) await target.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    await shoot(page, name);
  };
  /** Follows a link of the admin menu, opening the menu first on a phone. */
  const menu = async (name: string) => {
    const nav = page.getByRole('navigation', { name: 'Admin' });
    if (!(await nav.isVisible())) await page.getByRole('button', { name: /menu/i }).click();
    await nav.getByRole('link', { name }).click();
  };
  const email = `olga.${testInfo.project.name}.${Date.now()}@example.com`;

  // The plans on /business; Professional includes the API.
  await page.goto('/business');
  const professional = page
    .locator('#pricing-section')
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: 'Professional' }) });
  await expect(professional).toBeVisible();
  await step('pricing', professional);

  // The purchase, paid with the test-mode provider's good card.
  await professional.getByRole('button', { name: 'Get Started' }).click();
  const modal = page.getByRole('dialog', { name: 'Get started with Professional' });
  await expect(modal.getByText('Test mode — no real charge')).toBeVisible();
  await fillAccount(modal, email);
  await fillCard(modal, GOOD_CARD);
  await step('purchase-form');
  await modal.getByRole('button', { name: /^Pay / }).click();
  await expect(modal.getByText('Registration successful! Redirecting...')).toBeVisible({ timeout: 15_000 });
  // The dialog moves on by itself after a pause (SUCCESS_REDIRECT_MS); a busy machine is slower.
  await expect(page).toHaveURL(/\/registration-success$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Registration Successful!' })).toBeVisible();
  await step('registration-success');

  // Signed in, with no wheel yet: nothing offers a report of nothing.
  await signInThroughUi(page, email, 'organiser-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await softly(page.getByText('No wheels yet')).toBeVisible();
  await softly(page.getByRole('link', { name: 'View report' })).toHaveCount(0);
  await step('dashboard-without-wheels');

  // A private wheel.
  await page.getByRole('link', { name: 'Create Wheel' }).first().click();
  await page.getByLabel(/^Name/).fill('Olga’s invitation-only mixer');
  await page.getByLabel(/^Description/).fill('Founders and investors, by invitation');
  await page.getByLabel('Private wheel').check();
  await page.getByRole('button', { name: 'Generate code' }).click();
  const code = await page.getByLabel(/^Access code/).inputValue();
  expect(code).toMatch(/^[A-Z0-9]{10}$/);
  await step('create-private-wheel');
  await page.getByRole('button', { name: 'Create Wheel' }).click();
  await expect(page).toHaveURL(/\/admin\/wheels\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Olga’s invitation-only mixer' })).toBeVisible();
  await step('wheel-created');

  // The link to share, and the code apart from it.
  const share = page.getByRole('region', { name: 'Share this private wheel' });
  await expect(share.getByText(/\/wheel\/[0-9a-f-]{36}$/)).toBeVisible();
  await expect(share.getByText(code, { exact: true })).toBeVisible();
  await step('share-link', share);

  // The live timing form: shorter calls from now on.
  const timing = page.getByRole('form', { name: 'Change timing now' });
  await timing.getByLabel('New call length (minutes)').fill('3');
  await timing.getByRole('button', { name: 'Apply now' }).click();
  await expect(timing.getByText('New timing applied: everyone on the wheel sees it now.')).toBeVisible();
  await step('timing-applied', timing);

  // The embed snippet, once a site may show the wheel.
  const embed = page.getByRole('region', { name: 'Embed on your site' });
  await embed.getByLabel('Allowed sites').fill('https://olga-events.example.com');
  await embed.getByRole('button', { name: 'Save allowed sites' }).click();
  await expect(embed.getByText('Allowed sites saved.')).toBeVisible();
  await expect(embed.getByLabel('Embed code')).toHaveValue(/<iframe|<script/);
  await step('embed-snippet', embed);

  // An API key, shown once.
  await menu('API keys');
  await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Create API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create API key' });
  await dialog.getByLabel(/^Name/).fill('CRM sync');
  await dialog.getByRole('button', { name: 'Create key' }).click();
  const panel = page.getByRole('region', { name: /Your new key/ });
  await expect(panel.getByLabel('New API key')).not.toHaveValue('');
  await step('api-key-shown-once', panel);
  await panel.getByRole('button', { name: 'Done' }).click();

  // The report, now that there is a wheel to report on.
  await menu('Dashboard');
  await page.getByRole('link', { name: 'View report' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Report: Olga Events' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Totals' })).toBeVisible();
  await step('report');
});
