/**
 * The JavaScript of the participant route `/`, two ways:
 *
 * - before it is interactive: the entry chunk of the production build and every chunk it imports
 *   statically (from Vite's build manifest), the figure of issue 14's budget;
 * - in its first 5 s: every script Debian's Chromium fetches when it opens `/` at 390×844 on the
 *   production server with the seeded demo (a first-time visitor: the current wheel), lazy chunks
 *   included (issue 37), next to what the build expects it to fetch (`firstSecondsJs`).
 *
 * Sizes are those of the files in apps/web/dist gzipped at level 9, not the transfer sizes (the
 * server answers brotli). Pages fetched on demand (admin, marketing, purchase, Stripe) are listed
 * apart. The budget test (apps/web/src/app/bundle-budget.test.ts) fails the build above its limits.
 *
 *   npm run bench:bundle -w @wheelmeet/bench          builds the web app and the server first
 *   BENCH_NO_BUILD=1 npm run bench:bundle -w @wheelmeet/bench
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import {
  FIRST_SECONDS_JS_BUDGET_BYTES,
  firstSecondsJs,
  INITIAL_JS_GOAL_BYTES,
  initialJs,
  type JsFile,
  jsFile,
  readManifest,
} from '../apps/web/build-tools/initial-js';
import { startServer, stopServer } from './production-server';

const root = path.resolve(import.meta.dirname, '..');
const distDir = path.join(root, 'apps/web/dist');
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WATCH_MS = 5_000;

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const verdict = (bytes: number, goal: number) => (bytes <= goal ? 'met' : `${kib(bytes - goal)} over`);

/** The scripts Chromium fetches in the first WATCH_MS after it starts loading `/`, in order. */
async function scriptsFetchedByParticipantPage(): Promise<{ files: string[]; shows: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wheelmeet-bench-bundle-'));
  const server = startServer(dataDir);
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox'] });
  try {
    const origin = await server.origin;
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const files: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      const { pathname } = new URL(response.url());
      if (new URL(response.url()).origin === new URL(origin).origin) files.push(pathname.slice(1));
    });
    await page.goto(`${origin}/`, { waitUntil: 'commit' });
    await page.waitForTimeout(WATCH_MS);
    const shows = (await page.locator('main').first().innerText()).replace(/\s+/g, ' ').slice(0, 200);
    return { files, shows };
  } finally {
    await browser.close();
    await stopServer(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (!process.env.BENCH_NO_BUILD) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');
}

const manifest = readManifest(distDir);
const initial = initialJs(distDir, manifest);
const expected = firstSecondsJs(distDir, manifest);
const fetched = await scriptsFetchedByParticipantPage();
const fetchedFiles = fetched.files.map((file) => jsFile(distDir, file));
const fetchedGzip = fetchedFiles.reduce((sum, file) => sum + file.gzipBytes, 0);
const expectedNames = new Set(expected.files.map((file) => file.file));
const fetchedNames = new Set(fetched.files);
const seenFiles = new Set([...fetchedNames, ...expectedNames]);
const onDemand = Object.values(manifest)
  .filter((chunk) => chunk.isDynamicEntry && !seenFiles.has(chunk.file))
  .map((chunk) => `  ${chunk.src ?? chunk.file} → ${chunk.file}`);

const table = (files: JsFile[], note: (file: JsFile) => string = () => '') => [
  '| File | minified | gzip | brotli |',
  '|---|---|---|---|',
  ...files.map(
    (file) =>
      `| ${file.file}${note(file)} | ${kib(file.bytes)} | ${kib(file.gzipBytes)} | ${kib(file.brotliBytes)} |`,
  ),
];

process.stdout.write(
  [
    '',
    'JavaScript `/` loads before it is interactive (entry + static imports):',
    '',
    ...table(initial.files),
    `| **total** | ${kib(initial.bytes)} | **${kib(initial.gzipBytes)}** | ${kib(initial.brotliBytes)} |`,
    '',
    `Goal (issue 14): ${kib(INITIAL_JS_GOAL_BYTES)} gzip — ${verdict(initial.gzipBytes, INITIAL_JS_GOAL_BYTES)}.`,
    '',
    `JavaScript Chromium fetched for \`/\` (390×844, a first-time visitor) in its first ${WATCH_MS / 1000} s, in order:`,
    '',
    ...table(fetchedFiles, (file) => (expectedNames.has(file.file) ? '' : ' (not expected by the build)')),
    `| **total** | | **${kib(fetchedGzip)}** (${fetchedGzip} B) | |`,
    '',
    `Goal (issue 37): ${kib(FIRST_SECONDS_JS_BUDGET_BYTES)} gzip — ${verdict(fetchedGzip, FIRST_SECONDS_JS_BUDGET_BYTES)}.`,
    `The build expects ${kib(expected.gzipBytes)} (${expected.gzipBytes} B; the budget test's figure)${
      [...expectedNames].some((file) => !fetchedNames.has(file))
        ? `, of which not fetched: ${[...expectedNames].filter((file) => !fetchedNames.has(file)).join(', ')}`
        : ''
    }.`,
    '',
    `What \`/\` showed after ${WATCH_MS / 1000} s: "${fetched.shows}"`,
    '',
    'Fetched on demand:',
    ...onDemand,
    '',
  ].join('\n'),
);
