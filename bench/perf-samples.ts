/**
 * Sums a Linux `perf script -F pid,tid,ip,sym,dso` dump of a server process by where each
 * sample was on the CPU (bench/perf-top.ts prints it). Kept apart from the command so a test
 * can hold the parsing and the grouping to a small sample of `perf script`'s text.
 */

/** One stack: `perf script` prints a header line (`<comm> <pid>/<tid>` or `<pid>/<tid>`), then a frame per line, innermost first. */
export interface Sample {
  mainThread: boolean;
  frames: string[];
}

export function parsePerfScript(text: string): Sample[] {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.split('\n').filter((line) => line.trim() !== ''))
    .filter((lines) => lines.length > 1)
    .map(([header = '', ...frames]) => {
      const [pid, tid] = header.trim().split(/\s+/).at(-1)?.split('/') ?? [];
      return { mainThread: pid === tid, frames: frames.map((frame) => frame.trim()) };
    });
}

/** A JavaScript frame as `--perf-basic-prof` names it: `<ip> JS:*<name> <location>:<line>:<column> (<map file>)`. */
const JS_FRAME = /\sJS:[*^~]?(\S*)\s+(\S+?)(?::(\d+):\d+)?\s+\(/;

/** "app" for the server's bundle, the npm package, `node:internal/streams` for Node's own, else the file. */
export function packageOf(location: string): string {
  if (/apps\/server\/dist\/main\.js$/.test(location)) return 'app';
  const modules = location.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules)/);
  if (modules?.[1]) return modules[1];
  if (location.startsWith('node:')) return location.split('/').slice(0, 2).join('/');
  return (
    location
      .replace(/^file:\/\/\//, '')
      .split('/')
      .at(-1) ?? location
  );
}

/**
 * The native code a sample ran below its JavaScript: SQLite if better-sqlite3's library is on
 * the stack there (the kernel's writes and fsyncs under a commit count as SQLite's), else the
 * kernel if the innermost frame is the kernel's.
 */
function nativeOf(below: readonly string[]): 'SQLite' | 'kernel' | undefined {
  if (below.some((frame) => frame.includes('better_sqlite3.node'))) return 'SQLite';
  if (below[0]?.includes('[kernel')) return 'kernel';
  return undefined;
}

const SOCKET_WRITES = new Set([
  'node:net',
  'node:internal/streams',
  'node:internal/stream_base_commons',
  'node:stream',
]);
const SOCKET_IO =
  /^(socket\.io|socket\.io-adapter|socket\.io-parser|engine\.io|engine\.io-parser|ws|@socket\.io\/.*)$/;
const NODE_TASKS = new Set(['node:internal/process', 'node:internal/timers', 'node:timers']);

/** The groups the tables in docs/benchmarks.md use, in the order they are printed. */
export const GROUPS = [
  'socket writes: Node’s streams and the kernel under them',
  'Socket.IO, engine.io, ws',
  'SQLite: statements and commits, the kernel’s writes and fsyncs under them',
  'the server’s JavaScript and the libraries it calls (Kysely, zod …)',
  'Node’s promises, ticks and timers',
  'Node’s other JavaScript',
  'no JavaScript on the stack: the event loop, V8’s builtins, scavenges',
  'other threads: V8’s concurrent garbage collection, libuv’s pool',
] as const;
export type Group = (typeof GROUPS)[number];

function groupOf(pkg: string | undefined, native: ReturnType<typeof nativeOf>): Group {
  if (native === 'SQLite') return GROUPS[2];
  if (pkg === undefined) return GROUPS[6];
  if (SOCKET_WRITES.has(pkg)) return GROUPS[0];
  if (SOCKET_IO.test(pkg)) return GROUPS[1];
  if (NODE_TASKS.has(pkg)) return GROUPS[4];
  if (pkg.startsWith('node:')) return GROUPS[5];
  return GROUPS[3];
}

export interface Summary {
  total: number;
  byGroup: Map<Group, number>;
  /** The main thread's samples by the nearest JavaScript function's package (→ the native code it ran). */
  byPackage: Map<string, number>;
  byFunction: Map<string, number>;
}

const add = <K>(counts: Map<K, number>, key: K) => counts.set(key, (counts.get(key) ?? 0) + 1);
const symbolOf = (frame: string) => frame.replace(/^\S+\s+/, '').replace(/\s+\([^)]*\)$/, '');

/**
 * Puts each sample of the main thread to the nearest JavaScript function on its stack and that
 * function's package, with the native code it ran below; a sample with no JavaScript on its
 * stack to its innermost native frame. Samples of other threads are only counted.
 */
export function summarise(samples: readonly Sample[]): Summary {
  const summary: Summary = {
    total: samples.length,
    byGroup: new Map(),
    byPackage: new Map(),
    byFunction: new Map(),
  };
  for (const group of GROUPS) summary.byGroup.set(group, 0);
  for (const { mainThread, frames } of samples) {
    if (!mainThread) {
      add(summary.byGroup, GROUPS[7]);
      continue;
    }
    const jsAt = frames.findIndex((frame) => JS_FRAME.test(frame));
    const native = nativeOf(jsAt === -1 ? frames : frames.slice(0, jsAt));
    if (jsAt === -1) {
      add(summary.byGroup, groupOf(undefined, native));
      add(summary.byPackage, `${native ?? 'native'}, no JavaScript`);
      add(summary.byFunction, `${symbolOf(frames[0] ?? '')} (native)`);
      continue;
    }
    const [, name, location = '', line] = frames[jsAt]?.match(JS_FRAME) ?? [];
    const pkg = packageOf(location);
    add(summary.byGroup, groupOf(pkg, native));
    add(summary.byPackage, native ? `${pkg} → ${native}` : pkg);
    add(summary.byFunction, `${name || '(anonymous)'}  ${pkg}${line ? `:${line}` : ''}`);
  }
  return summary;
}
