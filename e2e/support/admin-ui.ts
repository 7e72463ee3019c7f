import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Signs in on /admin/login as a person would and waits for the dashboard. */
export async function signInThroughUi(page: Page, username: string, password: string) {
  await page.goto('/admin/login');
  await page.getByLabel(/Username/).fill(username);
  await page.getByLabel(/Password/).fill(password);
  await page.getByRole('button', { name: /sign in|log in|login/i }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}
