import { createWheel } from '../support/admin-api';
import { expect, test } from '../support/fixtures';
import { takeSeatAsNewParticipant } from '../support/participant';

test('a private wheel stays locked until its access code is given, then lets people join', async ({
  page,
  request,
}) => {
  const wheel = await createWheel(request, {
    name: 'Board retreat',
    description: 'Invitation only',
    slotCount: 6,
    isPrivate: true,
    accessCode: 'RETREAT-26',
  });
  await page.goto(`/wheel/${wheel.id}`);

  // The locked view: name, description, id, slot count and round, but no seats.
  await expect(page.getByRole('heading', { name: 'Board retreat' })).toBeVisible();
  await expect(page.getByText('Invitation only')).toBeVisible();
  await expect(page.getByText(wheel.id)).toBeVisible();
  await expect(page.getByRole('button', { name: /ring, seat/ })).toHaveCount(0);

  const code = page.getByLabel('Access code');
  await page.getByRole('button', { name: 'Unlock Wheel' }).click();
  await expect(page.getByText('Please enter the access code.')).toBeVisible();

  await code.fill('guess');
  await page.getByRole('button', { name: 'Unlock Wheel' }).click();
  await expect(page.getByText('Invalid access code. Please try again.')).toBeVisible();

  await code.fill(' RETREAT-26 ');
  await page.getByRole('button', { name: 'Unlock Wheel' }).click();
  await expect(page.getByRole('button', { name: /^Inner ring, seat \d+, free$/ })).toHaveCount(3);

  // The grant is kept for this browser session: a reload stays unlocked.
  await page.reload();
  await expect(page.getByRole('button', { name: /^Outer ring, seat \d+, free$/ })).toHaveCount(3);

  // Issue 33: the grant goes with the registration too, so the visitor can sit down.
  await takeSeatAsNewParticipant(page, { ring: 'Inner', number: 2 }, { age: '45', gender: 'Female' });
  await expect(page.getByTestId('participant-status')).toHaveText(
    'You are in seat 2 on the inner ring. Stay for the spin to meet your match.',
  );
  await expect(page.getByRole('alert')).toHaveCount(0);
});
