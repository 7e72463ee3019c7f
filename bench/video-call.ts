/**
 * Video-call set-up time: from the second person's Accept to the first remote video frame,
 * through the real product (hub signalling, ICE, fake camera in Debian's Chromium). Reported
 * as a ratio against a baseline measured in the same run: two RTCPeerConnections connected
 * inside one page with no server at all — the floor WebRTC itself sets on this machine. Both
 * are timed inside the pages, the same way (the first frame is the remote video's size, looked
 * at every 10 ms): from the moment the second AcceptMatch goes out to the hub until both pages
 * show a frame. What the test driver adds (its click, its polling) is printed beside it.
 *
 *   npm run build && npm run bench:video -w @wheelmeet/bench
 *
 * BENCH_DEVICE_CHECK=1 adds, in each run, a product run in which both people ran the lobby's
 * device check before their match (issue 35): the camera it opened is the one the call takes.
 */
import { type Browser, chromium, type Page } from '@playwright/test';
import type { AdminWheel, LoginResponse } from '@wheelmeet/contracts';
import startServer, { E2E_ADMIN_PASSWORD } from '../e2e/support/global-setup';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const WITH_DEVICE_CHECK = process.env.BENCH_DEVICE_CHECK === '1';
/** A run this many times the median gets its own steps printed. */
const SLOW_RUN_FACTOR = 3;
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

/** The lobby's device check, opened until the camera shows, then closed: the camera stays on for the call. */
async function checkDevices(page: Page) {
  await page.getByRole('button', { name: 'Check camera and microphone' }).click();
  await page.getByLabel('Your camera preview').waitFor();
  await page.getByRole('meter', { name: 'Microphone level' }).waitFor();
  await page.getByRole('button', { name: 'Done' }).click();
}

/** When something happened in a page, on the wall clock shared by both pages (ms). */
type StepMarks = Record<string, number>;

/** A time the page's main thread could not run a 5-ms timer for 20 ms or more, on the same clock. */
interface Stall {
  start: number;
  duration: number;
}

declare global {
  interface Window {
    __benchSteps?: StepMarks;
    __benchStalls?: Stall[];
  }
}

/**
 * Runs in each product page before its scripts: notes when each step of the call set-up first
 * happens, by watching the browser APIs the product uses (hub frames on the WebSocket,
 * getUserMedia, the peer connection), so the product carries no instrumentation of its own.
 */
function recordCallSteps() {
  const steps: StepMarks = {};
  window.__benchSteps = steps;
  const mark = (step: string) => {
    steps[step] ??= performance.timeOrigin + performance.now();
  };
  // Socket.IO frames look like `42["Name",…]` or, with an acknowledgement id, `4217["Name",…]`.
  const hubEvent = (data: unknown) =>
    typeof data === 'string' ? (/^4\d*\["(\w+)"/.exec(data)?.[1] ?? null) : null;
  const NativeWebSocket = window.WebSocket;
  window.WebSocket = class extends NativeWebSocket {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      this.addEventListener('message', (event) => {
        const name = hubEvent(event.data);
        if (name === 'MatchAccepted' && String(event.data).includes('"status":"Accepted"'))
          mark('hears both accepted');
        else if (name) mark(`receives ${name}`);
      });
    }
    override send(data: Parameters<WebSocket['send']>[0]) {
      const name = hubEvent(data);
      if (name) mark(`sends ${name}`);
      super.send(data);
    }
  };
  const mediaDevices = navigator.mediaDevices;
  const getUserMedia = mediaDevices.getUserMedia.bind(mediaDevices);
  mediaDevices.getUserMedia = async (constraints) => {
    mark('asks for camera');
    const stream = await getUserMedia(constraints);
    mark('camera ready');
    return stream;
  };
  // When the page's main thread was held up: a 5-ms timer that fires 20 ms or more late was
  // waiting behind other work (rendering, scripts, WebRTC callbacks) all that time.
  const stalls: Stall[] = [];
  window.__benchStalls = stalls;
  let lastBeat = performance.now();
  setInterval(() => {
    const now = performance.now();
    if (now - lastBeat >= 20)
      stalls.push({ start: performance.timeOrigin + lastBeat, duration: now - lastBeat });
    lastBeat = now;
  }, 5);
  // The first remote frame, seen the way the baseline sees its own: the video's size, every 10 ms.
  const frameWatch = setInterval(() => {
    const video = document.querySelector<HTMLVideoElement>('[data-testid="remote-video"]');
    if (!video || video.videoWidth === 0) return;
    mark('first remote frame');
    clearInterval(frameWatch);
  }, 10);
  const NativePeerConnection = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends NativePeerConnection {
    constructor(configuration?: RTCConfiguration) {
      super(configuration);
      mark('creates peer connection');
      this.addEventListener('icecandidate', () => mark('gathers first candidate'));
      this.addEventListener('iceconnectionstatechange', () => mark(`ICE ${this.iceConnectionState}`));
      this.addEventListener('connectionstatechange', () => mark(`peer ${this.connectionState}`));
      this.addEventListener('track', () => mark('remote track'));
    }
    override async setLocalDescription(description?: RTCLocalSessionDescriptionInit) {
      await super.setLocalDescription(description);
      mark(`local ${this.localDescription?.type} set`);
    }
    override async setRemoteDescription(description: RTCSessionDescriptionInit) {
      await super.setRemoteDescription(description);
      mark(`remote ${description.type} set`);
    }
  };
}

/** Each page's marks, once both have shown a remote frame; the driver looks every 20 ms. */
async function untilBothShowFrames(pages: Page[], started: number): Promise<StepMarks[]> {
  for (;;) {
    const marks = await Promise.all(pages.map((page) => page.evaluate(() => window.__benchSteps ?? {})));
    if (marks.every((steps) => 'first remote frame' in steps)) return marks;
    if (performance.now() - started > 60_000) throw new Error('no remote frame within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface ProductRun {
  /** The second Accept going out to the hub → the first remote frame on both sides, on the pages' clock (ms). */
  total: number;
  /** The same as the test driver sees it: its click on Accept → it has seen both frames (ms). */
  driverTotal: number;
  /** Each side's steps, in ms after the second Accept went out to the hub. */
  steps: Record<CallRole, StepMarks>;
  /** How long each side's main thread was held up between the second Accept and its first remote frame (ms). */
  busy: Record<CallRole, number>;
}

/** How long the page's main thread was held up within [from, to]. */
async function busyBetween(page: Page, from: number, to: number): Promise<number> {
  const tasks = await page.evaluate(() => window.__benchStalls ?? []);
  return tasks.reduce(
    (sum, { start, duration }) => sum + Math.max(0, Math.min(to, start + duration) - Math.max(from, start)),
    0,
  );
}

type CallRole = 'offerer' | 'answerer';

/** Accept → first remote frame on both sides, through the product. */
async function productRun(
  browser: Browser,
  baseUrl: string,
  { deviceCheck }: { deviceCheck: boolean },
): Promise<ProductRun> {
  const wheelUrl = `${baseUrl}/wheel/${await createWheel(baseUrl)}`;
  const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
  try {
    // tsx names functions through an `__name` helper the page does not have: given a no-op one.
    const script = `const __name = (target) => target; (${recordCallSteps.toString()})();`;
    await Promise.all(contexts.map((context) => context.addInitScript({ content: script })));
    const [first, second] = (await Promise.all(contexts.map((context) => context.newPage()))) as [Page, Page];
    await seat(first, wheelUrl, 'Inner ring, seat 1, free');
    await seat(second, wheelUrl, 'Outer ring, seat 1, free');
    if (deviceCheck) await Promise.all([checkDevices(first), checkDevices(second)]);
    const firstMatch = first.getByRole('dialog', { name: 'You have a match!' });
    const secondMatch = second.getByRole('dialog', { name: 'You have a match!' });
    await firstMatch.waitFor({ timeout: 60_000 });
    await secondMatch.waitFor({ timeout: 60_000 });
    await firstMatch.getByRole('button', { name: 'Accept' }).click();
    await first.getByText('Waiting for other person...').waitFor();
    const started = performance.now();
    await secondMatch.getByRole('button', { name: 'Accept' }).click();
    const [firstMarks, secondMarks] = (await untilBothShowFrames([first, second], started)) as [
      StepMarks,
      StepMarks,
    ];
    const driverTotal = performance.now() - started;
    const secondAccept = secondMarks['sends AcceptMatch'] ?? Number.NaN;
    const total =
      Math.max(
        firstMarks['first remote frame'] ?? Number.NaN,
        secondMarks['first remote frame'] ?? Number.NaN,
      ) - secondAccept;
    const relative = (marks: StepMarks) =>
      Object.fromEntries(Object.entries(marks).map(([step, at]) => [step, at - secondAccept]));
    const busyUntilFrame = (page: Page, marks: StepMarks) =>
      busyBetween(page, secondAccept, marks['first remote frame'] ?? Number.NaN);
    const [firstBusy, secondBusy] = await Promise.all([
      busyUntilFrame(first, firstMarks),
      busyUntilFrame(second, secondMarks),
    ]);
    // The caller sends its offer ahead at its Accept (decision 036), or once both accepted.
    const firstOffers = 'sends PrepareOffer' in firstMarks || 'sends SendOffer' in firstMarks;
    return {
      total,
      driverTotal,
      steps: {
        offerer: relative(firstOffers ? firstMarks : secondMarks),
        answerer: relative(firstOffers ? secondMarks : firstMarks),
      },
      busy: { offerer: firstOffers ? firstBusy : secondBusy, answerer: firstOffers ? secondBusy : firstBusy },
    };
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
}

/** Each side's steps in order, with the median time over the runs (and the range). */
function stepReport(runs: ProductRun[], acceptedSecond: CallRole): string[] {
  const lines: string[] = [];
  for (const role of ['offerer', 'answerer'] as const) {
    const names = new Set(runs.flatMap((run) => Object.keys(run.steps[role])));
    const rows = [...names].map((name) => {
      const times = runs.map((run) => run.steps[role][name]).filter((t): t is number => t !== undefined);
      return { name, median: median(times), min: Math.min(...times), max: Math.max(...times) };
    });
    rows.sort((a, b) => a.median - b.median);
    const busy = median(runs.map((run) => run.busy[role]));
    lines.push(
      `  ${role}${role === acceptedSecond ? ' (accepts second)' : ''}, main thread held up until its first frame ${busy.toFixed(0)} ms:`,
    );
    for (const row of rows) {
      lines.push(
        `    ${row.median.toFixed(0).padStart(6)} ms  (${row.min.toFixed(0)}…${row.max.toFixed(0)})  ${row.name}`,
      );
    }
  }
  return lines;
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

/** One kind of product run against the baseline: the ratio, each step, and any run that stalled. */
function productReport(title: string, product: ProductRun[], baselineMedian: number): string[] {
  const productMedian = median(product.map((run) => run.total));
  const ratio = productMedian / baselineMedian;
  // Whichever side's own Accept is the one the times count from.
  const acceptedSecond: CallRole =
    product[0]?.steps.offerer['sends AcceptMatch'] === 0 ? 'offerer' : 'answerer';
  return [
    `  ${title}: second Accept → first remote frame, both sides ${ratio.toFixed(2)}× (${productMedian.toFixed(0)} ms)`,
    `    runs: ${product.map((run) => run.total.toFixed(0)).join(', ')} ms`,
    `    as the test driver sees it (its click → it has seen both frames): ${median(product.map((run) => run.driverTotal)).toFixed(0)} ms`,
    '',
    `  Steps, ms after the second Accept went out to the hub (median, min…max over the runs):`,
    ...stepReport(product, acceptedSecond),
    '',
    // A run far slower than the rest is a call that stalled, not a slow one: its own steps tell where.
    ...product
      .filter((run) => run.total > SLOW_RUN_FACTOR * productMedian)
      .flatMap((run) => [
        `A stalled run (${run.total.toFixed(0)} ms), its steps:`,
        ...stepReport([run], acceptedSecond),
        '',
      ]),
  ];
}

async function main() {
  const stopServer = await startServer();
  const baseUrl = process.env.E2E_BASE_URL ?? '';
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ARGS });
  try {
    const baseline: number[] = [];
    const product: ProductRun[] = [];
    const afterDeviceCheck: ProductRun[] = [];
    // Interleaved, so that both kinds of run see the same load on the machine.
    for (let run = 0; run < RUNS; run += 1) {
      baseline.push(await baselineRun(browser, baseUrl));
      product.push(await productRun(browser, baseUrl, { deviceCheck: false }));
      if (WITH_DEVICE_CHECK) afterDeviceCheck.push(await productRun(browser, baseUrl, { deviceCheck: true }));
    }
    const baselineMedian = median(baseline);
    process.stdout.write(
      [
        '',
        `Video call set-up, ${RUNS} runs each (median)`,
        `  baseline: two peer connections in one page, no server   1.00× (${baselineMedian.toFixed(0)} ms)`,
        `    runs: ${baseline.map((ms) => ms.toFixed(0)).join(', ')} ms`,
        ...productReport('product', product, baselineMedian),
        ...(WITH_DEVICE_CHECK
          ? productReport('product, both ran the device check before', afterDeviceCheck, baselineMedian)
          : []),
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
