import type { Locator } from '@playwright/test';

export const GOOD_CARD = '4242 4242 4242 4242';
export const DECLINED_CARD = '4000 0000 0000 0002';

/** Fills the organiser's account fields wherever they appear (modal or purchase step 1). */
export async function fillAccount(scope: Locator, email: string, password = 'organiser-password') {
  await scope.getByLabel(/^First name/).fill('Olga');
  await scope.getByLabel(/^Last name/).fill('Organiser');
  await scope.getByLabel(/^Company name/).fill('Olga Events');
  await scope.getByLabel(/^Email/).fill(email);
  await scope.getByLabel(/^Password/).fill(password);
  await scope.getByLabel(/^Confirm password/).fill(password);
}

/** Fills the test-mode card form. */
export async function fillCard(scope: Locator, number: string) {
  await scope.getByLabel(/^Card number/).fill(number);
  await scope.getByLabel(/^Expiry/).fill('12/34');
  await scope.getByLabel(/^CVC/).fill('123');
}
