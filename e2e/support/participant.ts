import type { APIRequestContext, Page } from '@playwright/test';
import { createWheel } from './admin-api';
import { expect } from './fixtures';
import { E2E_ROUND_SECONDS } from './global-setup';

/** Registers through the wheel's dialog after clicking a free seat, as a person would. */
export async function takeSeatAsNewParticipant(
  page: Page,
  seat: { ring: 'Inner' | 'Outer'; number: number },
  profile: { username?: string; age: string; gender: 'Male' | 'Female' | 'Other' },
) {
  await page.getByRole('button', { name: `${seat.ring} ring, seat ${seat.number}, free` }).click();
  const dialog = page.getByRole('dialog', { name: 'Register to Join' });
  // A dialog's code is fetched when the browser is first idle or at the first click: in a
  // browser just launched on a busy 2-core CI machine that once took longer than the default.
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  if (profile.username) await dialog.getByLabel(/Username/).fill(profile.username);
  await dialog.getByLabel(/Age/).fill(profile.age);
  await dialog.getByLabel(/Gender/).selectOption({ label: profile.gender });
  await dialog.getByRole('button', { name: 'Join Wheel' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('button', {
      name: new RegExp(`^${seat.ring} ring, seat ${seat.number}, taken by .*\\(you\\)$`),
    }),
  ).toBeVisible();
}

/** The seated person's "Stay for the next round" switch (issue 38): on by default once seated. */
export const stayingSwitch = (page: Page) => page.getByRole('switch', { name: 'Stay for the next round' });

/** Turns staying off and waits for the server to agree: the seat is given up at the round's end. */
export async function stopStaying(page: Page) {
  const staying = stayingSwitch(page);
  await staying.click();
  await expect(staying).not.toBeChecked();
}

/** Two people on a wheel of their own, matched, each with the match's dialog open. */
export async function matchUp(
  request: APIRequestContext,
  first: Page,
  second: Page,
  wheelFields: { name: string; description: string },
) {
  const wheel = await createWheel(request, { ...wheelFields, slotCount: 4 });
  for (const page of [first, second]) await page.goto(`/wheel/${wheel.id}`);
  await takeSeatAsNewParticipant(first, { ring: 'Inner', number: 2 }, { age: '40', gender: 'Other' });
  await takeSeatAsNewParticipant(second, { ring: 'Outer', number: 2 }, { age: '41', gender: 'Other' });
  const matchDialog = (page: Page) => page.getByRole('dialog', { name: 'You have a match!' });
  const dialogs = [matchDialog(first), matchDialog(second)] as const;
  for (const dialog of dialogs)
    await expect(dialog).toBeVisible({ timeout: (E2E_ROUND_SECONDS + 10) * 1000 });
  return { wheel, dialogs };
}

/** Two people on a wheel of their own, matched and both accepted, so the call opens. */
export async function matchAndAccept(
  request: APIRequestContext,
  first: Page,
  second: Page,
  wheelFields: { name: string; description: string },
) {
  const { wheel, dialogs } = await matchUp(request, first, second, wheelFields);
  for (const dialog of dialogs) await dialog.getByRole('button', { name: 'Accept' }).click();
  return wheel;
}
