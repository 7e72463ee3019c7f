import { REMOVED_FROM_WHEEL } from '@wheelmeet/contracts';
import { seriousViolations } from '../support/accessibility';
import { signInThroughUi } from '../support/admin-ui';
import { expect, test } from '../support/fixtures';
import { E2E_ADMIN_PASSWORD } from '../support/global-setup';
import { matchAndAccept } from '../support/participant';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };
const SHOTS = 'test-results/safety';
const SAFETY_WHEEL = { name: 'Safety test', description: 'Block and report' };

test('one person blocks and reports from the call, the other sees it end, and the organiser removes them', async ({
  browser,
  baseURL,
  request,
}) => {
  // Three browsers, a video call and two accessibility scans: slow on a busy 2-core machine.
  test.setTimeout(300_000);
  const ada = await (await browser.newContext({ baseURL, viewport: PHONE })).newPage();
  const bob = await (await browser.newContext({ baseURL, viewport: DESKTOP })).newPage();
  const wheel = await matchAndAccept(request, ada, bob, SAFETY_WHEEL);
  for (const page of [ada, bob]) {
    await expect(page.getByTestId('call-state')).toHaveText('Connected', { timeout: 60_000 });
  }
  const bobName = (
    (await ada.getByRole('heading', { name: /^Video call with / }).textContent()) ?? ''
  ).replace('Video call with ', '');

  // Ada blocks Bob from the call screen and reports him, in one dialog.
  await ada.getByRole('button', { name: 'Block or report' }).click();
  const dialog = ada.getByRole('dialog', { name: `Block or report ${bobName}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: `Block ${bobName}` })).toBeChecked();
  await dialog.getByRole('checkbox', { name: `Report ${bobName} to the organiser` }).check();
  await dialog.getByRole('radio', { name: 'Harassment or threats' }).check();
  await dialog.getByRole('textbox', { name: /Details/ }).fill('Kept shouting.');
  await ada.screenshot({ path: `${SHOTS}/safety-dialog-phone.png` });
  expect(await seriousViolations(ada)).toEqual([]);
  await dialog.getByRole('button', { name: 'Block and report' }).click();
  await expect(dialog.getByText(`You blocked ${bobName}: you will not be matched again.`)).toBeVisible();

  // Bob's call ends with neutral words; nothing says he was blocked.
  const bobsCall = bob.getByRole('dialog', { name: /^Video call with / });
  await expect(bobsCall.getByText('This match ended.')).toBeVisible();
  await expect(bob.getByTestId('call-state')).toHaveText('Call ended');
  await expect(bob.getByText(/blocked|reported/i)).toHaveCount(0);
  // The same dialog at desktop size, opened and left without sending anything.
  await bobsCall.getByRole('button', { name: 'Block or report' }).click();
  const bobsDialog = bob.getByRole('dialog', { name: /^Block or report / });
  await bobsDialog.getByRole('checkbox', { name: /^Report / }).check();
  await bob.screenshot({ path: `${SHOTS}/safety-dialog-desktop.png` });
  await bobsDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(bobsDialog).toBeHidden();
  await expect(bobsCall.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await bobsCall.getByRole('button', { name: 'Back to the wheel' }).click();

  // The organiser (here the admin) sees the report and removes Bob.
  const admin = await (await browser.newContext({ baseURL, viewport: DESKTOP })).newPage();
  await signInThroughUi(admin, 'admin', E2E_ADMIN_PASSWORD);
  await admin.goto(`/admin/wheels/${wheel.id}`);
  const reports = admin.getByRole('region', { name: 'Reports' });
  const item = reports.getByRole('listitem', { name: `Report about ${bobName}` });
  await expect(item).toContainText('Harassment or threats');
  await expect(item).toContainText('Kept shouting.');
  await expect(item).toContainText('Blocked by reporter');
  await reports.scrollIntoViewIfNeeded();
  await admin.screenshot({ path: `${SHOTS}/reports-desktop.png` });
  await admin.setViewportSize(PHONE);
  await reports.scrollIntoViewIfNeeded();
  await admin.screenshot({ path: `${SHOTS}/reports-phone.png` });
  expect(await seriousViolations(admin)).toEqual([]);
  await item.getByRole('button', { name: /^Remove from wheel/ }).click();
  await admin
    .getByRole('dialog', { name: `Remove ${bobName}?` })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(admin.getByText(`${bobName} was removed from the wheel.`)).toBeVisible();
  await expect(item.getByText('Removed')).toBeVisible();
  // Dealt with: the report folds away under 'Handled', so the list shows what is left to look at.
  await item.getByRole('button', { name: `Mark as handled the report about ${bobName}` }).click();
  await expect(reports.getByText('Nothing to look at: every report is handled.')).toBeVisible();
  await reports.getByText('Handled (1)').click();
  await expect(
    reports.getByRole('list', { name: 'Handled reports' }).getByRole('button', { name: /^Reopen/ }),
  ).toBeVisible();
  await admin.screenshot({ path: `${SHOTS}/reports-handled-phone.png` });

  // Bob's page says so at once; after a reload he is only a visitor who can watch.
  await expect(bob.getByText(REMOVED_FROM_WHEEL)).toBeVisible();
  await bob.screenshot({ path: `${SHOTS}/removed-desktop.png` });
  await bob.reload();
  await expect(bob.getByRole('button', { name: 'Inner ring, seat 1, free' })).toBeVisible();
  await expect(bob.getByRole('button', { name: /\(you\)$/ })).toHaveCount(0);
});
