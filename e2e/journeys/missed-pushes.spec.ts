import type { Page, WebSocketRoute } from '@playwright/test';
import { PUSH_OVERDUE_MS } from '@wheelmeet/contracts';
import { createWheel } from '../support/admin-api';
import { expect, test } from '../support/fixtures';
import { E2E_ROUND_SECONDS } from '../support/global-setup';
import { journeyCamera } from '../support/journey';
import { anotherPerson } from '../support/call';
import { takeSeatAsNewParticipant } from '../support/participant';

/**
 * Issue 36: with several server processes and Redis away, a browser misses the round steps the
 * other process ran. Here Ada's browser loses the spin's pushes on the way (the hub's frames
 * for WheelSpinStarted, MatchesCreated and WheelSpinCompleted are dropped), as it would behind
 * the wrong process. Her page notices the spin is overdue, asks for a fresh snapshot, and she
 * still gets her match in time to accept it.
 */

const LOST_PUSHES = /^42\["(WheelSpinStarted|MatchesCreated|WheelSpinCompleted)"/;
const matchDialog = (page: Page) => page.getByRole('dialog', { name: 'You have a match!' });

/** Relays the page's hub connection, dropping the round's spin pushes while `losing()` says so. */
async function losePushes(page: Page, losing: () => boolean) {
  const lost: string[] = [];
  await page.routeWebSocket(/\/hubs\/wheel/, (ws: WebSocketRoute) => {
    const server = ws.connectToServer();
    server.onMessage((message) => {
      if (typeof message === 'string' && losing() && LOST_PUSHES.test(message)) {
        lost.push(message.slice(4, message.indexOf('"', 4)));
        return;
      }
      ws.send(message);
    });
  });
  return lost;
}

test('a browser that misses the spin still gets its match in time, and the pair meet', async ({
  browser,
  baseURL,
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const shoot = journeyCamera(testInfo);
  const wheel = await createWheel(request, {
    name: 'Lost pushes',
    description: 'One browser misses the spin',
    slotCount: 2,
    answerSeconds: 30,
  });
  const ada = page;
  let losing = true;
  const lost = await losePushes(ada, () => losing);
  const bob = await anotherPerson(browser, baseURL, page);
  for (const each of [ada, bob]) await each.goto(`/wheel/${wheel.id}`);
  await takeSeatAsNewParticipant(ada, { ring: 'Inner', number: 1 }, { age: '31', gender: 'Female' });
  await takeSeatAsNewParticipant(bob, { ring: 'Outer', number: 1 }, { age: '42', gender: 'Male' });

  // Bob hears the spin as it happens; Ada's browser never gets it.
  await expect(matchDialog(bob)).toBeVisible({ timeout: (E2E_ROUND_SECONDS + 10) * 1000 });
  await shoot(bob, 'bob-sees-the-match-at-the-reveal');
  expect(lost).toContain('MatchesCreated');

  // Ada's page finds the reveal overdue and catches up from a snapshot: her match is there.
  await expect(matchDialog(ada)).toBeVisible({ timeout: PUSH_OVERDUE_MS + 5_000 });
  losing = false;
  await shoot(ada, 'ada-gets-the-match-from-a-fresh-snapshot');
  expect(lost).toEqual(expect.arrayContaining(['WheelSpinStarted', 'MatchesCreated', 'WheelSpinCompleted']));

  for (const each of [ada, bob]) await matchDialog(each).getByRole('button', { name: 'Accept' }).click();
  for (const each of [ada, bob]) {
    await expect(each.getByRole('dialog', { name: /^Video call with/ })).toBeVisible({ timeout: 15_000 });
  }
  await shoot(ada, 'ada-in-the-call');
  await shoot(bob, 'bob-in-the-call');
});
