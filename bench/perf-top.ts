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
 * It prints the samples by group (the rows of the tables in docs/benchmarks.md), then the main
 * thread's by the nearest JavaScript function's package and by function (bench/perf-samples.ts
 * says how). The process must run with --perf-basic-prof for JavaScript to be named.
 */
import { readFileSync } from 'node:fs';
import { parsePerfScript, summarise } from './perf-samples';

const rows = Number(process.argv[2] ?? 25);
if (!Number.isInteger(rows) || rows < 1) {
  console.error('usage: perf script -F pid,tid,ip,sym,dso -i <file> | tsx bench/perf-top.ts [rows]');
  process.exit(1);
}

const { total, byGroup, byPackage, byFunction } = summarise(parsePerfScript(readFileSync(0, 'utf8')));
const share = (count: number) => `${((100 * count) / total).toFixed(1).padStart(5)} %`;
const top = <K>(counts: Map<K, number>, limit = rows) =>
  [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([key, count]) => `  ${share(count)}  ${String(count).padStart(6)}  ${key}`)
    .join('\n');

process.stdout.write(
  [
    `${total} samples on the CPU`,
    '',
    'By group (CPU seconds: samples ÷ the sampling rate)',
    [...byGroup]
      .map(([group, count]) => `  ${share(count)}  ${String(count).padStart(6)}  ${group}`)
      .join('\n'),
    '',
    "Main thread, by the nearest JavaScript function's package (→ the native code it ran)",
    top(byPackage),
    '',
    'Main thread, by the nearest JavaScript function',
    top(byFunction),
    '',
  ].join('\n'),
);
