/**
 * Lighthouse's mobile preset (simulated slow 4G and a 4× slower CPU) on `/` and `/business`,
 * through the production build served by the real server, in Debian's Chromium.
 *
 *   npm run bench:lighthouse -w @wheelmeet/bench
 *
 * It runs `npm run build` first (BENCH_NO_BUILD=1 measures whatever is built; WEB_DIST_DIR
 * serves another web build, e.g. an older one to compare with), starts
 * `apps/server/dist/main.js` as `npm start` does, on a random port with a throwaway data
 * directory, and ends the server and Chromium whatever happens. Each route is measured
 * BENCH_RUNS times (3); the run with the median performance score is printed. The load
 * average is printed too: Lighthouse simulates the network, but its CPU estimate comes from
 * how long the page's work took on this machine, so a busy machine lowers the score.
 * BENCH_REPORT_DIR=<dir> keeps every run's Lighthouse JSON there (main-thread breakdown, long
 * tasks, the LCP element), to see where the time goes. BENCH_ROUTES=/business measures only the
 * routes given (comma-separated). BENCH_CPU_SLOWDOWN=1 (the preset's is 4) makes the scores
 * depend less on how busy the machine is, to compare what the network does (e.g. a preload)
 * when other work runs beside the benchmark; its scores are not the mobile preset's.
 */
import { type ChildProcess, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';
import { startServer, stopServer } from './production-server';
import { loadAverage } from './report';

const root = path.resolve(import.meta.dirname, '..');
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ROUTES = process.env.BENCH_ROUTES?.split(',') ?? ['/', '/business'];
const CPU_SLOWDOWN = process.env.BENCH_CPU_SLOWDOWN ? Number(process.env.BENCH_CPU_SLOWDOWN) : undefined;
const REPORT_DIR = process.env.BENCH_REPORT_DIR ? path.resolve(process.env.BENCH_REPORT_DIR) : null;

interface Row {
  route: string;
  score: number;
  lcp: number;
  tbt: number;
  fcp: number;
  cls: number;
  jsBytes: number;
  allBytes: number;
}

async function main() {
  if (!process.env.BENCH_NO_BUILD) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const loadAtStart = loadAverage();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wheelmeet-bench-lighthouse-'));
  let server: ChildProcess | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    const started = startServer(dataDir);
    server = started.child;
    const origin = await started.origin;
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    const rows: Row[] = [];
    for (const route of ROUTES) {
      const runs: Row[] = [];
      for (let run = 0; run < RUNS; run += 1)
        runs.push(await measureAgainIfLost(`${origin}${route}`, route, chrome.port, run));
      runs.sort((a, b) => a.score - b.score);
      const median = runs[Math.floor(runs.length / 2)];
      if (median) rows.push(median);
      process.stdout.write(`${route}: scores ${runs.map((row) => row.score).join(', ')}\n`);
    }
    const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
    process.stdout.write(
      [
        '',
        `Lighthouse ${lighthouseVersion()} mobile preset (simulated throttling${
          CPU_SLOWDOWN === undefined ? '' : `, CPU slowdown ${CPU_SLOWDOWN}× instead of 4×`
        }), ${RUNS} runs per route, the median run`,
        `load average (1, 5, 15 min): ${loadAtStart} at the start, ${loadAverage()} at the end`,
        '',
        '| Route | Performance | LCP | TBT | FCP | CLS | JS transferred | all transferred |',
        '|---|---|---|---|---|---|---|---|',
        ...rows.map(
          (row) =>
            `| \`${row.route}\` | ${row.score} | ${(row.lcp / 1000).toFixed(1)} s | ${Math.round(row.tbt)} ms | ${(
              row.fcp / 1000
            ).toFixed(1)} s | ${row.cls.toFixed(3)} | ${kib(row.jsBytes)} | ${kib(row.allBytes)} |`,
        ),
        '',
      ].join('\n'),
    );
  } finally {
    chrome?.kill();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** How often a run whose trace Lighthouse lost is tried again before the bench gives up. */
const RETRIES_AFTER_LOST_TRACE = 2;

/**
 * One run of `measure`, tried again when Lighthouse lost its own trace (NO_NAVSTART and its kin,
 * which say "Please run Lighthouse again"). It happens now and then on a busy 2-core machine and
 * says nothing about the page, so it should not end a bench of several minutes.
 */
async function measureAgainIfLost(url: string, route: string, port: number, run: number): Promise<Row> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await measure(url, route, port, run);
    } catch (error) {
      if (!(error instanceof LostTraceError) || attempt >= RETRIES_AFTER_LOST_TRACE) throw error;
      process.stderr.write(`${error.message}; measuring run ${run + 1} of ${route} again\n`);
    }
  }
}

/** Lighthouse's own failure to record a run, as opposed to a page that failed to load. */
class LostTraceError extends Error {}
/** Lighthouse's codes for a trace it failed to record ("Please run Lighthouse again"). */
const LOST_TRACE_CODES = new Set(['NO_TRACING_STARTED', 'NO_RESOURCE_REQUEST', 'NO_NAVSTART']);

async function measure(url: string, route: string, port: number, run: number): Promise<Row> {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    },
    CPU_SLOWDOWN === undefined
      ? undefined
      : {
          extends: 'lighthouse:default',
          settings: {
            throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: CPU_SLOWDOWN },
          },
        },
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    const failure = `${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
    throw LOST_TRACE_CODES.has(lhr.runtimeError.code) ? new LostTraceError(failure) : new Error(failure);
  }
  if (REPORT_DIR) {
    mkdirSync(REPORT_DIR, { recursive: true });
    const name = route === '/' ? 'home' : route.replaceAll('/', '');
    writeFileSync(path.join(REPORT_DIR, `${name}-${run + 1}.json`), JSON.stringify(lhr));
  }
  const requests = networkRequests(lhr);
  return {
    route,
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: metric(lhr, 'largest-contentful-paint'),
    tbt: metric(lhr, 'total-blocking-time'),
    fcp: metric(lhr, 'first-contentful-paint'),
    cls: metric(lhr, 'cumulative-layout-shift'),
    jsBytes: requests.filter((request) => request.resourceType === 'Script').reduce(sumTransfer, 0),
    allBytes: requests.reduce(sumTransfer, 0),
  };
}

function metric(lhr: Result, audit: string): number {
  const value = lhr.audits[audit]?.numericValue;
  if (value === undefined) throw new Error(`Lighthouse reported no ${audit}`);
  return value;
}

interface NetworkRequest {
  resourceType?: string;
  transferSize?: number;
}

function networkRequests(lhr: Result): NetworkRequest[] {
  const details = lhr.audits['network-requests']?.details;
  return details && details.type === 'table' ? (details.items as NetworkRequest[]) : [];
}

const sumTransfer = (total: number, request: NetworkRequest) => total + (request.transferSize ?? 0);

function lighthouseVersion(): string {
  const found = spawnSync(process.execPath, ['-p', "require('lighthouse/package.json').version"], {
    cwd: import.meta.dirname,
    encoding: 'utf8',
  });
  return found.stdout.trim();
}

await main();
