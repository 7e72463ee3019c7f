/**
 * Where a server process spent its time on the CPU, from a Linux `perf record -g` of it (as
 * `BENCH_PERF=<dir> npm run bench:hub` writes one per target and run):
 *
 *   perf script -F pid,tid,ip,sym,dso -i <file>.data | npx tsx bench/perf-top.ts [rows]
 *
 * Unlike a V8 profile (bench/cpu-profile-top.ts), `perf` samples a thread only while it runs: a
 * synchronous commit waiting for its fsync, or the event loop waiting for I/O, is not counted.
 * And it sees the process's other threads (V8's garbage collector, libuv's pool).
 *
 * Each sample of the main thread is put to the nearest JavaScript function on its stack (the
 * process must run with --perf-basic-prof to name them) and that function's package: "app" is
 * the server's bundle, "node:…" Node's own JavaScript. The native code it called (SQLite, the
 * kernel) is named beside the package, so a package's statements and syscalls stand apart from
 * its JavaScript. A sample with no JavaScript on its stack is put to its native frame.
 */
import { readFileSync } from 'node:fs';

const rows = Number(process.argv[2] ?? 25);
if (!Number.isInteger(rows) || rows < 1) {
  console.error('usage: perf script -F pid,tid,ip,sym,dso -i <file> | tsx bench/perf-top.ts [rows]');
  process.exit(1);
}

/** `perf script` prints a header line (`<comm> <pid>/<tid>` or `<pid>/<tid>`), then a frame per line: `<ip> <symbol> (<dso>)`. */
interface Sample {
  mainThread: boolean;
  frames: string[];
}

function parse(text: string): Sample[] {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.split('\n').filter((line) => line.trim() !== ''))
    .filter((lines) => lines.length > 1)
    .map(([header = '', ...frames]) => {
      const [pid, tid] = header.trim().split(/\s+/).at(-1)?.split('/') ?? [];
      return { mainThread: pid === tid, frames: frames.map((frame) => frame.trim()) };
    });
}

const JS_FRAME = /\sJS:[*^~]?(\S*)\s+(\S+?)(?::(\d+):\d+)?\s+\(/;

function packageOf(location: string): string {
  if (/apps\/server\/dist\/main\.js$/.test(location)) return 'app';
  const modules = location.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules)/);
  if (modules?.[1]) return modules[1];
  // Node's own: `node:internal/streams/writable` → `node:internal/streams`, `node:events` stays.
  if (location.startsWith('node:')) return location.split('/').slice(0, 2).join('/');
  return (
    location
      .replace(/^file:\/\/\//, '')
      .split('/')
      .at(-1) ?? location
  );
}

/** The native code under the JavaScript frame: what a package's time went to outside JavaScript. */
function nativeOf(top: string): string | undefined {
  if (top.includes('[kernel')) return 'kernel';
  if (top.includes('better_sqlite3.node')) return 'SQLite';
  return undefined;
}

function symbolOf(frame: string): string {
  return frame.replace(/^\S+\s+/, '').replace(/\s+\([^)]*\)$/, '');
}

const samples = parse(readFileSync(0, 'utf8'));
const byPackage = new Map<string, number>();
const byFunction = new Map<string, number>();
const add = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
let otherThreads = 0;
for (const { mainThread, frames } of samples) {
  if (!mainThread) {
    otherThreads += 1;
    continue;
  }
  const top = frames[0] ?? '';
  const js = frames.map((frame) => frame.match(JS_FRAME)).find((match) => match !== null);
  if (!js) {
    add(byPackage, nativeOf(top) ? `${nativeOf(top)}, no JavaScript` : 'native, no JavaScript');
    add(byFunction, `${symbolOf(top)} (native)`);
    continue;
  }
  const [, name, location = '', line] = js;
  const native = nativeOf(top);
  add(byPackage, native ? `${packageOf(location)} → ${native}` : packageOf(location));
  add(byFunction, `${name || '(anonymous)'}  ${packageOf(location)}${line ? `:${line}` : ''}`);
}

const total = samples.length;
const share = (count: number) => `${((100 * count) / total).toFixed(1).padStart(5)} %`;
const top = (counts: Map<string, number>) =>
  [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, rows)
    .map(([key, count]) => `  ${share(count)}  ${String(count).padStart(6)}  ${key}`)
    .join('\n');

process.stdout.write(
  [
    `${total} samples on the CPU; other threads (garbage collector, libuv pool): ${share(otherThreads)}`,
    '',
    "Main thread, by the nearest JavaScript function's package (→ the native code it ran)",
    top(byPackage),
    '',
    'Main thread, by the nearest JavaScript function',
    top(byFunction),
    '',
  ].join('\n'),
);
