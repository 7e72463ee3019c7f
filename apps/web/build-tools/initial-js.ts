import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Issue 14's goal for the JavaScript `/` loads before it is interactive, gzip. */
export const INITIAL_JS_GOAL_BYTES = 150 * 1024;

/**
 * Issue 14's goal for the JavaScript `/` loads before it is interactive (web.dev's budget).
 * Never raise it without saying why in docs/benchmarks.md and decision 012.
 */
export const INITIAL_JS_BUDGET_BYTES = 150 * 1024;

/** One entry of Vite's build manifest (`build.manifest`), as much of it as is read here. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/**
 * Issue 37's goal for everything `/` fetches in its first 5 s, lazy chunks included, gzip.
 * Never raise it without saying why in docs/benchmarks.md.
 */
export const FIRST_SECONDS_JS_BUDGET_BYTES = 150 * 1024;

/**
 * The chunks fetched on demand that `/` fetches at once anyway, before anyone does anything: the
 * live wheel connects as soon as it shows (socket.io-client, through src/lib/socket-io.ts). Everything else behind an
 * `import()` waits for what needs it (a click, a revealed match). bench:bundle checks in Chromium
 * that the page fetches no more than this in its first 5 s.
 */
export const FETCHED_AT_ONCE = [/^src\/lib\/socket-io\.ts$/];

export interface JsFile {
  file: string;
  bytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

export interface InitialJs {
  /** The JavaScript files the page loads before it can run: the entry and its static imports. */
  files: JsFile[];
  bytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/**
 * What `index.html` makes the browser download and run before the app is interactive: the entry
 * chunk and every chunk it imports statically, transitively (Vite preloads those). Chunks behind
 * a dynamic `import()` are not counted: they load when a page needs them. Sizes are those of
 * the `.gz` (level 9) and `.br` (quality 11) files the server sends.
 */
export function initialJs(distDir: string, manifest: Manifest = readManifest(distDir)): InitialJs {
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
  if (!entry) throw new Error('the manifest names no entry chunk');
  return chunksWithImports(distDir, manifest, [entry]);
}

/**
 * What `/` fetches in its first seconds before anyone does anything (issue 37's figure): the
 * initial JavaScript and the chunks of FETCHED_AT_ONCE with what they import.
 */
export function firstSecondsJs(distDir: string, manifest: Manifest = readManifest(distDir)): InitialJs {
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
  if (!entry) throw new Error('the manifest names no entry chunk');
  const atOnce = Object.keys(manifest).filter((key) => FETCHED_AT_ONCE.some((source) => source.test(key)));
  if (atOnce.length !== FETCHED_AT_ONCE.length)
    throw new Error('a chunk of FETCHED_AT_ONCE is not in the build');
  return chunksWithImports(distDir, manifest, [entry, ...atOnce]);
}

/** The sizes of one file of the build, as the server sends it: `.gz` level 9, `.br` quality 11. */
export function jsFile(distDir: string, file: string): JsFile {
  const content = readFileSync(path.join(distDir, file));
  return {
    file,
    bytes: content.length,
    gzipBytes: gzipSync(content, { level: 9 }).length,
    brotliBytes: brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }).length,
  };
}

/** The JavaScript of the chunks `keys` and every chunk they import statically, transitively. */
function chunksWithImports(distDir: string, manifest: Manifest, keys: string[]): InitialJs {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  const files = [...seen]
    .map((key) => manifest[key]?.file)
    .filter((file): file is string => file?.endsWith('.js') === true)
    .map((file) => jsFile(distDir, file));
  const total = (size: (file: (typeof files)[number]) => number) =>
    files.reduce((sum, file) => sum + size(file), 0);
  return {
    files,
    bytes: total((file) => file.bytes),
    gzipBytes: total((file) => file.gzipBytes),
    brotliBytes: total((file) => file.brotliBytes),
  };
}
