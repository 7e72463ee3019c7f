/**
 * The JavaScript the participant route `/` downloads and runs before it is interactive: the
 * entry chunk of the production build and every chunk it imports statically (from Vite's
 * build manifest). Pages fetched on demand (admin, marketing, purchase, Stripe) are listed
 * apart. The budget test (apps/web/src/app/bundle-budget.test.ts) fails the build above its limit.
 *
 *   npm run bench:bundle -w @wheelmeet/bench          builds the web app first
 *   BENCH_NO_BUILD=1 npm run bench:bundle -w @wheelmeet/bench
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { INITIAL_JS_GOAL_BYTES, initialJs, readManifest } from '../apps/web/build-tools/initial-js';

const root = path.resolve(import.meta.dirname, '..');
const distDir = path.join(root, 'apps/web/dist');

if (!process.env.BENCH_NO_BUILD) {
  const build = spawnSync('npm', ['run', 'build', '-w', '@wheelmeet/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the web build failed');
}

const manifest = readManifest(distDir);
const initial = initialJs(distDir, manifest);
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const initialFiles = new Set(initial.files.map((file) => file.file));
const onDemand = Object.values(manifest)
  .filter((chunk) => chunk.isDynamicEntry && !initialFiles.has(chunk.file))
  .map((chunk) => `  ${chunk.src ?? chunk.file} → ${chunk.file}`);

process.stdout.write(
  [
    '',
    'JavaScript `/` loads before it is interactive (entry + static imports):',
    '',
    '| File | minified | gzip | brotli |',
    '|---|---|---|---|',
    ...initial.files.map(
      (file) => `| ${file.file} | ${kib(file.bytes)} | ${kib(file.gzipBytes)} | ${kib(file.brotliBytes)} |`,
    ),
    `| **total** | ${kib(initial.bytes)} | **${kib(initial.gzipBytes)}** | ${kib(initial.brotliBytes)} |`,
    '',
    `Goal (issue 14): ${kib(INITIAL_JS_GOAL_BYTES)} gzip — ${
      initial.gzipBytes <= INITIAL_JS_GOAL_BYTES
        ? 'met'
        : `${kib(initial.gzipBytes - INITIAL_JS_GOAL_BYTES)} over`
    }.`,
    '',
    'Fetched on demand:',
    ...onDemand,
    '',
  ].join('\n'),
);
