import { gzipSync } from 'node:zlib';
import type { Page, Response } from '@playwright/test';
import { expect, test } from '../support/fixtures';

/** Chunks the participant's first visit must not download (decision 012). */
const ON_DEMAND_CHUNK =
  /\/assets\/(admin-area|marketing-area|purchase-area|card-payment-fields|pricing-modal)-/;

/** Every script URL the page requests from now on. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  return scripts;
}

test('the wheel page downloads neither the admin area, the business pages nor Stripe', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Connect Anywhere, Instantly.' })).toBeVisible();
  await expect(page.getByRole('button', { name: /seat 1/ }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((url) => ON_DEMAND_CHUNK.test(url))).toEqual([]);
});

test('the wheel goes live over one WebSocket, with no long-polling requests (decision 024)', async ({
  page,
}) => {
  const hubRequests: string[] = [];
  const hubSockets: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/hubs/wheel/')) hubRequests.push(request.url());
  });
  page.on('websocket', (socket) => hubSockets.push(socket.url()));
  await page.goto('/');
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();

  expect(hubSockets).toHaveLength(1);
  expect(hubSockets[0]).toContain('transport=websocket');
  expect(hubRequests.filter((url) => url.includes('transport=polling'))).toEqual([]);
});

test('its JavaScript arrives compressed', async ({ page }) => {
  const scripts: Response[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Connect Anywhere, Instantly.' })).toBeVisible();

  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    const encoding = script.headers()['content-encoding'];
    if (encoding !== undefined) {
      expect(['br', 'gzip']).toContain(encoding);
      continue;
    }
    // Only a file that compression would make no smaller (a few dozen bytes) is sent as it is.
    const body = await script.body();
    expect(gzipSync(body, { level: 9 }).length, script.url()).toBeGreaterThanOrEqual(body.length);
  }
});

test('the business pages load when a visitor goes there from the wheel', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Connect Anywhere, Instantly.' })).toBeVisible();

  await page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'For Business' }).click();
  await expect(page).toHaveURL(/\/business$/);
  await expect(
    page.getByRole('heading', { name: 'Transform Your Events with Interactive Networking' }),
  ).toBeVisible();
  const starter = page
    .locator('#pricing-section')
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: 'Starter' }) });
  await expect(starter).toContainText('€29');
  expect(scripts.some((url) => url.includes('/assets/marketing-area-'))).toBe(true);
  // Stripe's bindings wait until someone chooses a plan, the demo request form until someone
  // reaches for its button.
  expect(scripts.some((url) => url.includes('/assets/card-payment-fields-'))).toBe(false);
  expect(scripts.some((url) => url.includes('/assets/demo-request-dialog-'))).toBe(false);
  await page.getByRole('button', { name: 'Request Demo' }).click();
  await expect(page.getByRole('dialog', { name: 'Request a demo' })).toBeVisible();
});

test('the admin login page loads on a direct visit', async ({ page }) => {
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: /main/i })).toHaveCount(0);
});

test('a direct visit to /business fetches the marketing pages with its HTML, not after the app started', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/business')).text();
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
    (match) => match[1] ?? '',
  );
  expect(preloads.some((url) => url.includes('/assets/marketing-area-'))).toBe(true);
  for (const url of preloads) expect((await request.get(url)).status(), url).toBe(200);
  // The wheel page's HTML preloads no page it does not show.
  expect(await (await request.get('/')).text()).not.toMatch(ON_DEMAND_CHUNK);

  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') refused.push(message.text());
  });
  await page.goto('/business');
  await expect(
    page.getByRole('heading', { name: 'Transform Your Events with Interactive Networking' }),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Nothing refused by the Content Security Policy, no preload the page did not use.
  expect(refused).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the other public wheels stay where they are when the current wheel arrives', async ({ page }) => {
    let answerWheel = () => {};
    const wheelHeld = new Promise<void>((resolve) => {
      answerWheel = resolve;
    });
    await page.route('**/api/wheels/current', async (route) => {
      await wheelHeld;
      await route.continue();
    });
    await page.goto('/');
    const others = page.getByRole('heading', { name: 'Other public wheels' });
    await expect(page.getByRole('status').filter({ hasText: 'Loading...' }).first()).toBeVisible();
    const whileLoading = await others.boundingBox();

    answerWheel();
    await expect(page.getByRole('button', { name: /seat 1/ }).first()).toBeVisible();
    const loaded = await others.boundingBox();
    expect(whileLoading).not.toBeNull();
    expect(Math.abs((loaded?.y ?? 0) - (whileLoading?.y ?? 0))).toBeLessThanOrEqual(16);
  });
});
