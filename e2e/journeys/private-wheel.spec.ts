import type { Browser, FrameLocator, Locator, Page, TestInfo } from '@playwright/test';
import type { RegistrationConfig } from '@wheelmeet/contracts';
import { adminHeaders, createWheel } from '../support/admin-api';
import { expect as baseExpect, test } from '../support/fixtures';
import { AGE_FIELD, GENDER_FIELD, USERNAME_FIELD } from '../support/forms';
import { E2E_ROUND_SECONDS } from '../support/global-setup';
import { journeyCamera } from '../support/journey';
import { startOrganiserSite } from '../support/organiser-site';

/**
 * Issue 33 (1): a private wheel is joined, not only unlocked. Each person unlocks it with its
 * access code, registers and sits down, by the share link and inside an organiser's own site.
 */

// Two browsers (or an iframe on another origin) on a shared 2-core machine: waits are generous.
const expect = baseExpect.configure({ timeout: 20_000 });
const ACCESS_CODE = 'RETREAT-33-PLUM';
const spinTimeout = (E2E_ROUND_SECONDS + 20) * 1000;

type Surface = Page | FrameLocator;

/** Another person's browser at the size of this journey. */
async function newPerson(browser: Browser, baseURL: string | undefined, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: testInfo.project.use.viewport });
  return context.newPage();
}

async function unlock(surface: Surface, code: string) {
  await expect(surface.getByLabel('Access code')).toBeVisible();
  await surface.getByLabel('Access code').fill(code);
  await surface.getByRole('button', { name: 'Unlock Wheel' }).click();
  // The seats appear (some may be taken already).
  await expect(surface.getByRole('button', { name: /^Outer ring, seat 1, / })).toBeVisible();
}

/**
 * Clicks the seat and fills the registration form. Issue 33 (8): `Join Wheel` is in view at
 * this size without scrolling, however long the wheel's form is.
 */
async function fillRegistration(surface: Surface, seat: string, profile: { age: string; username?: string }) {
  await surface.getByRole('button', { name: `${seat}, free` }).click();
  const dialog = surface.getByRole('dialog', { name: 'Register to Join' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Join Wheel' })).toBeInViewport({ ratio: 1 });
  if (profile.username) await dialog.getByLabel(/Username/).fill(profile.username);
  await dialog.getByLabel(/Age/).fill(profile.age);
  await dialog.getByLabel(/Gender/).selectOption({ label: 'Other' });
  await expect(dialog.getByRole('button', { name: 'Join Wheel' })).toBeInViewport({ ratio: 1 });
  return { dialog };
}

/** The board's own sign-up sheet: longer than the default form, longer than a laptop's screen. */
const BOARD_FORM: RegistrationConfig = {
  enabled: true,
  fields: [
    USERNAME_FIELD,
    AGE_FIELD,
    GENDER_FIELD,
    { id: 'company', name: 'company', label: 'Company', type: 'text', required: false, enabled: true },
    { id: 'role', name: 'role', label: 'Role', type: 'text', required: false, enabled: true },
    { id: 'bio', name: 'shortBio', label: 'Short Bio', type: 'textarea', required: false, enabled: true },
    {
      id: 'interests',
      name: 'interests',
      label: 'Interests',
      type: 'textarea',
      required: false,
      enabled: true,
    },
  ],
};

async function joinAndSit(surface: Surface, seat: string, dialog: Locator) {
  await dialog.getByRole('button', { name: 'Join Wheel' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    surface.getByRole('button', { name: new RegExp(`^${seat}, taken by .*\\(you\\)$`) }),
  ).toBeVisible();
}

test('two people join a private wheel by its share link, meet in a spin and accept', async ({
  page,
  browser,
  baseURL,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const shoot = journeyCamera(testInfo);
  const wheel = await createWheel(request, {
    name: 'Board retreat',
    description: 'Invitation only: the board and its guests',
    slotCount: 4,
    isPrivate: true,
    accessCode: ACCESS_CODE,
    answerSeconds: 120,
    registrationFields: BOARD_FORM,
  });
  const shareLink = `/wheel/${wheel.id}`;

  // Ada opens the share link: the wheel is locked until she gives the code.
  const ada = page;
  await ada.goto(shareLink);
  await expect(ada.getByRole('heading', { name: 'Board retreat' })).toBeVisible();
  await expect(ada.getByRole('button', { name: /ring, seat/ })).toHaveCount(0);
  await shoot(ada, 'ada-locked');
  await unlock(ada, ACCESS_CODE);
  await shoot(ada, 'ada-unlocked');

  const adaForm = await fillRegistration(ada, 'Inner ring, seat 1', { age: '34', username: 'Ada' });
  await shoot(ada, 'ada-registration');
  await joinAndSit(ada, 'Inner ring, seat 1', adaForm.dialog);
  await expect(ada.getByRole('alert')).toHaveCount(0);
  await shoot(ada, 'ada-seated');

  // Bob does the same in his own browser, on the other ring.
  const bob = await newPerson(browser, baseURL, testInfo);
  await bob.goto(shareLink);
  await unlock(bob, ACCESS_CODE);
  await expect(bob.getByRole('button', { name: /^Inner ring, seat 1, taken by/ })).toBeVisible();
  const bobForm = await fillRegistration(bob, 'Outer ring, seat 1', { age: '41', username: 'Bob' });
  await shoot(bob, 'bob-registration');
  await joinAndSit(bob, 'Outer ring, seat 1', bobForm.dialog);
  await shoot(bob, 'bob-seated');
  await expect(ada.getByRole('button', { name: /^Outer ring, seat 1, taken by/ })).toBeVisible();

  // Both rings have someone: the countdown runs, the wheel spins and each sees their match.
  await expect(ada.getByTestId('countdown')).toHaveText(/^\d+s$/);
  await shoot(ada, 'ada-countdown');
  const matchDialog = (person: Page) => person.getByRole('dialog', { name: 'You have a match!' });
  await expect(matchDialog(ada)).toBeVisible({ timeout: spinTimeout });
  await expect(matchDialog(bob)).toBeVisible({ timeout: spinTimeout });
  await expect(matchDialog(ada)).toContainText('41');
  await expect(matchDialog(bob)).toContainText('34');
  await shoot(ada, 'ada-match');
  await shoot(bob, 'bob-match');

  await matchDialog(ada).getByRole('button', { name: 'Accept' }).click();
  await expect(matchDialog(ada).getByText('Waiting for other person...')).toBeVisible();
  await shoot(ada, 'ada-accepted');
  await matchDialog(bob).getByRole('button', { name: 'Accept' }).click();
  // Both accepted: the call opens for both (the call itself is another journey's).
  await expect(bob.getByRole('dialog', { name: /^Video call with/ })).toBeVisible();
  await expect(ada.getByRole('dialog', { name: /^Video call with/ })).toBeVisible();
  await shoot(ada, 'ada-call');
  await shoot(bob, 'bob-call');
});

test('a visitor of the organiser’s site unlocks, registers and sits down in the embedded private wheel', async ({
  page,
  browser,
  baseURL,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const shoot = journeyCamera(testInfo);
  const site = await startOrganiserSite();
  try {
    const wheel = await createWheel(request, {
      name: 'Alumni night',
      description: 'For alumni with the code from the invitation',
      slotCount: 4,
      isPrivate: true,
      accessCode: ACCESS_CODE,
    });
    const allowed = await request.put(`/api/admin/wheels/${wheel.id}/embed`, {
      headers: await adminHeaders(request),
      data: { allowedOrigins: [site.origin] },
    });
    expect(allowed.status()).toBe(200);
    site.show(
      `<iframe src="${baseURL}/embed/wheels/${wheel.id}" title="WheelMeet: Alumni night" data-wheelmeet allow="camera; microphone; autoplay; fullscreen" style="width:100%;height:720px;border:0"></iframe><script src="${baseURL}/embed.js" async></script>`,
    );

    await page.goto(site.origin);
    await expect(page.getByRole('heading', { name: 'Campus Fair 2026' })).toBeVisible();
    const frame = page.frameLocator('iframe[data-wheelmeet]');
    await expect(frame.getByRole('heading', { name: 'Alumni night' })).toBeVisible();
    await shoot(page, 'visitor-locked-in-frame');

    await unlock(frame, ACCESS_CODE);
    await shoot(page, 'visitor-unlocked-in-frame');
    const form = await fillRegistration(frame, 'Inner ring, seat 2', { age: '29' });
    await shoot(page, 'visitor-registration-in-frame');
    await joinAndSit(frame, 'Inner ring, seat 2', form.dialog);
    await expect(frame.getByRole('alert')).toHaveCount(0);
    await frame
      .getByRole('button', { name: /^Inner ring, seat 2, taken by .*\(you\)$/ })
      .scrollIntoViewIfNeeded();
    await shoot(page, 'visitor-seated-in-frame');

    // The seat is real: the wheel's own page, unlocked by someone else while the visitor stays
    // on the organiser's site, shows it taken.
    const other = await newPerson(browser, baseURL, testInfo);
    await other.goto(`/wheel/${wheel.id}`);
    await unlock(other, ACCESS_CODE);
    await expect(other.getByRole('button', { name: /^Inner ring, seat 2, taken by/ })).toBeVisible();
    await shoot(other, 'someone-else-sees-the-seat-taken');
  } finally {
    await site.close();
  }
});
