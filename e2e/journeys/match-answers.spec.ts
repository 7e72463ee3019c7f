import type { Browser, Page } from '@playwright/test';
import { MATCH_EXPIRED_TEXTS } from '@wheelmeet/contracts';
import { createWheel } from '../support/admin-api';
import { expect, test } from '../support/fixtures';
import { E2E_ROUND_SECONDS } from '../support/global-setup';
import { journeyCamera } from '../support/journey';
import { stayingSwitch, stopStaying, takeSeatAsNewParticipant } from '../support/participant';

/**
 * What happens to a match when the other person does not say yes: they never answer, they
 * decline, or a page is reloaded in the middle of the round. Each person is told what happened
 * and is back on the wheel for the next round.
 */

const ANSWER_SECONDS = 10;
const spinTimeout = (E2E_ROUND_SECONDS + 10) * 1000;
const matchDialog = (page: Page) => page.getByRole('dialog', { name: 'You have a match!' });
const updates = (page: Page) => page.getByRole('region', { name: 'Match updates' });

/** Ada on the test's own page, Bob in a second browser of the same size, each seated on a ring. */
async function twoSeated(browser: Browser, baseURL: string | undefined, page: Page, wheelId: string) {
  const ada = page;
  const viewport = page.viewportSize();
  const bob = await (await browser.newContext({ baseURL, ...(viewport ? { viewport } : {}) })).newPage();
  for (const each of [ada, bob]) await each.goto(`/wheel/${wheelId}`);
  await takeSeatAsNewParticipant(ada, { ring: 'Inner', number: 1 }, { age: '31', gender: 'Female' });
  await takeSeatAsNewParticipant(bob, { ring: 'Outer', number: 1 }, { age: '42', gender: 'Male' });
  return { ada, bob };
}

test('a partner who never answers: both are told, and both can sit down again', async ({
  browser,
  baseURL,
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const shoot = journeyCamera(testInfo);
  const wheel = await createWheel(request, {
    name: 'Silent partner',
    description: 'One of two never answers',
    slotCount: 2,
    answerSeconds: ANSWER_SECONDS,
  });
  const { ada, bob } = await twoSeated(browser, baseURL, page, wheel.id);

  await expect(matchDialog(ada)).toBeVisible({ timeout: spinTimeout });
  await matchDialog(ada).getByRole('button', { name: 'Accept' }).click();
  await expect(matchDialog(ada).getByText('Waiting for other person...')).toBeVisible();
  await shoot(ada, 'ada-waits-for-an-answer');
  await shoot(bob, 'bob-does-not-answer');

  const closed = { timeout: (ANSWER_SECONDS + 15) * 1000 };
  await expect(updates(ada)).toContainText(MATCH_EXPIRED_TEXTS.partnerDidNotAnswer, closed);
  await expect(updates(bob)).toContainText(MATCH_EXPIRED_TEXTS.expired, closed);
  for (const each of [ada, bob]) await expect(matchDialog(each)).toBeHidden();
  await shoot(ada, 'ada-is-told-no-answer-came');
  await shoot(bob, 'bob-is-told-the-match-expired');

  // Ada's seat is kept for the next round (she stays, the default): she need not click again.
  await expect(ada.getByRole('button', { name: /^Inner ring, seat 1, taken by .*\(you\)$/ })).toBeVisible({
    timeout: spinTimeout,
  });
  await expect(stayingSwitch(ada)).toBeChecked();
  await shoot(ada, 'ada-seated-for-the-next-round');
});

test('a decline: the one who declined and the one declined both go back to the wheel', async ({
  browser,
  baseURL,
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const shoot = journeyCamera(testInfo);
  const wheel = await createWheel(request, { name: 'Declined', description: 'One says no', slotCount: 2 });
  const { ada, bob } = await twoSeated(browser, baseURL, page, wheel.id);

  await expect(matchDialog(ada)).toBeVisible({ timeout: spinTimeout });
  await expect(matchDialog(bob)).toBeVisible();
  await matchDialog(ada).getByRole('button', { name: 'Accept' }).click();
  await shoot(ada, 'ada-accepted');
  await matchDialog(bob).getByRole('button', { name: 'Decline' }).click();
  await shoot(bob, 'bob-declined');

  // Neither gets a call; Ada reads that the match was declined and that a new round comes.
  const declined = ada.getByRole('dialog', { name: 'Match declined' });
  await expect(declined).toContainText('This match was declined.');
  await expect(declined).toContainText('You will meet someone new in the next round.');
  await expect(ada.getByRole('dialog', { name: /^Video call with/ })).toHaveCount(0);
  await expect(bob.getByRole('dialog', { name: /^Video call with/ })).toHaveCount(0);
  await shoot(ada, 'ada-sees-the-decline');
  await declined.getByRole('button', { name: 'Close' }).click();
  await expect(declined).toBeHidden();
  await shoot(ada, 'ada-back-on-the-wheel');
});

test('a reload mid-round keeps the seat, and after the spin the match is still there to accept', async ({
  browser,
  baseURL,
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const shoot = journeyCamera(testInfo);
  const wheel = await createWheel(request, {
    name: 'Reloaded',
    description: 'A reload before and after the spin',
    slotCount: 2,
    answerSeconds: 120,
  });
  const { ada, bob } = await twoSeated(browser, baseURL, page, wheel.id);
  // Seats are kept for the next round, and its spin, 14 s after the reveal, would close the
  // match still pending (decision 010) before a slow reload is back. Ada gives up her seat at
  // the round's end, so the wheel then waits and the match stays open for two minutes.
  await stopStaying(ada);

  // Before the spin: the seat is still Ada's after a reload.
  await ada.reload();
  await expect(ada.getByRole('button', { name: /^Inner ring, seat 1, taken by .*\(you\)$/ })).toBeVisible();
  await shoot(ada, 'ada-reloaded-before-the-spin');

  await expect(matchDialog(bob)).toBeVisible({ timeout: spinTimeout });
  await matchDialog(bob).getByRole('button', { name: 'Accept' }).click();

  // After the spin: the match comes back from the snapshot, with Bob's accept shown.
  await ada.reload();
  await expect(matchDialog(ada)).toBeVisible({ timeout: spinTimeout });
  await expect(matchDialog(ada).getByRole('list', { name: 'Who has accepted' })).toContainText(
    'Match: accepted',
  );
  await shoot(ada, 'ada-reloaded-after-the-spin');
  await matchDialog(ada).getByRole('button', { name: 'Accept' }).click();
  for (const each of [ada, bob])
    await expect(each.getByRole('dialog', { name: /^Video call with/ })).toBeVisible();
  await shoot(ada, 'ada-call-opens');
  await shoot(bob, 'bob-call-opens');
});
