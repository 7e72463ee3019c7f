import { anotherPerson, remoteVideoHasFrames } from '../support/call';
import { createWheel } from '../support/admin-api';
import { expect, test } from '../support/fixtures';
import { NAMED_FORM } from '../support/forms';
import { journeyCamera } from '../support/journey';
import { takeSeatAsNewParticipant } from '../support/participant';

/** Seconds from the wheel's creation to its start: time to arrive, check the camera and sit. */
const START_IN_SECONDS = 45;
const PROMPT = 'What brought you here today?';

/** How many times the page asked the browser for a camera and microphone (with keepOpenedMedia). */
const camerasOpened = (page: import('@playwright/test').Page) =>
  page.evaluate(() => window.__openedMedia?.length ?? 0);

/**
 * Issue 35, the participant's side: Ada arrives before the event, sees when it starts, takes its
 * calendar file, checks her camera and microphone, sits, is warned before the wheel spins, meets
 * Bo in the event's one round with its icebreaker, is warned before the call's end, and once she
 * hangs up the closing screen shows whom she met and her connections.
 */
test('a participant checks her camera in the lobby, meets someone in the last round, and leaves with whom she met', async ({
  browser,
  baseURL,
  page,
  request,
}, testInfo) => {
  test.setTimeout(200_000);
  const shoot = journeyCamera(testInfo);
  const startsAt = new Date(Date.now() + START_IN_SECONDS * 1000).toISOString();
  const wheel = await createWheel(request, {
    name: 'Lunch roulette',
    description: 'One round at noon',
    slotCount: 4,
    registrationFields: NAMED_FORM,
    startsAt,
    roundCount: 1,
    callMinutes: 1,
    prompts: [PROMPT],
  });
  const person = () => anotherPerson(browser, baseURL, page);
  const ada = await person();
  const bo = await person();

  // Before the start: when, how long, and a calendar file with the start in UTC.
  await ada.goto(`/wheel/${wheel.id}`);
  await expect(ada.getByTestId('event-start')).toContainText('Starts ');
  await expect(ada.getByRole('timer', { name: 'Time until the event starts' })).toContainText(
    /The event starts in 0:[0-4]\d/,
  );
  const calendarLink = ada.getByRole('link', { name: 'Add to calendar' });
  const calendar = await request.get((await calendarLink.getAttribute('href')) ?? '');
  expect(calendar.headers()['content-type']).toContain('text/calendar');
  const ics = await calendar.text();
  const utc = startsAt.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  expect(ics).toContain(`DTSTART:${utc}`);
  expect(ics).toContain('SUMMARY:Lunch roulette');
  await shoot(ada, 'ada-arrives-before-the-start');

  // The device check: her own picture and her microphone's level.
  await ada.getByRole('button', { name: 'Check camera and microphone' }).click();
  const check = ada.getByRole('region', { name: 'Camera and microphone check' });
  const preview = check.getByLabel('Your camera preview');
  await expect(preview).toBeVisible();
  await expect
    .poll(() => preview.evaluate((video: HTMLVideoElement) => video.videoWidth > 0), { timeout: 10_000 })
    .toBe(true);
  await expect(check.getByRole('meter', { name: 'Microphone level' })).toBeVisible();
  await expect(check.getByText(/Your camera and microphone work/)).toBeVisible();
  await shoot(ada, 'ada-checks-her-camera');
  await check.getByRole('button', { name: 'Done' }).click();
  await expect(check).toHaveCount(0);

  // Both sit before the start; no round spins until it.
  await takeSeatAsNewParticipant(
    ada,
    { ring: 'Inner', number: 1 },
    { username: 'Ada', age: '29', gender: 'Female' },
  );
  await bo.goto(`/wheel/${wheel.id}`);
  await takeSeatAsNewParticipant(
    bo,
    { ring: 'Outer', number: 1 },
    { username: 'Bo', age: '31', gender: 'Male' },
  );
  await expect(ada.getByText('1 round', { exact: true })).toBeVisible();
  await expect(ada.getByRole('button', { name: 'Sound alerts' })).toHaveAttribute('aria-pressed', 'true');
  await shoot(ada, 'ada-seated-waiting-for-the-start');

  // Warned before the spin, then matched with the round's icebreaker.
  await expect(ada.getByText(/^The wheel spins in \d+ seconds?$/)).toBeVisible({
    timeout: (START_IN_SECONDS + 5) * 1000,
  });
  await shoot(ada, 'ada-warned-before-the-spin');
  const matchDialogs = [ada, bo].map((each) => each.getByRole('dialog', { name: 'You have a match!' }));
  for (const dialog of matchDialogs) {
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await expect(dialog.getByRole('region', { name: 'Icebreaker' })).toContainText(PROMPT);
  }
  await shoot(ada, 'ada-matched-with-the-icebreaker');
  for (const dialog of matchDialogs) await dialog.getByRole('button', { name: 'Accept' }).click();

  // The call uses the camera the check opened: the page asked the browser once.
  const adaCall = ada.getByRole('dialog', { name: 'Video call with Bo' });
  await expect(ada.getByTestId('call-state')).toHaveText('Connected', { timeout: 30_000 });
  await expect.poll(() => remoteVideoHasFrames(ada), { timeout: 15_000 }).toBe(true);
  expect(await camerasOpened(ada)).toBe(1);
  await expect(adaCall.getByRole('region', { name: 'Icebreaker' })).toContainText(PROMPT);
  await shoot(ada, 'ada-in-her-call-with-the-icebreaker');

  // The event's one round is over while they talk; the call runs on, and warns before its end.
  await expect(adaCall.getByText('Less than 30 seconds left.')).toBeVisible({ timeout: 45_000 });
  await expect(ada.getByTestId('call-state')).toHaveText('Connected');
  await shoot(ada, 'ada-warned-before-the-calls-end');

  // Ada hangs up: the closing screen, with Bo among the people she met.
  await adaCall.getByRole('button', { name: 'End call' }).click();
  await expect(ada.getByRole('heading', { name: 'Thank you for taking part' })).toBeVisible();
  await expect(ada.getByText('This event has ended. Thank you for taking part.')).toBeVisible();
  await expect(ada.getByRole('region', { name: 'People you met' })).toContainText('Bo');
  await expect(ada.getByRole('checkbox', { name: 'Email me this list after the event' })).toBeVisible();
  await shoot(ada, 'ada-closing-screen');
  await ada.getByRole('button', { name: 'My connections' }).click();
  await expect(ada.getByRole('dialog', { name: 'My connections' })).toContainText('Bo');
  await shoot(ada, 'ada-my-connections');

  await bo
    .getByRole('dialog', { name: 'Video call with Ada' })
    .getByRole('button', { name: 'Back to the wheel' })
    .click();
  await expect(bo.getByRole('region', { name: 'People you met' })).toContainText('Ada');
  await shoot(bo, 'bo-closing-screen');
});
