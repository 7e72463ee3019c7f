// @vitest-environment node
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIRST_SECONDS_JS_BUDGET_BYTES,
  firstSecondsJs,
  INITIAL_JS_BUDGET_BYTES,
  type InitialJs,
  initialJs,
  type Manifest,
  readManifest,
} from '../../build-tools/initial-js';

const webDir = path.resolve(import.meta.dirname, '../..');
const outDir = mkdtempSync(path.join(tmpdir(), 'wheelmeet-web-budget-'));
let manifest: Manifest;
let initial: InitialJs;
let firstSeconds: InitialJs;

/** The production build of the web app, as `npm run build` makes it, into a folder of its own. */
beforeAll(async () => {
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: path.join(webDir, 'vite.config.ts'),
      mode: 'production',
      build: { outDir, emptyOutDir: true },
      logLevel: 'silent',
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  manifest = readManifest(outDir);
  initial = initialJs(outDir, manifest);
  firstSeconds = firstSecondsJs(outDir, manifest);
}, 120_000);

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('what the participant route `/` downloads before it is interactive', () => {
  it('stays within the JavaScript budget (gzip)', () => {
    expect(initial.gzipBytes, `initial JS is ${kib(initial.gzipBytes)} gzip`).toBeLessThanOrEqual(
      INITIAL_JS_BUDGET_BYTES,
    );
  });

  it.each([
    'src/app/areas/admin-area.tsx',
    'src/app/areas/marketing-area.tsx',
    'src/app/areas/purchase-area.tsx',
  ])('leaves %s to a chunk of its own, fetched on demand', (source) => {
    const chunk = manifest[source];
    expect(chunk?.isDynamicEntry).toBe(true);
    expect(initial.files.map((file) => file.file)).not.toContain(chunk?.file);
  });

  it('leaves Stripe out', () => {
    for (const file of initial.files) {
      expect(readFileSync(path.join(outDir, file.file), 'utf8'), file.file).not.toContain('js.stripe.com');
    }
  });
});

/** The files an HTML page tells the browser to preload as modules. */
function modulePreloads(htmlFile: string): string[] {
  const html = readFileSync(path.join(outDir, htmlFile), 'utf8');
  return [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map(
    (match) => match[1] ?? '',
  );
}

describe('what the participant route `/` fetches before anyone does anything (issue 37)', () => {
  it("stays within the budget of its first seconds, the live wheel's connection included (gzip)", () => {
    expect(
      firstSeconds.gzipBytes,
      `the first seconds fetch ${kib(firstSeconds.gzipBytes)} gzip`,
    ).toBeLessThanOrEqual(FIRST_SECONDS_JS_BUDGET_BYTES);
  });

  it.each([
    ['src/features/wheel/components/registration-dialog.tsx', 'the first seat click'],
    ['src/features/wheel/components/matches-dialog.tsx', 'a spin with the person seated'],
    ['src/features/video/hooks/call-controller.ts', "the person's match revealed"],
    ['src/features/video/components/video-call-overlay.tsx', "the person's match revealed"],
  ])('leaves %s to a chunk fetched at %s', (source) => {
    const chunk = manifest[source];
    expect(chunk?.isDynamicEntry).toBe(true);
    expect(firstSeconds.files.map((file) => file.file)).not.toContain(chunk?.file);
  });
});

describe('the HTML of the marketing pages (decision 021)', () => {
  it.each(['business.html', 'features.html', 'how-it-works-user.html'])(
    '%s preloads the marketing chunk and what it imports, files of this build',
    (htmlFile) => {
      const preloads = modulePreloads(htmlFile);
      expect(preloads).toContain(manifest['src/app/areas/marketing-area.tsx']?.file);
      for (const file of preloads) expect(existsSync(path.join(outDir, file)), file).toBe(true);
      // Otherwise the same page as index.html.
      expect(preloads).toEqual(expect.arrayContaining(modulePreloads('index.html')));
    },
  );

  it('index.html, for every other page, preloads no on-demand area', () => {
    const preloads = modulePreloads('index.html');
    for (const area of ['admin-area', 'marketing-area', 'purchase-area']) {
      expect(manifest[`src/app/areas/${area}.tsx`]?.file).toBeDefined();
      expect(preloads).not.toContain(manifest[`src/app/areas/${area}.tsx`]?.file);
    }
    expect(preloads.length).toBeGreaterThan(0);
  });
});
