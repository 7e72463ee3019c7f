import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { journeyCamera } from '../support/journey';
import { matchAndAccept } from '../support/participant';

/** Checks that let the journey go on, so one run reports every problem it meets. */
const softly = expect.configure({ soft: true });

const WHEEL = { name: 'Connections journey', description: 'Keeping in touch after a call' };

/** Opens My connections from the wheel page, closing the matches dialog the call came from. */
async function openMyConnections(page: Page): Promise<Locator> {
  const matches = page.getByRole('dialog', { name: 'You have a match!' });
  if (await matches.isVisible()) await matches.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'My connections' }).click();
  const dialog = page.getByRole('dialog', { name: 'My connections' });
  await expect(dialog.getByRole('heading', { level: 3 }).first()).toBeVisible();
  return dialog;
}

async function shareEmail(dialog: Locator, email: string) {
  await dialog.getByLabel(/^Share my contact details with /).check();
  await dialog.getByLabel('Email', { exact: true }).fill(email);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog.getByText('Saved.', { exact: true })).toBeVisible();
}

/** Whether the point at the middle of `target` shows `target` itself (nothing drawn over it). */
function uncovered(target: Locator) {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const x = box.left + Math.min(box.width / 2, 20);
    const y = box.top + box.height / 2;
    if (y < 0 || y > window.innerHeight) return false;
    const shown = document.elementFromPoint(x, y);
    return shown !== null && (element === shown || element.contains(shown));
  });
}

test('two people keep in touch: a share shows live in the open dialog, ratings show, nothing covers the names', async ({
  browser,
  baseURL,
  request,
}, testInfo) => {
  // Two browsers and a video call on a busy 2-core machine.
  test.setTimeout(240_000);
  const shoot = journeyCamera(testInfo);
  const viewport = testInfo.project.use.viewport ?? null;
  const ada = await (await browser.newContext({ baseURL, viewport })).newPage();
  const bob = await (await browser.newContext({ baseURL, viewport })).newPage();
  await matchAndAccept(request, ada, bob, WHEEL);
  for (const page of [ada, bob]) {
    await expect(page.getByTestId('call-state')).toHaveText('Connected', { timeout: 60_000 });
  }

  // Ada ends the call; Bob is told and goes back to the wheel.
  await ada.getByRole('button', { name: 'End call' }).click();
  await expect(bob.getByText('Your partner left the call.')).toBeVisible();
  await bob
    .getByRole('dialog', { name: /^Video call with / })
    .getByRole('button', { name: 'Back to the wheel' })
    .click();

  // Bob opens My connections and shares first; Ada's details are not there yet.
  const bobs = await openMyConnections(bob);
  await expect(bobs.getByText(/once you have both chosen to share/)).toBeVisible();
  await shoot(bob, 'bob-opens-my-connections');
  await shareEmail(bobs, 'bob@example.com');

  // The ratings are drawn icons with names, not emoji that a browser without the font shows as boxes.
  for (const name of ['Good', 'Not great']) {
    const button = bobs.getByRole('button', { name, exact: true });
    await softly(button).toBeVisible();
    await softly(button.locator('svg')).toBeVisible();
  }
  const ratings = bobs.getByRole('group', { name: 'How was the conversation?' });
  softly(await ratings.textContent()).not.toMatch(/\p{Extended_Pictographic}/u);
  await ratings.getByRole('button').first().click();
  await expect(ratings.getByRole('button').first()).toHaveAttribute('aria-pressed', 'true');
  await shoot(bob, 'bob-rates-and-shares');

  // Ada shares while Bob's dialog stays open: Bob sees her address without reopening it.
  const adas = await openMyConnections(ada);
  await shareEmail(adas, 'ada@example.com');
  await expect(adas.getByRole('link', { name: 'bob@example.com' })).toBeVisible();
  await shoot(ada, 'ada-sees-bobs-details');
  await softly(bobs.getByRole('link', { name: 'ada@example.com' })).toBeVisible({ timeout: 15_000 });
  await shoot(bob, 'bob-sees-adas-details-live');

  // Scrolled down to the person, the dialog's title stays at the top and nothing covers the name.
  const title = bobs.getByRole('heading', { name: 'My connections', level: 2 });
  const adaName = bobs.getByRole('heading', { level: 3 }).first();
  await adaName.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await softly.poll(() => uncovered(title)).toBe(true);
  await softly.poll(() => uncovered(adaName)).toBe(true);
  await shoot(bob, 'bob-scrolled-to-the-name');
  // At the bottom of the list the title is still there.
  await bobs.getByRole('button', { name: 'Block or report' }).scrollIntoViewIfNeeded();
  await softly.poll(() => uncovered(title)).toBe(true);
  await shoot(bob, 'bob-scrolled-to-the-end');
  const noSideways = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(await noSideways(bob)).toBe(true);
  // The two browsers (and their fake cameras) go, so the next journey has the machine to itself.
  for (const page of [ada, bob]) await page.context().close();
});
