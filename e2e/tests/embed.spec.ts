import type { FrameLocator, Page } from '@playwright/test';
import { seriousViolations } from '../support/accessibility';
import { adminHeaders, createWheel } from '../support/admin-api';
import { signInThroughUi } from '../support/admin-ui';
import { expect as baseExpect, test } from '../support/fixtures';
import { E2E_ADMIN_PASSWORD } from '../support/global-setup';
import { startOrganiserSite } from '../support/organiser-site';

// Several pages, an iframe and the admin area on a shared 2-core machine: waits are generous.
const expect = baseExpect.configure({ timeout: 30_000 });

/** Registers inside the embedded wheel after clicking a free seat, as a visitor of the organiser's site would. */
async function takeSeatInFrame(frame: FrameLocator, seat: string, age: string) {
  await frame.getByRole('button', { name: `${seat}, free` }).click();
  const dialog = frame.getByRole('dialog', { name: 'Register to Join' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(/Age/).fill(age);
  await dialog.page().screenshot({ path: 'test-results/embed/registration-in-frame.png' });
  await dialog.getByLabel(/Gender/).selectOption({ label: 'Female' });
  await dialog.getByRole('button', { name: 'Join Wheel' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    frame.getByRole('button', { name: new RegExp(`^${seat}, taken by .*\\(you\\)$`) }),
  ).toBeVisible();
}

/** The organiser lists the site and copies the code from the wheel's admin page. */
async function embedCodeFromAdmin(page: Page, wheelId: string, site: string) {
  await signInThroughUi(page, 'admin', E2E_ADMIN_PASSWORD);
  await page.goto(`/admin/wheels/${wheelId}`);
  const panel = page.getByRole('region', { name: 'Embed on your site' });
  await expect(panel.getByText(/No site may show this wheel yet/)).toBeVisible();
  await panel.getByLabel('Allowed sites').fill(`${site}/`);
  await panel.getByRole('button', { name: 'Save allowed sites' }).click();
  await expect(panel.getByText('Allowed sites saved.')).toBeVisible();
  await expect(panel.getByRole('list', { name: 'Sites that can show this wheel' })).toHaveText(site);
  expect(await seriousViolations(page)).toEqual([]);
  return panel.getByLabel('Embed code').inputValue();
}

test.describe('the wheel on an organiser’s own site', () => {
  test.describe.configure({ timeout: 240_000 });
  let site: Awaited<ReturnType<typeof startOrganiserSite>>;
  test.beforeEach(async () => {
    site = await startOrganiserSite();
  });
  test.afterEach(async () => {
    await site.close();
  });

  test('an allowed site shows the wheel without our header, and a visitor takes a seat inside it', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    const wheel = await createWheel(request, { name: 'Fair wheel', description: 'Embedded', slotCount: 8 });
    const code = await embedCodeFromAdmin(page, wheel.id, site.origin);
    expect(code).toContain(`src="${baseURL}/embed/wheels/${wheel.id}"`);
    site.show(code);

    const visitor = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
    const embedAnswers: Record<string, string>[] = [];
    visitor.on('response', (response) => {
      if (response.url().includes('/embed/wheels/')) embedAnswers.push(response.headers());
    });
    await visitor.goto(site.origin);
    await expect(visitor.getByRole('heading', { name: 'Campus Fair 2026' })).toBeVisible();
    const iframe = visitor.locator('iframe[data-wheelmeet]');
    await expect(iframe).toHaveAttribute('allow', 'camera; microphone; autoplay; fullscreen');
    const frame = visitor.frameLocator('iframe[data-wheelmeet]');
    await expect(frame.getByRole('heading', { level: 1, name: 'Fair wheel' })).toBeVisible();
    await expect(frame.getByRole('heading', { name: 'Connect Anywhere, Instantly.' })).toHaveCount(0);
    await expect(frame.getByRole('navigation')).toHaveCount(0);

    // The page was allowed to this site only, with camera and microphone for the call.
    expect(embedAnswers[0]?.['content-security-policy']).toContain(`frame-ancestors ${site.origin}`);
    expect(embedAnswers[0]?.['x-frame-options']).toBeUndefined();
    expect(embedAnswers[0]?.['permissions-policy']).toMatch(/camera=\(self\), microphone=\(self\)/);
    // /embed.js (loaded from our origin by theirs) fitted the frame to the wheel.
    await expect
      .poll(() => iframe.evaluate((element: HTMLIFrameElement) => element.style.height))
      .not.toBe('720px');
    // Inside the frame, the camera and microphone are allowed and open (Chromium's fake devices).
    const wheelFrame = visitor.frames().find((candidate) => candidate.url().includes('/embed/wheels/'));
    expect(wheelFrame).toBeDefined();
    const media = await wheelFrame?.evaluate(async () => {
      const policy = (document as Document & { featurePolicy?: { allowsFeature(name: string): boolean } })
        .featurePolicy;
      const stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
      const tracks = stream.getTracks().map((track) => track.kind);
      for (const track of stream.getTracks()) track.stop();
      return {
        camera: policy?.allowsFeature('camera'),
        microphone: policy?.allowsFeature('microphone'),
        tracks,
      };
    });
    expect(media).toEqual({
      camera: true,
      microphone: true,
      tracks: expect.arrayContaining(['audio', 'video']),
    });

    // Scanned with the frame's content, as a screen reader on the organiser's page meets it.
    expect(await seriousViolations(visitor)).toEqual([]);
    await takeSeatInFrame(frame, 'Inner ring, seat 1', '27');
    await visitor.screenshot({ path: 'test-results/embed/organiser-site-desktop.png', fullPage: true });

    // The seat is real: the wheel's own page shows it taken.
    const other = await (await browser.newContext({ baseURL })).newPage();
    await other.goto(`/wheel/${wheel.id}`);
    await expect(other.getByRole('button', { name: /^Inner ring, seat 1, taken by/ })).toBeVisible();

    const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await phone.goto(site.origin);
    await expect(
      phone.frameLocator('iframe[data-wheelmeet]').getByRole('heading', { name: 'Fair wheel' }),
    ).toBeVisible();
    await phone.screenshot({ path: 'test-results/embed/organiser-site-phone.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('region', { name: 'Embed on your site' }).screenshot({
      path: 'test-results/embed/admin-panel-phone.png',
    });
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.getByRole('region', { name: 'Embed on your site' }).screenshot({
      path: 'test-results/embed/admin-panel-desktop.png',
    });
  });

  test('a site that is not listed cannot show the wheel: the browser refuses the frame', async ({
    page,
    baseURL,
    request,
  }) => {
    const wheel = await createWheel(request, { name: 'Private fair', description: 'Not here', slotCount: 8 });
    const response = await request.put(`/api/admin/wheels/${wheel.id}/embed`, {
      headers: await adminHeaders(request),
      data: { allowedOrigins: ['https://elsewhere.example'] },
    });
    expect(response.status()).toBe(200);
    site.show(
      `<iframe src="${baseURL}/embed/wheels/${wheel.id}" title="WheelMeet: Private fair" data-wheelmeet allow="camera; microphone; autoplay; fullscreen" style="width:100%;height:600px;border:0"></iframe>`,
    );
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('frame-ancestors')) refusals.push(message.text());
    });
    await page.goto(site.origin);
    await expect(page.getByRole('heading', { name: 'Campus Fair 2026' })).toBeVisible();
    await expect.poll(() => refusals.length).toBeGreaterThan(0);
    expect(refusals[0]).toContain('https://elsewhere.example');
    await expect(
      page.frameLocator('iframe[data-wheelmeet]').getByRole('heading', { name: 'Private fair' }),
    ).toHaveCount(0);
    await page.screenshot({ path: 'test-results/embed/refused-site.png' });
  });
});
