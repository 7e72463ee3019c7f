import type { Page } from '@playwright/test';
import { createWheel } from '../support/admin-api';
import { signInThroughUi } from '../support/admin-ui';
import { expect, test } from '../support/fixtures';
import { AGE_FIELD, USERNAME_FIELD } from '../support/forms';
import { E2E_ADMIN_PASSWORD, E2E_ROUND_SECONDS } from '../support/global-setup';
import { journeyCamera } from '../support/journey';

/**
 * Shared interests and the matching report (issue 38): the organiser turns Interests into a
 * multiple choice of their own topics, two people tick theirs and meet, and the wheel's
 * matching report tells the organiser, round by round, how fresh the pairs were and how much
 * they had in common.
 */

/** Registers through the wheel's dialog with the topics ticked, after clicking a free seat. */
async function joinWithInterests(page: Page, seat: string, name: string, topics: string[]) {
  await page.getByRole('button', { name: `${seat}, free` }).click();
  const dialog = page.getByRole('dialog', { name: 'Register to Join' });
  await dialog.getByLabel(/Username/).fill(name);
  await dialog.getByLabel(/Age/).fill('35');
  const interests = dialog.getByRole('group', { name: /Interests/ });
  for (const topic of topics) await interests.getByRole('checkbox', { name: topic }).check();
  await dialog.getByRole('button', { name: 'Join Wheel' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('button', { name: new RegExp(`^${seat}, taken by ${name} \\(you\\)$`) }),
  ).toBeVisible();
}

test('an organiser lets people tick shared interests, and the matching report shows how each round went', async ({
  browser,
  baseURL,
  page,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const shoot = journeyCamera(testInfo);
  const wheel = await createWheel(request, {
    name: 'Interests evening',
    description: 'People who share a topic',
    slotCount: 4,
    registrationFields: {
      enabled: true,
      fields: [
        USERNAME_FIELD,
        AGE_FIELD,
        {
          id: 'interest',
          name: 'interests',
          label: 'Interests',
          type: 'text',
          required: false,
          enabled: true,
        },
      ],
    },
  });

  // The organiser turns Interests into a multiple choice of their own topics.
  await signInThroughUi(page, 'admin', E2E_ADMIN_PASSWORD);
  await page.goto(`/admin/wheels/${wheel.id}`);
  const interestsField = page.getByRole('group', { name: 'Interests' });
  await interestsField.getByLabel('Type').selectOption({ label: 'Multiple choice' });
  await interestsField.getByLabel('Options').fill('AI, Music, Chess');
  await interestsField.scrollIntoViewIfNeeded();
  await shoot(page, 'organiser-makes-interests-a-multiple-choice');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(/updated/i).first()).toBeVisible();

  // Two people tick their topics; they have Music in common.
  const viewport = page.viewportSize();
  const person = async () =>
    (await browser.newContext({ baseURL, ...(viewport ? { viewport } : {}) })).newPage();
  const ada = await person();
  const bo = await person();
  for (const each of [ada, bo]) await each.goto(`/wheel/${wheel.id}`);
  await joinWithInterests(ada, 'Inner ring, seat 1', 'Ada', ['AI', 'Music']);
  await shoot(ada, 'ada-seated-with-her-topics');
  await joinWithInterests(bo, 'Outer ring, seat 1', 'Bo', ['Music', 'Chess']);

  // They meet; Ada declines, which is an answer.
  const matchDialog = ada.getByRole('dialog', { name: 'You have a match!' });
  await expect(matchDialog.getByRole('listitem', { name: 'Match with Bo' })).toBeVisible({
    timeout: (E2E_ROUND_SECONDS + 15) * 1000,
  });
  await shoot(ada, 'ada-meets-bo');
  await matchDialog.getByRole('button', { name: 'Decline' }).click();

  // The organiser reads the round in the wheel's matching report.
  await page.getByRole('link', { name: 'Matching report' }).click();
  await expect(page.getByRole('heading', { name: 'Matching report: Interests evening' })).toBeVisible();
  const firstRound = page
    .getByRole('table', { name: 'Figures per round' })
    .getByRole('row', { name: /Round 1/ });
  await expect(firstRound).toContainText('100%');
  await expect(firstRound).toContainText('1.0');
  await expect(page.getByText('Different people each participant met')).toBeVisible();
  await shoot(page, 'organiser-reads-the-matching-report');
});
