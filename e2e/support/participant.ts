import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Registers through the wheel's dialog after clicking a free seat, as a person would. */
export async function takeSeatAsNewParticipant(
  page: Page,
  seat: { ring: 'Inner' | 'Outer'; number: number },
  profile: { username?: string; age: string; gender: 'Male' | 'Female' | 'Other' },
) {
  await page.getByRole('button', { name: `${seat.ring} ring, seat ${seat.number}, free` }).click();
  const dialog = page.getByRole('dialog', { name: 'Register to Join' });
  await expect(dialog).toBeVisible();
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
