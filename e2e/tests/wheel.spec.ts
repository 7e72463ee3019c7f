import { createWheel } from '../support/admin-api';
import { expect, test } from '../support/fixtures';
import { E2E_ROUND_SECONDS } from '../support/global-setup';
import { takeSeatAsNewParticipant } from '../support/participant';

test('two people take facing rings, the wheel spins, both see their match and accept', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(60_000);
  const wheel = await createWheel(request, {
    name: 'Spin test',
    description: 'Two people meet',
    slotCount: 8,
  });
  const ada = await (await browser.newContext({ baseURL })).newPage();
  const bob = await (await browser.newContext({ baseURL })).newPage();

  for (const page of [ada, bob]) {
    await page.goto(`/wheel/${wheel.id}`);
    await expect(page.getByRole('heading', { name: 'Spin test' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Inner ring, seat 1, free' })).toBeVisible();
  }
  // With nobody to pair, the countdown waits.
  await expect(ada.getByText('Wait', { exact: true })).toBeVisible();

  await takeSeatAsNewParticipant(ada, { ring: 'Inner', number: 1 }, { age: '31', gender: 'Female' });
  // Bob sees Ada arrive live, without reloading.
  await expect(bob.getByRole('button', { name: /^Inner ring, seat 1, taken by/ })).toBeVisible();
  await takeSeatAsNewParticipant(bob, { ring: 'Outer', number: 4 }, { age: '29', gender: 'Male' });
  await expect(ada.getByRole('button', { name: /^Outer ring, seat 4, taken by/ })).toBeVisible();

  // Both rings have someone: the countdown runs to the spin.
  await expect(ada.getByText(/^\d+s$/)).toBeVisible();

  const adaMatch = ada.getByRole('dialog', { name: 'You have a match!' });
  const bobMatch = bob.getByRole('dialog', { name: 'You have a match!' });
  await expect(adaMatch).toBeVisible({ timeout: (E2E_ROUND_SECONDS + 10) * 1000 });
  await expect(bobMatch).toBeVisible();
  await expect(adaMatch).toContainText('29');
  await expect(bobMatch).toContainText('31');

  await adaMatch.getByRole('button', { name: 'Accept' }).click();
  await expect(adaMatch.getByText('Waiting for other person...')).toBeVisible();
  await expect(adaMatch.getByRole('button', { name: 'Accept' })).toHaveCount(0);

  await bobMatch.getByRole('button', { name: 'Accept' }).click();
  // Each hears of the other's accept: the call with the partner opens on both sides.
  // Named by their alias (no username on the default form), never by their age.
  const callWithSomeoneNamed = /^Video call with (?!Guest \()\S+ \S+$/;
  await expect(ada.getByRole('dialog', { name: callWithSomeoneNamed })).toBeVisible();
  await expect(bob.getByRole('dialog', { name: callWithSomeoneNamed })).toBeVisible();
});
