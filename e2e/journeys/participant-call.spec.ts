import type { Browser, Page } from '@playwright/test';
import { createWheel } from '../support/admin-api';
import { remoteVideoHasFrames } from '../support/call';
import { expect, test } from '../support/fixtures';
import { E2E_ROUND_SECONDS } from '../support/global-setup';
import { journeyCamera } from '../support/journey';
import { takeSeatAsNewParticipant } from '../support/participant';

/**
 * Two people's whole call on a fresh public wheel, each in a browser of their own: register,
 * sit, spin, match, accept, talk (mute, camera off, one extension), hang up, back on the wheel,
 * then keep in touch through My connections.
 */
test('two people meet on a public wheel, talk, extend, hang up and keep in touch', async ({
  browser,
  baseURL,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const shoot = journeyCamera(testInfo);
  const wheel = await createWheel(request, {
    name: 'Journey call',
    description: 'Two people meet',
    slotCount: 4,
  });
  const open = async (b: Browser) => (await b.newContext({ baseURL })).newPage();
  const ada = await open(browser);
  const bo = await open(browser);
  const people: Array<[Page, string]> = [
    [ada, 'ada'],
    [bo, 'bo'],
  ];

  for (const [page] of people) await page.goto(`/wheel/${wheel.id}`);
  await expect(ada.getByRole('heading', { name: 'Journey call' })).toBeVisible();
  await shoot(ada, 'ada-wheel');
  await takeSeatAsNewParticipant(ada, { ring: 'Inner', number: 2 }, { age: '40', gender: 'Female' });
  await shoot(ada, 'ada-seated');
  await takeSeatAsNewParticipant(bo, { ring: 'Outer', number: 2 }, { age: '41', gender: 'Male' });
  await shoot(bo, 'bo-seated');

  // The wheel spins on its own once both rings have someone; each sees the match.
  for (const [page, name] of people) {
    const dialog = page.getByRole('dialog', { name: 'You have a match!' });
    await expect(dialog).toBeVisible({ timeout: (E2E_ROUND_SECONDS + 15) * 1000 });
    await shoot(page, `${name}-match`);
  }
  for (const [page, name] of people) {
    await page
      .getByRole('dialog', { name: 'You have a match!' })
      .getByRole('button', { name: 'Accept' })
      .click();
    await shoot(page, `${name}-accepted`);
  }

  // The call connects and each sees the other's picture.
  for (const [page, name] of people) {
    await expect(page.getByTestId('call-state')).toHaveText('Connected', { timeout: 30_000 });
    await expect.poll(() => remoteVideoHasFrames(page), { timeout: 15_000 }).toBe(true);
    await expect(page.getByTestId('call-timer')).toBeVisible();
    await shoot(page, `${name}-connected`);
  }
  // A healthy call offers no Retry.
  for (const [page] of people) await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);

  // The call screen is modal: Tab from its last control wraps to its first, and Shift+Tab back.
  const blockOrReport = ada.getByRole('button', { name: 'Block or report' });
  await blockOrReport.focus();
  await ada.keyboard.press('Tab');
  await expect(ada.getByRole('button', { name: 'Mute microphone' })).toBeFocused();
  await ada.keyboard.press('Shift+Tab');
  await expect(blockOrReport).toBeFocused();

  // Ada mutes and turns her camera off: the buttons keep their names and say so by being pressed.
  const mute = ada.getByRole('button', { name: 'Mute microphone' });
  await expect(mute).toHaveAttribute('aria-pressed', 'false');
  await mute.click();
  await expect(mute).toHaveAttribute('aria-pressed', 'true');
  await expect(bo.getByTestId('remote-muted')).toBeVisible({ timeout: 5_000 });
  const camera = ada.getByRole('button', { name: 'Turn off camera' });
  await expect(camera).toHaveAttribute('aria-pressed', 'false');
  await camera.click();
  await expect(camera).toHaveAttribute('aria-pressed', 'true');
  await expect(bo.getByTestId('remote-camera-off')).toContainText('Camera off', { timeout: 5_000 });
  await shoot(ada, 'ada-muted-camera-off');
  await shoot(bo, 'bo-sees-ada-muted-camera-off');

  // Ada asks for more time, Bo agrees.
  await ada.getByRole('button', { name: /^Ask for \d+ more minutes$/ }).click();
  await expect(bo.getByText(/would like \d+ more minutes\./)).toBeVisible();
  await shoot(ada, 'ada-asked-to-extend');
  await shoot(bo, 'bo-asked-to-extend');
  await bo.getByRole('button', { name: 'Agree to extend' }).click();
  for (const [page, name] of people) {
    await expect(page.getByText('The call was extended.')).toBeVisible();
    await shoot(page, `${name}-extended`);
  }

  // Bo hangs up: the call is over for both, and both are back on the wheel.
  await bo.getByRole('button', { name: 'End call' }).click();
  await expect(bo.getByTestId('call-state')).toHaveCount(0);
  await expect(ada.getByTestId('call-state')).toHaveText('Call ended');
  await expect(ada.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await shoot(ada, 'ada-call-ended');
  await ada.getByRole('button', { name: 'Back to the wheel' }).click();
  for (const [page, name] of people) {
    await expect(page.getByTestId('call-state')).toHaveCount(0);
    await expect(page.getByText('Call ended', { exact: true })).toBeVisible();
    await expect(page.getByText('The video call will open shortly.', { exact: false })).toHaveCount(0);
    await shoot(page, `${name}-back-on-wheel`);
  }

  // Keeping in touch: each shares their email, and sees the other's once both have.
  const share = async (page: Page, name: string, email: string) => {
    await page.getByRole('button', { name: 'My connections' }).click();
    const dialog = page.getByRole('dialog', { name: 'My connections' });
    await dialog.getByLabel(/^Share my contact details with /).check();
    await dialog.getByLabel('Email', { exact: true }).fill(email);
    const good = dialog.getByRole('button', { name: /Good$/ });
    if ((await good.count()) > 0) {
      await good.click();
      await expect(good).toHaveAttribute('aria-pressed', 'true');
    }
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog.getByText('Saved.', { exact: true })).toBeVisible();
    await shoot(page, `${name}-shared`);
    return dialog;
  };
  const adaDialog = await share(ada, 'ada', 'ada@example.com');
  await expect(adaDialog.getByText(/once you have both chosen to share/)).toBeVisible();
  const boDialog = await share(bo, 'bo', 'bo@example.com');
  await expect(boDialog.getByRole('link', { name: 'ada@example.com' })).toBeVisible();
  await shoot(bo, 'bo-sees-ada-email');
  // Ada looks again (a fresh page: the open list does not refresh itself) and finds Bo's.
  await ada.reload();
  await ada.getByRole('button', { name: 'My connections' }).click();
  await expect(
    ada.getByRole('dialog', { name: 'My connections' }).getByRole('link', { name: 'bo@example.com' }),
  ).toBeVisible();
  // The reload opened no call for the match whose call ended.
  await expect(ada.getByTestId('call-state')).toHaveCount(0);
  await shoot(ada, 'ada-sees-bo-email');
});
