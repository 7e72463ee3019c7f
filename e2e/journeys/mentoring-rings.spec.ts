import type { RegistrationConfig } from '@wheelmeet/contracts';
import { createWheel } from '../support/admin-api';
import { AGE_FIELD, USERNAME_FIELD } from '../support/forms';
import { signInThroughUi } from '../support/admin-ui';
import { expect, test } from '../support/fixtures';
import { E2E_ADMIN_PASSWORD } from '../support/global-setup';
import { journeyCamera } from '../support/journey';

/**
 * Two rings, two groups (issue 38): the organiser names the rings Mentors and Mentees and places
 * people by their 'Who am I' answer. A student who picks a mentor's seat is told which ring is
 * theirs while registering, refused with the reason, and sits down among the mentees.
 */

const MENTORING_FORM: RegistrationConfig = {
  enabled: true,
  fields: [
    USERNAME_FIELD,
    AGE_FIELD,
    {
      id: 'identity',
      name: 'whoAmI',
      label: 'Who am I',
      type: 'select',
      required: true,
      options: ['student', 'professional'],
      enabled: true,
    },
  ],
};

const WRONG_RING = 'Your answers place you among the Mentees, on the outer ring. Pick a seat there.';

test('an organiser sets Mentors and Mentees; a student cannot sit among the mentors and is told why', async ({
  browser,
  baseURL,
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const shoot = journeyCamera(testInfo);
  const wheel = await createWheel(request, {
    name: 'Mentoring evening',
    description: 'Students meet professionals',
    slotCount: 6,
    registrationFields: MENTORING_FORM,
  });

  // The organiser names the rings and places people by their answer, with a preview, and saves.
  await signInThroughUi(page, 'admin', E2E_ADMIN_PASSWORD);
  await page.goto(`/admin/wheels/${wheel.id}`);
  await page.getByLabel('Inner ring name').fill('Mentors');
  await page.getByLabel('Outer ring name').fill('Mentees');
  await page.getByLabel('Place people by').selectOption({ label: 'Who am I' });
  await page
    .getByRole('radiogroup', { name: /professional/i })
    .getByRole('radio', { name: /Mentors/ })
    .check();
  await page
    .getByRole('radiogroup', { name: /student/i })
    .getByRole('radio', { name: /Mentees/ })
    .check();
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview).toContainText('Mentors (inner ring): professional');
  await expect(preview).toContainText('Mentees (outer ring): student');
  await preview.scrollIntoViewIfNeeded();
  await shoot(page, 'organiser-sets-the-rings');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(/updated/i).first()).toBeVisible();

  // A student arrives: the wheel shows the two groups.
  const viewport = page.viewportSize();
  const student = await (await browser.newContext({ baseURL, ...(viewport ? { viewport } : {}) })).newPage();
  await student.goto(`/wheel/${wheel.id}`);
  const rings = student.getByRole('list', { name: 'Rings' });
  await expect(rings).toContainText('Inner ring: Mentors');
  await expect(rings).toContainText('Outer ring: Mentees');
  await shoot(student, 'student-sees-the-two-rings');

  // She picks a mentor's seat; the form tells her which ring is hers as soon as she answers.
  await student.getByRole('button', { name: /^Mentors \(inner ring\), seat 1, free/ }).click();
  const dialog = student.getByRole('dialog', { name: 'Register to Join' });
  await dialog.getByLabel(/Username/).fill('Sam');
  await dialog.getByLabel(/Age/).fill('21');
  await dialog.getByLabel(/Who am I/).selectOption({ label: 'Student' });
  await expect(dialog.getByText('You will sit among the Mentees, on the outer ring.')).toBeVisible();
  await shoot(student, 'student-told-her-ring');
  await dialog.getByRole('button', { name: 'Join Wheel' }).click();
  await expect(dialog).toBeHidden();

  // The mentor's seat is refused with the reason, and she is not seated.
  await expect(student.getByText(WRONG_RING)).toBeVisible();
  // From now on the mentors' seats say they are not hers.
  await expect(
    student.getByRole('button', { name: 'Mentors (inner ring), seat 2, free, not your ring' }),
  ).toBeVisible();
  await expect(student.getByRole('button', { name: /\(you\)$/ })).toHaveCount(0);
  await shoot(student, 'student-refused-a-mentor-seat');

  // Among the mentees she sits down.
  await student.getByRole('button', { name: 'Mentees (outer ring), seat 1, free' }).click();
  await expect(
    student.getByRole('button', { name: /^Mentees \(outer ring\), seat 1, taken by Sam \(you\)/ }),
  ).toBeVisible();
  await shoot(student, 'student-seated-among-the-mentees');

  // A professional asks for any seat: the server picks one among the mentors.
  const mentor = await (await browser.newContext({ baseURL, ...(viewport ? { viewport } : {}) })).newPage();
  await mentor.goto(`/wheel/${wheel.id}`);
  await mentor.getByRole('button', { name: 'Any seat' }).click();
  const mentorDialog = mentor.getByRole('dialog', { name: 'Register to Join' });
  await mentorDialog.getByLabel(/Username/).fill('Mo');
  await mentorDialog.getByLabel(/Age/).fill('45');
  await mentorDialog.getByLabel(/Who am I/).selectOption({ label: 'Professional' });
  await expect(mentorDialog.getByText('You will sit among the Mentors, on the inner ring.')).toBeVisible();
  await mentorDialog.getByRole('button', { name: 'Join Wheel' }).click();
  await expect(
    mentor.getByRole('button', { name: /^Mentors \(inner ring\), seat \d, taken by Mo \(you\)/ }),
  ).toBeVisible();
  await shoot(mentor, 'mentor-given-a-seat-among-the-mentors');
});
