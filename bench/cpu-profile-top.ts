/**
 * The functions and packages that took the most CPU in a V8 CPU profile (`node --cpu-prof`,
 * or BENCH_CPU_PROF with `npm run bench:http`), as shares of the time the process was busy
 * (idle time left out), by self time: where the time went, not who called it. "Busy" includes a
 * blocking call's wait, such as a synchronous commit's fsync; bench/perf-top.ts counts only the
 * time on the CPU.
 *
 *   npx tsx bench/cpu-profile-top.ts <file.cpuprofile> [rows] [--after <function>:<ms>]
 *
 * With --after, only the samples taken within <ms> after a sample whose stack holds a function
 * of that name count (e.g. `--after reveal:2000`: the seconds in which people answer a reveal),
 * and the process's busy share of each of those windows is printed: a window near 100 % busy
 * means calls queue, and every millisecond cut from it shortens their wait.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const USAGE = 'usage: tsx bench/cpu-profile-top.ts <file.cpuprofile> [rows] [--after <function>:<ms>]';
const { positionals, values: flags } = parseArgs({
  allowPositionals: true,
  options: { after: { type: 'string' } },
});
const [file, rowsArgument] = positionals;
if (!file) {
  console.error(USAGE);
  process.exit(1);
}
const rows = Number(rowsArgument ?? 25);
// `--cpu-prof` writes one file per thread: a glob naming two would pass the second as the row count.
if (!Number.isInteger(rows) || rows < 1) {
  console.error(`${USAGE}; "${rowsArgument}" is not a row count`);
  process.exit(1);
}
const afterMatch = flags.after?.match(/^(.+):(\d+)$/);
if (flags.after && !afterMatch) {
  console.error(`${USAGE}; "${flags.after}" is not <function>:<ms>`);
  process.exit(1);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));

/** When each sample was taken, in µs from the first. */
const sampleTimes: number[] = [];
profile.timeDeltas.reduce((time, delta, index) => {
  sampleTimes[index] = time + delta;
  return time + delta;
}, 0);

/** The samples to count: all, or those in the windows after a named function ran. */
function samplesToCount(): Set<number> | undefined {
  if (!afterMatch?.[1] || !afterMatch[2]) return undefined;
  const [name, windowMs] = [afterMatch[1], Number(afterMatch[2])];
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const holds = new Map<number, boolean>();
  const stackHolds = (id: number): boolean => {
    const known = holds.get(id);
    if (known !== undefined) return known;
    const parent = parentOf.get(id);
    const result =
      nodes.get(id)?.callFrame.functionName === name || (parent !== undefined && stackHolds(parent));
    holds.set(id, result);
    return result;
  };
  // Windows open at the first sample of each run of samples in `name`, and last windowMs.
  const windows: Array<{ start: number; end: number; busy: number }> = [];
  profile.samples.forEach((id, index) => {
    const time = sampleTimes[index] ?? 0;
    const last = windows.at(-1);
    if (stackHolds(id) && (!last || time > last.end))
      windows.push({ start: time, end: time + windowMs * 1_000, busy: 0 });
  });
  const counted = new Set<number>();
  let window = 0;
  profile.samples.forEach((id, index) => {
    const time = sampleTimes[index] ?? 0;
    while (windows[window] && time > (windows[window]?.end ?? 0)) window += 1;
    const current = windows[window];
    if (!current || time < current.start) return;
    counted.add(index);
    if (nodes.get(id)?.callFrame.functionName !== '(idle)') current.busy += profile.timeDeltas[index] ?? 0;
  });
  process.stdout.write(
    `${windows.length} windows of ${windowMs} ms after ${name}; busy share of each: ${windows
      .map((entry) => `${Math.round((100 * entry.busy) / (windowMs * 1_000))} %`)
      .join(', ')}\n`,
  );
  return counted;
}
const counted = samplesToCount();

const selfTime = new Map<number, number>();
profile.samples.forEach((id, index) => {
  if (counted && !counted.has(index)) return;
  selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
});

/** Where a function comes from: its npm package, the app, Node itself, or V8/native code. */
function originOf(url: string, functionName: string): string {
  if (!url) return `(native) ${functionName}`;
  const inPackage = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (inPackage?.[1]) return inPackage[1];
  if (url.startsWith('node:')) return 'node (http, streams, timers…)';
  if (url.includes('/apps/server/')) return 'app';
  if (url.includes('/packages/contracts/')) return 'contracts';
  return url.split('/').slice(-2).join('/');
}

const byFunction = new Map<string, number>();
const byOrigin = new Map<string, number>();
let idle = 0;
let total = 0;
for (const [id, time] of selfTime) {
  const frame = nodes.get(id)?.callFrame;
  if (!frame) continue;
  total += time;
  if (frame.functionName === '(idle)') {
    idle += time;
    continue;
  }
  const where = frame.url.replace(/.*node_modules\//, '').replace(/.*\/(apps|packages|bench)\//, '$1/');
  const name = `${frame.functionName || '(anonymous)'}  ${where}${where ? `:${frame.lineNumber + 1}` : ''}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + time);
  const origin = originOf(frame.url, frame.functionName);
  byOrigin.set(origin, (byOrigin.get(origin) ?? 0) + time);
}

const busy = total - idle;
const table = (title: string, entries: Map<string, number>) => {
  process.stdout.write(`\n${title}\n`);
  for (const [name, time] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
    process.stdout.write(`${((100 * time) / busy).toFixed(1).padStart(6)} %  ${name}\n`);
  }
};
process.stdout.write(
  `${file}\nbusy ${(busy / 1e6).toFixed(1)} s of ${(total / 1e6).toFixed(1)} s; shares of busy time, by self time\n`,
);
table('Functions', byFunction);
table('Packages', byOrigin);
