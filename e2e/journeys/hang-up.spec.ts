import type { Page } from '@playwright/test';
import { cameraOn, keepOpenedMedia, remoteVideoHasFrames } from '../support/call';
import { expect, test } from '../support/fixtures';
import { E2E_ROUND_SECONDS } from '../support/global-setup';
import { journeyCamera } from '../support/journey';
import { matchAndAccept } from '../support/participant';

const STALE_CALL_TEXT = 'The video call will open shortly.';

/**
 * A hang-up is final (issue 33): once Ada ends the call, neither side can bring it back, not
 * with a button, not with a reload, and both go on to the next round.
 */
test('a hang-up ends the call for good on both sides, and both go on to the next round', async ({
  browser,
  baseURL,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const shoot = journeyCamera(testInfo);
  const watchedPage = async () => {
    const context = await browser.newContext({ baseURL });
    await context.addInitScript(keepOpenedMedia);
    return context.newPage();
  };
  const ada = await watchedPage();
  const bo = await watchedPage();
  const people: Array<[Page, string]> = [
    [ada, 'ada'],
    [bo, 'bo'],
  ];
  await matchAndAccept(request, ada, bo, {
    name: 'Hang-up journey',
    description: 'A call ends',
  });
  for (const [page, name] of people) {
    await expect(page.getByTestId('call-state')).toHaveText('Connected', { timeout: 30_000 });
    await expect.poll(() => remoteVideoHasFrames(page), { timeout: 15_000 }).toBe(true);
    await shoot(page, `${name}-in-call`);
  }

  // Ada hangs up: her call screen closes, her camera goes off, and the wheel says the call ended.
  await ada.getByRole('button', { name: 'End call' }).click();
  await expect(ada.getByTestId('call-state')).toHaveCount(0);
  await expect.poll(() => cameraOn(ada)).toBe(false);
  await expect(ada.getByText('Call ended', { exact: true })).toBeVisible();
  await expect(ada.getByText(STALE_CALL_TEXT, { exact: false })).toHaveCount(0);
  await shoot(ada, 'ada-hung-up');

  // Bo is told, with no way to start the call again.
  const boCall = bo.getByRole('dialog', { name: /^Video call with / });
  await expect(bo.getByTestId('call-state')).toHaveText('Call ended');
  await expect(boCall.getByText('Your partner left the call.')).toBeVisible();
  await expect(boCall.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect.poll(() => cameraOn(bo)).toBe(false);
  // The call's screen says it itself: no toast covers its buttons meanwhile.
  await expect(bo.getByTestId('toast')).toBeHidden();
  await shoot(bo, 'bo-told-call-ended');
  await boCall.getByRole('button', { name: 'Back to the wheel' }).click();
  await expect(boCall).toHaveCount(0);
  await expect(bo.getByText('Call ended', { exact: true })).toBeVisible();
  await expect(bo.getByText(STALE_CALL_TEXT, { exact: false })).toHaveCount(0);
  await shoot(bo, 'bo-back-on-wheel');

  // Nothing brings it back: a while later, and after Bo reloads, neither camera is on and no call opens.
  await bo.waitForTimeout(3_000);
  expect(await cameraOn(ada)).toBe(false);
  await expect(ada.getByTestId('call-state')).toHaveCount(0);
  await bo.reload();
  await expect(bo.getByRole('heading', { name: 'Hang-up journey' })).toBeVisible();
  await bo.waitForTimeout(5_000);
  for (const [page] of people) {
    await expect(page.getByTestId('call-state')).toHaveCount(0);
    expect(await cameraOn(page)).toBe(false);
  }
  await shoot(bo, 'bo-after-reload');
  await shoot(ada, 'ada-while-bo-reloaded');

  // Both stay seated (the default): once the call is over each has their seat back without a
  // click, and the next round matches them anew.
  const seats = [
    [ada, 'Inner'],
    [bo, 'Outer'],
  ] as const;
  for (const [page, ring] of seats) {
    await expect(
      page.getByRole('button', { name: new RegExp(`^${ring} ring, seat 2, taken by .*\\(you\\)$`) }),
    ).toBeVisible({ timeout: (E2E_ROUND_SECONDS + 20) * 1000 });
  }
  for (const [page, name] of people) await shoot(page, `${name}-seated-again`);
  // The next round spins with them on it (whom it pairs is the wheel's choice), and no old call opens.
  for (const [page, name] of people) {
    await expect(page.getByText('Round 2', { exact: true })).toBeVisible({
      timeout: (E2E_ROUND_SECONDS + 20) * 1000,
    });
    await expect(page.getByTestId('call-state')).toHaveCount(0);
    await shoot(page, `${name}-next-round`);
  }
});
