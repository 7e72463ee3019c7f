/**
 * Video-call set-up time: from the second person's Accept to the first remote video frame,
 * through the real product (hub signalling, ICE, fake camera in Debian's Chromium). Reported
 * as a ratio against a baseline measured in the same run: two RTCPeerConnections connected
 * inside one page with no server at all — the floor WebRTC itself sets on this machine.
 *
 *   npm run build && npm run bench:video -w @wheelmeet/bench
 */
import { type Browser, chromium, type Page } from '@playwright/test';
import type { AdminWheel, LoginResponse } from '@wheelmeet/contracts';
import startServer, { E2E_ADMIN_PASSWORD } from '../e2e/support/global-setup';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function createWheel(baseUrl: string): Promise<string> {
  const login = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: E2E_ADMIN_PASSWORD }),
  });
  const { token } = (await login.json()) as LoginResponse;
  const created = await fetch(`${baseUrl}/api/admin/wheels`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: 'Bench', description: 'Call set-up benchmark', slotCount: 2 }),
  });
  return ((await created.json()) as AdminWheel).id;
}

async function seat(page: Page, wheelUrl: string, seatName: string) {
  await page.goto(wheelUrl);
  await page.getByRole('button', { name: seatName }).click();
  const dialog = page.getByRole('dialog', { name: 'Register to Join' });
  await dialog.getByLabel(/Age/).fill('30');
  await dialog.getByLabel(/Gender/).selectOption({ label: 'Other' });
  await dialog.getByRole('button', { name: 'Join Wheel' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

const hasRemoteFrame = (page: Page) =>
  page
    .getByTestId('remote-video')
    .evaluate((video: HTMLVideoElement) => video.videoWidth > 0)
    .catch(() => false);

async function untilBoth(pages: Page[], started: number): Promise<number> {
  const pending = new Set(pages);
  while (pending.size > 0) {
    for (const page of [...pending]) if (await hasRemoteFrame(page)) pending.delete(page);
    if (performance.now() - started > 60_000) throw new Error('no remote frame within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return performance.now() - started;
}

/** Accept → first remote frame on both sides, through the product. */
async function productRun(browser: Browser, baseUrl: string): Promise<number> {
  const wheelUrl = `${baseUrl}/wheel/${await createWheel(baseUrl)}`;
  const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
  try {
    const [first, second] = (await Promise.all(contexts.map((context) => context.newPage()))) as [Page, Page];
    await seat(first, wheelUrl, 'Inner ring, seat 1, free');
    await seat(second, wheelUrl, 'Outer ring, seat 1, free');
    const firstMatch = first.getByRole('dialog', { name: 'You have a match!' });
    const secondMatch = second.getByRole('dialog', { name: 'You have a match!' });
    await firstMatch.waitFor({ timeout: 60_000 });
    await secondMatch.waitFor({ timeout: 60_000 });
    await firstMatch.getByRole('button', { name: 'Accept' }).click();
    await first.getByText('Waiting for other person...').waitFor();
    const started = performance.now();
    await secondMatch.getByRole('button', { name: 'Accept' }).click();
    return await untilBoth([first, second], started);
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
}

/** Two peer connections in one page, no server: the WebRTC floor on this machine. */
async function baselineRun(browser: Browser, baseUrl: string): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    // A page from our own origin: fake media is available on http://localhost, not about:blank.
    await page.goto(`${baseUrl}/healthz`);
    return await page.evaluate(async () => {
      const started = performance.now();
      const stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
      const a = new RTCPeerConnection({ iceCandidatePoolSize: 50 });
      const b = new RTCPeerConnection({ iceCandidatePoolSize: 50 });
      a.onicecandidate = (event) => event.candidate && void b.addIceCandidate(event.candidate);
      b.onicecandidate = (event) => event.candidate && void a.addIceCandidate(event.candidate);
      for (const track of stream.getTracks()) a.addTrack(track, stream);
      const video = document.createElement('video');
      video.muted = true;
      b.ontrack = (event) => {
        video.srcObject = event.streams[0] ?? null;
        void video.play();
      };
      await a.setLocalDescription(await a.createOffer());
      await b.setRemoteDescription(a.localDescription as RTCSessionDescriptionInit);
      await b.setLocalDescription(await b.createAnswer());
      await a.setRemoteDescription(b.localDescription as RTCSessionDescriptionInit);
      while (video.videoWidth === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      const elapsed = performance.now() - started;
      for (const track of stream.getTracks()) track.stop();
      a.close();
      b.close();
      return elapsed;
    });
  } finally {
    await context.close();
  }
}

async function main() {
  const stopServer = await startServer();
  const baseUrl = process.env.E2E_BASE_URL ?? '';
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ARGS });
  try {
    const baseline: number[] = [];
    const product: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      baseline.push(await baselineRun(browser, baseUrl));
      product.push(await productRun(browser, baseUrl));
    }
    const ratio = median(product) / median(baseline);
    process.stdout.write(
      [
        '',
        `Video call set-up, ${RUNS} runs each (median)`,
        `  baseline: two peer connections in one page, no server   1.00× (${median(baseline).toFixed(0)} ms)`,
        `  product:  second Accept → first remote frame, both sides ${ratio.toFixed(2)}× (${median(product).toFixed(0)} ms)`,
        '',
      ].join('\n'),
    );
  } finally {
    await browser.close();
    await stopServer();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
