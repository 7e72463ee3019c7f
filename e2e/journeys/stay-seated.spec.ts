import type { Page } from '@playwright/test';
import { createWheel } from '../support/admin-api';
import { NAMED_FORM } from '../support/forms';
import { expect, test } from '../support/fixtures';
import { journeyCamera } from '../support/journey';
import { stayingSwitch, stopStaying, takeSeatAsNewParticipant } from '../support/participant';

/**
 * A round-robin for free (issue 38): six people sit down once on a 6-seat wheel and stay. Each
 * round the server seats them again where they sat and turns the rings to pairs that never met,
 * so Ada meets the three people of the other ring in three rounds without clicking a seat again.
 */

const PEOPLE = [
  { name: 'Ada', ring: 'Inner', number: 1 },
  { name: 'Bo', ring: 'Inner', number: 2 },
  { name: 'Cy', ring: 'Inner', number: 3 },
  { name: 'Di', ring: 'Outer', number: 1 },
  { name: 'Ed', ring: 'Outer', number: 2 },
  { name: 'Flo', ring: 'Outer', number: 3 },
] as const;

/**
 * Six people register one after another, and the countdown starts at the first pair facing each
 * other: the suite's 6-s rounds spun before the last of them sat down on a busy machine, and
 * once 15-s rounds did too, on a CI machine running other journeys beside it.
 */
const ROUND_SECONDS = 25;
const roundTimeout = (ROUND_SECONDS + 25) * 1000;
const matchDialog = (page: Page) => page.getByRole('dialog', { name: 'You have a match!' });
const ownSeat = (page: Page, seat: (typeof PEOPLE)[number]) =>
  page.getByRole('button', {
    name: new RegExp(`^${seat.ring} ring, seat ${seat.number}, taken by ${seat.name} \\(you\\)$`),
  });

/**
 * The match this round brought: its partner's name, then a decline (an answer, not a no-show).
 * Only the inner ring answers: each match has one person of each ring, so the outer ring's
 * people read 'Match declined' without a decline of their own racing this one.
 */
async function declineThisRound(page: Page): Promise<string> {
  const open = matchDialog(page)
    .getByRole('listitem', { name: /^Match with / })
    .filter({ has: page.getByRole('button', { name: 'Decline' }) });
  await expect(open).toHaveCount(1, { timeout: roundTimeout });
  const partner = (await open.getAttribute('aria-label'))?.replace(/^Match with /, '') ?? '';
  await open.getByRole('button', { name: 'Decline' }).click();
  await expect(declinedDialog(page)).toBeVisible();
  return partner;
}

const declinedDialog = (page: Page) => page.getByRole('dialog', { name: 'Match declined' });

test('six people who stay seated: Ada meets the three people facing her ring in three rounds, never clicking again', async ({
  browser,
  baseURL,
  page,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const shoot = journeyCamera(testInfo);
  const wheel = await createWheel(request, {
    name: 'Round-robin journey',
    description: 'Sit once, meet everyone',
    slotCount: 6,
    roundSeconds: ROUND_SECONDS,
    registrationFields: NAMED_FORM,
  });
  const viewport = page.viewportSize();
  const pages: Page[] = [page];
  for (let other = 1; other < PEOPLE.length; other += 1) {
    const context = await browser.newContext({ baseURL, ...(viewport ? { viewport } : {}) });
    pages.push(await context.newPage());
  }
  const ada = page;
  const adaSeat = PEOPLE[0];

  for (const [index, person] of PEOPLE.entries()) {
    const each = pages[index] as Page;
    await each.goto(`/wheel/${wheel.id}`);
    await takeSeatAsNewParticipant(
      each,
      { ring: person.ring, number: person.number },
      { username: person.name, age: '30', gender: 'Other' },
    );
  }
  // Once seated, staying is on: Ada's seat is hers for the next rounds too.
  const staying = stayingSwitch(ada);
  await expect(staying).toBeChecked();
  await shoot(ada, 'ada-seated-and-staying');

  // The people of the inner ring (Ada, Bo, Cy) answer for their pairs.
  const innerRing = pages.slice(0, 3);
  const met: string[] = [];
  for (let round = 1; round <= 3; round += 1) {
    const partners = await Promise.all(innerRing.map(declineThisRound));
    met.push(partners[0] as string);
    if (round === 1) await shoot(ada, 'ada-declined-her-first-match');
    await declinedDialog(ada).getByRole('button', { name: 'Close' }).click();
    // The round ends and the slots clear, but not hers: she is seated again without a click.
    await expect(ada.getByText(/^You are in seat 1 on the inner ring/)).toBeVisible({
      timeout: roundTimeout,
    });
    await expect(ownSeat(ada, adaSeat)).toBeVisible();
    await expect(staying).toBeChecked();
    await shoot(ada, `ada-seated-again-after-round-${round}`);
  }

  // Three rounds, three different people, all of them on the other ring.
  expect(new Set(met).size).toBe(3);
  expect(met.every((name) => ['Di', 'Ed', 'Flo'].includes(name))).toBe(true);

  // Turning staying off: she still meets someone this round, then her seat is given up.
  await stopStaying(ada);
  await declineThisRound(ada);
  await declinedDialog(ada).getByRole('button', { name: 'Close' }).click();
  await expect(ada.getByText('Choose a free seat to join this round.')).toBeVisible({
    timeout: roundTimeout,
  });
  await expect(ada.getByRole('button', { name: /\(you\)$/ })).toHaveCount(0);
  await shoot(ada, 'ada-stopped-staying');
});
