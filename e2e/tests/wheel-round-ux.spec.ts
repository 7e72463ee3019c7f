import type { Browser, Locator, Page } from '@playwright/test';
import { MATCH_ANSWER_WINDOW_MS, MATCH_EXPIRED_TEXTS } from '@wheelmeet/contracts';
import { seriousViolations } from '../support/accessibility';
import { createWheel } from '../support/admin-api';
import { expect, test } from '../support/fixtures';
import { E2E_ROUND_SECONDS } from '../support/global-setup';
import { stopStaying, takeSeatAsNewParticipant } from '../support/participant';

/**
 * Issue 12, as the outside review saw it with several browsers: a desktop at 1366×768 and a
 * phone at 390×844. Reloads after the spin, expiring matches, leaving and changing seats,
 * toasts, keyboard focus, layout and accessibility.
 */

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
type Device = 'desktop' | 'phone';

async function openPage(browser: Browser, baseURL: string | undefined, device: Device): Promise<Page> {
  const context = await browser.newContext(
    device === 'desktop'
      ? { baseURL, viewport: DESKTOP }
      : { baseURL, viewport: PHONE, hasTouch: true, isMobile: true, deviceScaleFactor: 2 },
  );
  return context.newPage();
}

const matchDialog = (page: Page) => page.getByRole('dialog', { name: 'You have a match!' });
const spinTimeout = (E2E_ROUND_SECONDS + 10) * 1000;

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

async function openWheel(pages: Page[], wheelId: string) {
  for (const page of pages) {
    await page.goto(`/wheel/${wheelId}`);
    await expect(page.getByRole('button', { name: 'Inner ring, seat 1, free' })).toBeVisible();
  }
}

const seatOnInnerRing = (page: Page) =>
  takeSeatAsNewParticipant(page, { ring: 'Inner', number: 1 }, { age: '31', gender: 'Female' });
const seatOnOuterRing = (page: Page) =>
  takeSeatAsNewParticipant(page, { ring: 'Outer', number: 2 }, { age: '41', gender: 'Male' });

/** Both pages on a fresh wheel, each seated on its own ring: the countdown runs to a spin. */
async function seatBoth(inner: Page, outer: Page, wheelId: string) {
  await openWheel([inner, outer], wheelId);
  await seatOnInnerRing(inner);
  await seatOnOuterRing(outer);
}

async function expectInViewport(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error('no box or viewport');
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
}

test('after a reload the match comes back and can still be accepted; the partner hears it through a toast', async ({
  browser,
  baseURL,
  request,
}) => {
  // Two browsers, eight screenshots and two accessibility scans: on a slow 2-core machine every
  // step passed but the whole took 90.4 s once (the scans alone 26 s).
  test.setTimeout(180_000);
  // Two minutes to answer (the organiser's setting), so the screenshots and accessibility scans
  // on a busy machine cannot outlast the standard 30 s window.
  const wheel = await createWheel(request, {
    name: 'Reload test',
    description: 'Reload after the spin',
    answerSeconds: 120,
  });
  const ada = await openPage(browser, baseURL, 'desktop');
  const bob = await openPage(browser, baseURL, 'phone');
  await openWheel([ada, bob], wheel.id);
  // Seats are kept for the next round (issue 38), and the next spin closes a match still pending
  // (decision 010): 14 s after the reveal, sooner than this test's screenshots and scans take on
  // a busy machine. Bob gives up his seat at the round's end, so the wheel then waits for a pair
  // and the match stays open for the organiser's two minutes. He does so before Ada sits down:
  // her seat starts the 6-s countdown, which a slow machine could otherwise spend on his switch.
  await seatOnOuterRing(bob);
  await stopStaying(bob);
  await seatOnInnerRing(ada);

  // Countdown: the status and the countdown are in view without scrolling on both screens.
  for (const page of [ada, bob]) {
    await expect(page.getByTestId('countdown')).toHaveText(/^\d+s$/);
    await expectInViewport(page, page.getByTestId('countdown'));
    await expectInViewport(page, page.getByTestId('participant-status'));
  }
  await shoot(ada, 'desktop-countdown');
  await shoot(bob, 'phone-countdown');

  await expect(ada.getByTestId('participant-status')).toContainText('The wheel is spinning.', {
    timeout: spinTimeout,
  });
  await shoot(ada, 'desktop-spin');
  await shoot(bob, 'phone-spin');

  await expect(matchDialog(ada)).toBeVisible({ timeout: spinTimeout });
  await expect(matchDialog(bob)).toBeVisible();
  // Named by alias, never by age; the age is only a field of the preview.
  await expect(matchDialog(ada).getByRole('heading', { level: 3 })).not.toHaveText(/Guest|\d/);
  await expect(matchDialog(ada)).toContainText('41');
  await expect(matchDialog(ada).getByText(/Time left to answer: \d+s/)).toBeVisible();
  await shoot(ada, 'desktop-matches');
  await shoot(bob, 'phone-matches');
  expect(await seriousViolations(ada)).toEqual([]);
  expect(await seriousViolations(bob)).toEqual([]);

  // Ada closes her dialog; Bob accepts; Ada hears it through a toast that opens the dialog again.
  await ada.keyboard.press('Escape');
  await expect(matchDialog(ada)).toBeHidden();
  // The dialog opened by itself: focus goes back where Ada was, her seat since she registered.
  await expect(ada.getByRole('button', { name: /^Inner ring, seat 1, taken by .*\(you\)$/ })).toBeFocused();
  await expect(ada.getByRole('button', { name: 'Your matches (1)' })).toBeVisible();
  await matchDialog(bob).getByRole('button', { name: 'Accept' }).click();
  await expect(matchDialog(bob).getByText('Waiting for other person...')).toBeVisible();
  const toasts = ada.getByRole('region', { name: 'Match updates' });
  await expect(toasts.getByRole('status')).toHaveAttribute('aria-live', 'polite');
  await expect(toasts).toContainText('accepted your match.');
  await shoot(ada, 'desktop-toast');
  await toasts.getByRole('button', { name: 'Open matches' }).click();
  await expect(matchDialog(ada)).toBeVisible();

  // A reload brings the dialog back from the snapshot, with Bob's accept, and Accept works.
  await ada.reload();
  await expect(matchDialog(ada)).toBeVisible();
  await expect(matchDialog(ada).getByRole('list', { name: 'Who has accepted' })).toContainText(
    'Match: accepted',
  );
  await matchDialog(ada).getByRole('button', { name: 'Accept' }).click();

  // Bob's wait is over: both get the call.
  await expect(bob.getByRole('dialog', { name: /^Video call with/ })).toBeVisible();
  await expect(ada.getByRole('dialog', { name: /^Video call with/ })).toBeVisible();
});

test('a partner who never answers: the server closes the match for both', async ({
  browser,
  baseURL,
  request,
}) => {
  // The round and the answer window, plus two browsers' set-up: on a busy 2-core machine that
  // set-up alone once took 50 s (page loads of 7-9 s), and the whole test 101 s.
  test.setTimeout(E2E_ROUND_SECONDS * 1000 + MATCH_ANSWER_WINDOW_MS + 120_000);
  const wheel = await createWheel(request, { name: 'Silence test', description: 'Nobody answers' });
  const ada = await openPage(browser, baseURL, 'phone');
  const bob = await openPage(browser, baseURL, 'desktop');
  await seatBoth(ada, bob, wheel.id);
  await expect(matchDialog(ada)).toBeVisible({ timeout: spinTimeout });
  await matchDialog(ada).getByRole('button', { name: 'Accept' }).click();
  await expect(matchDialog(ada).getByText('Waiting for other person...')).toBeVisible();

  // Bob never answers: when the window is over the dialogs close and each is told why.
  const closed = { timeout: MATCH_ANSWER_WINDOW_MS + 15_000 };
  await expect(ada.getByRole('region', { name: 'Match updates' })).toContainText(
    MATCH_EXPIRED_TEXTS.partnerDidNotAnswer,
    closed,
  );
  await expect(matchDialog(ada)).toBeHidden();
  await expect(bob.getByRole('region', { name: 'Match updates' })).toContainText(MATCH_EXPIRED_TEXTS.expired);
  await expect(matchDialog(bob)).toBeHidden();
  await shoot(ada, 'phone-expired');
  await expect(ada.getByRole('button', { name: /Your matches/ })).toHaveCount(0);

  // A reload does not bring a dead match back as a dialog.
  await bob.reload();
  await expect(bob.getByRole('button', { name: /^Inner ring, seat 1, / })).toBeVisible();
  await expect(matchDialog(bob)).toHaveCount(0);
});

test('a partner who leaves: the seat is refused to leave mid-spin, and the match closes when they go', async ({
  browser,
  baseURL,
  request,
}) => {
  // Its own waits add up to a minute (two spins and the partner's grace period) before setup.
  test.setTimeout(90_000);
  const wheel = await createWheel(request, { name: 'Leaver test', description: 'One of them goes' });
  const ada = await openPage(browser, baseURL, 'desktop');
  const bob = await openPage(browser, baseURL, 'phone');
  await seatBoth(ada, bob, wheel.id);

  // While the rings turn, leaving the seat is refused with the server's message.
  await expect(ada.getByTestId('participant-status')).toContainText('The wheel is spinning.', {
    timeout: spinTimeout,
  });
  await ada.getByRole('button', { name: 'Leave seat' }).click();
  await expect(ada.getByRole('alert')).toContainText('The wheel is spinning.');

  await expect(matchDialog(ada)).toBeVisible({ timeout: spinTimeout });
  await bob.context().close();
  await expect(ada.getByRole('region', { name: 'Match updates' })).toContainText(
    MATCH_EXPIRED_TEXTS.partnerLeft,
    { timeout: 20_000 },
  );
  await expect(matchDialog(ada)).toBeHidden();
});

test('leaving a seat and changing seats, seen live by someone else', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(60_000);
  const field = (name: string, label: string, type: 'text' | 'number' | 'select', options?: string[]) => ({
    id: name,
    name,
    label,
    type,
    required: true,
    enabled: true,
    ...(options ? { options } : {}),
  });
  const wheel = await createWheel(request, {
    name: 'Seat test',
    description: 'Move around',
    slotCount: 8,
    // A username to tell by name, not by alias, whether the watcher knows who moved.
    registrationFields: {
      enabled: true,
      fields: [
        field('username', 'Username', 'text'),
        field('age', 'Age', 'number'),
        field('gender', 'Gender', 'select', ['male', 'female', 'other']),
      ],
    },
  });
  const mover = await openPage(browser, baseURL, 'phone');
  const watcher = await openPage(browser, baseURL, 'desktop');
  for (const page of [mover, watcher]) await page.goto(`/wheel/${wheel.id}`);
  await takeSeatAsNewParticipant(
    mover,
    { ring: 'Inner', number: 1 },
    { username: 'Mira', age: '35', gender: 'Other' },
  );
  // A seat change names the person only (decision 027): the watcher knows her from her arrival.
  await expect(watcher.getByRole('button', { name: 'Inner ring, seat 1, taken by Mira' })).toBeVisible();

  const dialogs: string[] = [];
  mover.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await mover.getByRole('button', { name: 'Inner ring, seat 3, free' }).click();
  await expect(mover.getByRole('button', { name: /^Inner ring, seat 3, taken by .*\(you\)$/ })).toBeVisible();
  await expect(mover.getByRole('button', { name: 'Inner ring, seat 1, free' })).toBeVisible();
  await expect(watcher.getByRole('button', { name: 'Inner ring, seat 3, taken by Mira' })).toBeVisible();
  await expect(watcher.getByRole('button', { name: 'Inner ring, seat 1, free' })).toBeVisible();
  await expect(mover.getByTestId('participant-status')).toHaveText(
    'You are in seat 3 on the inner ring. Stay for the spin to meet your match.',
  );

  await mover.getByRole('button', { name: 'Leave seat' }).click();
  await expect(mover.getByRole('button', { name: 'Inner ring, seat 3, free' })).toBeVisible();
  await expect(watcher.getByRole('button', { name: 'Inner ring, seat 3, free' })).toBeVisible();
  await expect(mover.getByTestId('participant-status')).toHaveText('Choose a free seat to join this round.');
  await expect(mover.getByRole('button', { name: 'Leave seat' })).toHaveCount(0);

  // Still on the wheel: a free seat is taken without registering again.
  await mover.getByRole('button', { name: 'Outer ring, seat 2, free' }).click();
  await expect(mover.getByRole('button', { name: /^Outer ring, seat 2, taken by .*\(you\)$/ })).toBeVisible();
  // Giving up the seat took her out of the watcher's active users (the spec); she is still named.
  await expect(watcher.getByRole('button', { name: 'Outer ring, seat 2, taken by Mira' })).toBeVisible();
  expect(dialogs).toEqual([]);
});

test('a keyboard-only join: seat, first field, Escape back to the seat, register back to the seat', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(60_000);
  const wheel = await createWheel(request, { name: 'Keyboard test', description: 'No mouse' });
  const page = await openPage(browser, baseURL, 'desktop');
  await page.goto(`/wheel/${wheel.id}`);
  await expect(page.getByRole('button', { name: 'Inner ring, seat 1, free' })).toBeVisible();

  const focusedLabel = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
  for (let presses = 0; presses < 40 && !(await focusedLabel()).startsWith('Outer ring, seat'); presses++) {
    await page.keyboard.press('Tab');
  }
  const seatName = await focusedLabel();
  expect(seatName).toMatch(/^Outer ring, seat \d+, free$/);

  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Register to Join' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(/Age/)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: seatName })).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel(/Age/)).toBeFocused();
  await page.keyboard.type('33');
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel(/Gender/)).toBeFocused();
  await page.keyboard.type('f');
  await expect(dialog.getByLabel(/Gender/)).toHaveValue('female');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  const taken = new RegExp(`^${seatName.replace(/, free$/, '')}, taken by .*\\(you\\)$`);
  await expect(page.getByRole('button', { name: taken })).toBeFocused();
});

test('on a phone the seats are big enough to tap, in view, and never under the sticky header', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(60_000);
  const wheel = await createWheel(request, {
    name: 'Phone test',
    description: 'Small screen',
    slotCount: 12,
  });
  const page = await openPage(browser, baseURL, 'phone');
  await page.goto(`/wheel/${wheel.id}`);
  const seats = page.getByRole('button', { name: /^(Inner|Outer) ring, seat \d+, / });
  await expect(seats).toHaveCount(12);
  for (const seat of await seats.all()) {
    const box = await seat.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(44);
    expect(box?.height).toBeGreaterThanOrEqual(44);
  }
  await expectInViewport(page, page.getByTestId('countdown'));
  await expectInViewport(page, page.getByTestId('participant-status'));
  expect(await seriousViolations(page)).toEqual([]);

  // Scrolled down, then the top seat gets keyboard focus: it comes into view below the header.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const top = page.getByRole('button', { name: 'Outer ring, seat 1, free' });
  await top.focus();
  const header = await page.locator('header').first().boundingBox();
  const seat = await top.boundingBox();
  if (!header || !seat) throw new Error('no header or seat box');
  expect(seat.y).toBeGreaterThanOrEqual(header.y + header.height);

  // The same checks on the home page, under its big header.
  await page.goto('/');
  await expect(page.getByTestId('countdown')).toBeVisible();
  await expectInViewport(page, page.getByTestId('participant-status'));
  await expectInViewport(page, page.getByTestId('countdown'));
  await shoot(page, 'phone-home');
});

test('on a desktop the countdown and status are in view, and the wheel has no serious accessibility problems', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(60_000);
  const wheel = await createWheel(request, { name: 'Desktop test', description: 'Large screen' });
  const page = await openPage(browser, baseURL, 'desktop');
  await page.goto(`/wheel/${wheel.id}`);
  await takeSeatAsNewParticipant(page, { ring: 'Outer', number: 1 }, { age: '52', gender: 'Male' });
  await expect(page.getByRole('button', { name: 'Leave seat' })).toBeVisible();
  await expectInViewport(page, page.getByTestId('countdown'));
  await expectInViewport(page, page.getByTestId('participant-status'));
  await expectInViewport(page, page.getByRole('button', { name: /^Outer ring, seat 1, taken by/ }));
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'desktop-seated');

  await page.goto('/');
  await expect(page.getByTestId('countdown')).toBeVisible();
  await expectInViewport(page, page.getByTestId('participant-status'));
  await expectInViewport(page, page.getByTestId('countdown'));
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'desktop-home');
});
