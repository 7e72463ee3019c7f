import type { Browser, Page, TestInfo } from '@playwright/test';
import { createWheel } from '../support/admin-api';
import { expect as baseExpect, test } from '../support/fixtures';
import { E2E_ADMIN_PASSWORD } from '../support/global-setup';
import { journeyCamera } from '../support/journey';
import { takeSeatAsNewParticipant } from '../support/participant';

/**
 * Issue 33 (3, 4): a wheel with no free seat says it is full and what one can do instead; a
 * wheel the organiser paused says so to the people sitting on it, and stops saying it on resume.
 */

// Three browsers on a shared 2-core machine: waits are generous.
const expect = baseExpect.configure({ timeout: 20_000 });
/** Long rounds, so no spin clears the seats while the journey looks at them. */
const ROUND_SECONDS = 600;

async function newPerson(browser: Browser, baseURL: string | undefined, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: testInfo.project.use.viewport });
  return context.newPage();
}

const status = (page: Page) => page.getByTestId('participant-status');

/** The organiser signs in on /admin/login, as support/admin-ui.ts does, with this journey's waits. */
async function signInAsOrganiser(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel(/Username/).fill('admin');
  await page.getByLabel(/Password/).fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 45_000 });
}

test('a third person on a full two-seat wheel is told it is full and what they can do', async ({
  page,
  browser,
  baseURL,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const shoot = journeyCamera(testInfo);
  const wheel = await createWheel(request, {
    name: 'Two-seat coffee',
    description: 'One coffee, two people',
    slotCount: 2,
    roundSeconds: ROUND_SECONDS,
  });
  const ada = page;
  const bob = await newPerson(browser, baseURL, testInfo);
  for (const person of [ada, bob]) await person.goto(`/wheel/${wheel.id}`);
  await takeSeatAsNewParticipant(ada, { ring: 'Inner', number: 1 }, { age: '33', gender: 'Female' });
  await shoot(ada, 'ada-seated');
  await takeSeatAsNewParticipant(bob, { ring: 'Outer', number: 1 }, { age: '38', gender: 'Male' });
  await shoot(bob, 'bob-seated');

  // Carol comes third: no free seat, and the screen says so instead of asking her to choose one.
  const carol = await newPerson(browser, baseURL, testInfo);
  await carol.goto(`/wheel/${wheel.id}`);
  await expect(carol.getByRole('button', { name: /^Outer ring, seat 1, taken by/ })).toBeVisible();
  await expect(carol.getByRole('button', { name: /, free$/ })).toHaveCount(0);
  await expect(status(carol)).toContainText('This wheel is full');
  await expect(status(carol)).not.toContainText('Choose a free seat');
  await expect(status(carol)).toContainText('watch');
  await expect(status(carol)).toContainText('next round');
  const elsewhere = carol.getByRole('link', { name: 'Find another wheel' });
  await expect(elsewhere).toBeVisible();
  await shoot(carol, 'carol-full');
  // The seated people are not told the wheel is full: they have their seats.
  await expect(status(ada)).not.toContainText('full');

  // Another wheel: the home page's list of public wheels.
  await elsewhere.click();
  await expect(carol).toHaveURL(/\/#public-wheels$/);
  await expect(carol.getByRole('heading', { name: 'Other public wheels' })).toBeInViewport();
  await shoot(carol, 'carol-public-wheels');
});

test('the organiser pauses the rounds: the seated people are told, and on resume the line goes back', async ({
  page,
  browser,
  baseURL,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const shoot = journeyCamera(testInfo);
  const wheel = await createWheel(request, {
    name: 'Paused mixer',
    description: 'The organiser holds the rounds for a speech',
    slotCount: 4,
    roundSeconds: ROUND_SECONDS,
  });
  const ada = await newPerson(browser, baseURL, testInfo);
  const bob = await newPerson(browser, baseURL, testInfo);
  for (const person of [ada, bob]) await person.goto(`/wheel/${wheel.id}`);
  await takeSeatAsNewParticipant(ada, { ring: 'Inner', number: 1 }, { age: '33', gender: 'Female' });
  await takeSeatAsNewParticipant(bob, { ring: 'Outer', number: 2 }, { age: '38', gender: 'Male' });
  const seatedLine = /^You are in seat 1 on the inner ring\. Stay for the spin to meet your match\.$/;
  await expect(status(ada)).toHaveText(seatedLine);
  await expect(ada.getByTestId('countdown')).toHaveText(/^\d+s$/);
  await shoot(ada, 'ada-counting-down');

  // The organiser pauses the rounds from the wheel's admin page.
  const organiser = page;
  await signInAsOrganiser(organiser);
  await organiser.goto(`/admin/wheels/${wheel.id}`);
  await organiser.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(organiser.getByText('Rounds are paused.')).toBeVisible();
  await shoot(organiser, 'organiser-paused');

  for (const person of [ada, bob]) {
    await expect(status(person)).toContainText('The organiser has paused the wheel.');
    await expect(status(person)).toContainText('The next round starts when they resume.');
    await expect(person.getByTestId('countdown')).toHaveText('Paused');
  }
  await expect(status(ada)).toContainText('You are in seat 1 on the inner ring.');
  await shoot(ada, 'ada-paused');
  await shoot(bob, 'bob-paused');

  // A reload still says so: the wheel itself tells a new page it is paused.
  await bob.reload();
  await expect(status(bob)).toContainText('The organiser has paused the wheel.');
  await shoot(bob, 'bob-paused-after-reload');

  await organiser.getByRole('button', { name: 'Resume', exact: true }).click();
  await expect(organiser.getByText('Rounds are running again.')).toBeVisible();
  await shoot(organiser, 'organiser-resumed');
  for (const person of [ada, bob]) {
    await expect(status(person)).not.toContainText('paused');
    await expect(person.getByTestId('countdown')).toHaveText(/^\d+s$/);
  }
  await expect(status(ada)).toHaveText(seatedLine);
  await shoot(ada, 'ada-resumed');
  await shoot(bob, 'bob-resumed');
});
