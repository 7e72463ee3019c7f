import { chromium, type Page } from '@playwright/test';
import { BASE_CHROMIUM_ARGS, chromiumPath } from '../playwright.config';
import { seriousViolations } from '../support/accessibility';
import { signInThroughUi } from '../support/admin-ui';
import { expect, test } from '../support/fixtures';
import { E2E_ADMIN_PASSWORD } from '../support/global-setup';
import { matchAndAccept, matchUp } from '../support/participant';

const CALL_WHEEL = { name: 'Call test', description: 'A video call' };

declare global {
  interface Window {
    __openedMedia?: MediaStream[];
  }
}

/** Keeps every stream the page opens, so a test can tell whether the camera is on (lit). */
function keepOpenedMedia() {
  const opened: MediaStream[] = [];
  window.__openedMedia = opened;
  const mediaDevices = navigator.mediaDevices;
  const getUserMedia = mediaDevices.getUserMedia.bind(mediaDevices);
  mediaDevices.getUserMedia = async (constraints) => {
    const stream = await getUserMedia(constraints);
    opened.push(stream);
    return stream;
  };
}

const cameraOn = (page: Page) =>
  page.evaluate(() =>
    (window.__openedMedia ?? []).some((stream) =>
      stream.getVideoTracks().some((track) => track.readyState === 'live'),
    ),
  );

const remoteVideoHasFrames = (page: Page) =>
  page.getByTestId('remote-video').evaluate((video: HTMLVideoElement) => video.videoWidth > 0);

test('both people see and hear each other, agree to extend the call, and hanging up ends it on both sides', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  const ada = await (await browser.newContext({ baseURL })).newPage();
  const bob = await (await browser.newContext({ baseURL })).newPage();
  const wheel = await matchAndAccept(request, ada, bob, CALL_WHEEL);

  for (const page of [ada, bob]) {
    await expect(page.getByTestId('call-state')).toHaveText('Connected', { timeout: 20_000 });
    await expect.poll(() => remoteVideoHasFrames(page), { timeout: 10_000 }).toBe(true);
  }

  // Timed calls (issue 13): both see the time left; one asks for more, the other agrees.
  for (const page of [ada, bob]) await expect(page.getByTestId('call-time-left')).toHaveText(/^0[45]:\d\d$/);
  await ada.getByRole('button', { name: 'Ask for 5 more minutes' }).click();
  await expect(ada.getByRole('button', { name: /^Waiting for .* to agree…$/ })).toBeDisabled();
  await expect(bob.getByText(/would like 5 more minutes\./)).toBeVisible();
  await bob.getByRole('button', { name: 'Agree to extend' }).click();
  for (const page of [ada, bob]) {
    await expect(page.getByText('The call was extended.')).toBeVisible();
    await expect(page.getByTestId('call-time-left')).toHaveText(/^09:\d\d$/);
  }

  // The organiser shortens calls live (decision 020): the extended call now lasts 2 × 3 minutes.
  const organiser = await (await browser.newContext({ baseURL })).newPage();
  await signInThroughUi(organiser, 'admin', E2E_ADMIN_PASSWORD);
  await organiser.goto(`/admin/wheels/${wheel.id}`);
  const timing = organiser.getByRole('form', { name: 'Change timing now' });
  await timing.getByLabel('New call length (minutes)').fill('3');
  await timing.getByRole('button', { name: 'Apply now' }).click();
  await expect(timing.getByText('New timing applied: everyone on the wheel sees it now.')).toBeVisible();
  for (const page of [ada, bob]) await expect(page.getByTestId('call-time-left')).toHaveText(/^0[56]:\d\d$/);
  await organiser.context().close();

  const mute = ada.getByRole('button', { name: 'Mute microphone' });
  await mute.click();
  await expect(mute).toHaveAttribute('aria-pressed', 'true');

  // A hang-up is final (issue 33): the partner is told, with no Retry; both are back on the wheel.
  await ada.getByRole('button', { name: 'End call' }).click();
  await expect(bob.getByText('Your partner left the call.')).toBeVisible();
  await expect(bob.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(ada.getByTestId('call-state')).toHaveCount(0);

  // The matches dialog the call opened from closed with the call: the wheel says it ended, until
  // the next round's spin (both stay seated) says what that round brings.
  await bob.getByRole('button', { name: 'Back to the wheel' }).click();
  for (const page of [ada, bob]) {
    await expect(page.getByRole('dialog', { name: 'You have a match!' })).toHaveCount(0);
    await expect(page.getByText('Call ended', { exact: true })).toBeVisible();
  }

  // Keeping in touch (issue 13): details show only once both chose to share.
  const share = async (page: Page, email: string) => {
    await page.getByRole('button', { name: 'My connections' }).click();
    const dialog = page.getByRole('dialog', { name: 'My connections' });
    await dialog.getByLabel(/^Share my contact details with /).check();
    await dialog.getByLabel('Email', { exact: true }).fill(email);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog.getByText('Saved.', { exact: true })).toBeVisible();
    return dialog;
  };
  const adaDialog = await share(ada, 'ada@example.com');
  await expect(adaDialog.getByText(/once you have both chosen to share/)).toBeVisible();
  const bobDialog = await share(bob, 'bob@example.com');
  await expect(bobDialog.getByRole('link', { name: 'ada@example.com' })).toBeVisible();
});

test('a reload on either side mid-call comes back into the same call; a camera turned off shows at once', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(150_000);
  const ada = await (await browser.newContext({ baseURL, viewport: { width: 1366, height: 768 } })).newPage();
  // Bob takes the call on a phone.
  const bob = await (
    await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      deviceScaleFactor: 2,
    })
  ).newPage();
  await matchAndAccept(request, ada, bob, CALL_WHEEL);
  const bothConnected = async () => {
    for (const page of [ada, bob]) {
      await expect(page.getByTestId('call-state')).toHaveText('Connected', { timeout: 30_000 });
      await expect.poll(() => remoteVideoHasFrames(page), { timeout: 15_000 }).toBe(true);
    }
  };
  await bothConnected();
  await ada.screenshot({ path: test.info().outputPath('desktop-call.png') });
  await bob.screenshot({ path: test.info().outputPath('phone-call.png') });
  for (const page of [ada, bob]) expect(await seriousViolations(page)).toEqual([]);

  // One of them calls and the other answers; a reload of each brings the call back.
  for (const page of [bob, ada]) {
    await page.reload();
    await bothConnected();
  }

  const camera = ada.getByRole('button', { name: 'Turn off camera' });
  await camera.click();
  await expect(camera).toHaveAttribute('aria-pressed', 'true');
  await expect(bob.getByTestId('remote-camera-off')).toContainText('Camera off', { timeout: 5_000 });
  await ada.getByRole('button', { name: 'Mute microphone' }).click();
  await expect(bob.getByTestId('remote-muted')).toBeVisible({ timeout: 5_000 });
  await bob.screenshot({ path: test.info().outputPath('phone-call-partner-camera-off.png') });
  await camera.click();
  await expect(camera).toHaveAttribute('aria-pressed', 'false');
  await expect(bob.getByTestId('remote-camera-off')).toHaveCount(0, { timeout: 5_000 });
});

test('the camera turns on at Accept, before the partner answers, and off again when the partner declines', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  const watchedPage = async () => {
    const context = await browser.newContext({ baseURL });
    await context.addInitScript(keepOpenedMedia);
    return context.newPage();
  };
  const ada = await watchedPage();
  const bob = await watchedPage();
  const {
    dialogs: [adaDialog, bobDialog],
  } = await matchUp(request, ada, bob, CALL_WHEEL);
  expect(await cameraOn(ada)).toBe(false);

  await adaDialog.getByRole('button', { name: 'Accept' }).click();
  await expect.poll(() => cameraOn(ada)).toBe(true);
  await expect(ada.getByTestId('call-state')).toHaveCount(0);

  await bobDialog.getByRole('button', { name: 'Decline' }).click();
  await expect.poll(() => cameraOn(ada)).toBe(false);
  expect(await cameraOn(bob)).toBe(false);
  await expect(ada.getByTestId('call-state')).toHaveCount(0);
});

test('a browser that denies the camera says so instead of hanging, and the partner is told why they wait', async ({
  baseURL,
  request,
}) => {
  // Two browsers, a round, a refused camera and the partner's wait: 72 s on a slow 2-core machine.
  test.setTimeout(150_000);
  // No fake-UI flag here: the permission prompt is refused, as a person clicking "Block" would.
  const denying = await chromium.launch({
    executablePath: chromiumPath,
    args: [...BASE_CHROMIUM_ARGS, '--use-fake-device-for-media-stream'],
  });
  const granting = await chromium.launch({
    executablePath: chromiumPath,
    args: [...BASE_CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  });
  try {
    const blocked = await (await denying.newContext({ baseURL, permissions: [] })).newPage();
    const partner = await (await granting.newContext({ baseURL })).newPage();
    await matchAndAccept(request, blocked, partner, CALL_WHEEL);
    await expect(blocked.getByText(/Camera and microphone access was denied/)).toBeVisible({
      timeout: 20_000,
    });
    // Not a call that drops and is called lost later: the partner knows, and waits for the Retry.
    await expect(
      partner.getByText(/^The call could not start on .+'s side\. Waiting for .+ to try again/),
    ).toBeVisible();
    await expect(partner.getByTestId('call-state')).toHaveText('Reconnecting…');

    await blocked.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(partner.getByText('Your partner left the call.')).toBeVisible();
  } finally {
    await denying.close();
    await granting.close();
  }
});
