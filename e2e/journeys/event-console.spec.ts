import type { Page } from '@playwright/test';
import { createWheel } from '../support/admin-api';
import { signInThroughUi } from '../support/admin-ui';
import { anotherPerson } from '../support/call';
import { expect, test } from '../support/fixtures';
import { NAMED_FORM } from '../support/forms';
import { E2E_ADMIN_PASSWORD } from '../support/global-setup';
import { journeyCamera } from '../support/journey';
import { takeSeatAsNewParticipant } from '../support/participant';

/**
 * A start time an hour from now, as a `datetime-local` field takes it (the browser's own time
 * zone). The field drops the seconds, so the minute is rounded up: rounded down, the countdown
 * could read 58:5x by the time the form is saved.
 */
const inAnHourLocal = (page: Page) =>
  page.evaluate(() => {
    const start = new Date(Date.now() + 3_600_000 + 59_000);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())}T${pad(start.getHours())}:${pad(start.getMinutes())}`;
  });

/** Announcements go out at most one per 10 s per wheel. */
const ANNOUNCEMENT_GAP_MS = 10_500;

/**
 * Issue 35, the organiser's side: they give a wheel a start, a number of rounds and icebreaker
 * prompts, watch people arrive on the live console, speak to the room, start the event early,
 * see the round's matches and calls, speak again while people are in their call, and end it.
 */
test('an organiser schedules an event, speaks to the room and runs it to its end from the live console', async ({
  browser,
  baseURL,
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const shoot = journeyCamera(testInfo);
  const wheel = await createWheel(request, {
    name: 'Founders evening',
    description: 'Founders meet founders',
    slotCount: 4,
    registrationFields: NAMED_FORM,
  });

  // The schedule and prompts, in the wheel's form.
  await signInThroughUi(page, 'admin', E2E_ADMIN_PASSWORD);
  await page.goto(`/admin/wheels/${wheel.id}`);
  const event = page.getByRole('group', { name: 'Event' });
  await event.getByLabel('Starts at').fill(await inAnHourLocal(page));
  await event.getByLabel('Number of rounds').fill('2');
  await event.getByLabel('Icebreaker prompts').fill('What are you building?\nWho should you meet tonight?');
  await expect(event.getByText('2 of 50 prompts')).toBeVisible();
  await event.scrollIntoViewIfNeeded();
  await shoot(page, 'organiser-schedules-the-event');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(/updated/i).first()).toBeVisible();

  const console = page.getByRole('region', { name: 'Live console' });
  await expect(console.getByText(/^Starts in (59|1:00):\d\d/)).toBeVisible();
  await expect(console.getByText('Round 0 of 2')).toBeVisible();
  await expect(console.getByRole('button', { name: 'Start now' })).toBeVisible();
  await expect(console.getByRole('button', { name: 'Spin now' })).toHaveCount(0);

  // People arrive before the start and sit down.
  const person = () => anotherPerson(browser, baseURL, page);
  const ada = await person();
  const bo = await person();
  for (const each of [ada, bo]) {
    await each.goto(`/wheel/${wheel.id}`);
    await expect(each.getByRole('timer', { name: 'Time until the event starts' })).toContainText(
      'The event starts in',
    );
  }
  await takeSeatAsNewParticipant(
    ada,
    { ring: 'Inner', number: 1 },
    { username: 'Ada', age: '34', gender: 'Female' },
  );
  await takeSeatAsNewParticipant(
    bo,
    { ring: 'Outer', number: 1 },
    { username: 'Bo', age: '36', gender: 'Male' },
  );
  await expect(console).toContainText(/Seated\s*2/);
  await console.scrollIntoViewIfNeeded();
  await shoot(page, 'console-shows-people-waiting');

  // The host welcomes everyone; each sees it at once, read out as a status.
  const welcome = 'Welcome, founders! We start in a moment.';
  await console.getByLabel('Announcement').fill(welcome);
  await console.getByRole('button', { name: 'Send announcement' }).click();
  const welcomedAt = Date.now();
  await expect(console.getByText('Announcement sent.')).toBeVisible();
  for (const each of [ada, bo])
    await expect(each.getByRole('status', { name: 'Announcement from the host' })).toContainText(welcome);
  await shoot(ada, 'ada-hears-the-welcome');

  // The host starts early: the people waiting meet at once, with the first round's prompt.
  await console.getByRole('button', { name: 'Start now' }).click();
  await expect(console.getByText('The event has started.')).toBeVisible();
  const matchDialogs = [ada, bo].map((each) => each.getByRole('dialog', { name: 'You have a match!' }));
  for (const dialog of matchDialogs) {
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    await expect(dialog.getByRole('region', { name: 'Icebreaker' })).toContainText('What are you building?');
  }
  await shoot(ada, 'ada-matched-with-the-first-prompt');
  await expect(console.getByText('Round 1 of 2')).toBeVisible();
  await expect(console).toContainText(/Waiting for an answer\s*1/);
  await shoot(page, 'console-round-one-waiting-for-answers');

  for (const dialog of matchDialogs) await dialog.getByRole('button', { name: 'Accept' }).click();
  for (const each of [ada, bo])
    await expect(each.getByTestId('call-state')).toHaveText('Connected', { timeout: 30_000 });
  await expect(console).toContainText(/In calls\s*2/);
  await shoot(page, 'console-shows-the-call');

  // A second announcement reaches people in their call, over the call, without hiding it.
  await page.waitForTimeout(Math.max(0, ANNOUNCEMENT_GAP_MS - (Date.now() - welcomedAt)));
  const reminder = 'Two minutes left before we wrap up.';
  await console.getByLabel('Announcement').fill(reminder);
  await console.getByRole('button', { name: 'Send announcement' }).click();
  await expect(console.getByText('Announcement sent.')).toBeVisible();
  const adaCall = ada.getByRole('dialog', { name: /^Video call with / });
  await expect(adaCall.getByRole('status', { name: 'Announcement from the host' })).toContainText(reminder);
  await expect(adaCall.getByTestId('remote-video')).toBeVisible();
  await expect(adaCall.getByRole('region', { name: 'Icebreaker' })).toContainText('What are you building?');
  await shoot(ada, 'ada-hears-the-host-during-her-call');

  // The host ends the event; the call under way runs on until the two hang up.
  await console.getByRole('button', { name: 'End event' }).click();
  const confirm = page.getByRole('dialog', { name: 'End event' });
  await expect(confirm).toContainText('End the event now? Nobody can take a seat afterwards.');
  await shoot(page, 'organiser-confirms-the-end');
  await confirm.getByRole('button', { name: 'End event' }).click();
  await expect(console.getByText(/^Ended at /)).toBeVisible();
  await expect(console.getByRole('button', { name: 'Spin now' })).toHaveCount(0);
  await shoot(page, 'console-after-the-end');
  await expect(ada.getByTestId('call-state')).toHaveText('Connected');

  await adaCall.getByRole('button', { name: 'End call' }).click();
  const boCall = bo.getByRole('dialog', { name: /^Video call with / });
  await boCall.getByRole('button', { name: 'Back to the wheel' }).click();
  for (const [each, partner] of [
    [ada, 'Bo'],
    [bo, 'Ada'],
  ] as const) {
    await expect(each.getByRole('heading', { name: 'Thank you for taking part' })).toBeVisible();
    await expect(each.getByRole('region', { name: 'People you met' })).toContainText(partner);
  }
  await shoot(ada, 'ada-closing-screen');
  await shoot(bo, 'bo-closing-screen');
});
