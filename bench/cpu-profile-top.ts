/**
 * The functions and packages that took the most CPU in a V8 CPU profile (`node --cpu-prof`,
 * or BENCH_CPU_PROF with `npm run bench:http`), as shares of the time the process was busy
 * (idle time left out), by self time: where the time went, not who called it.
 *
 *   npx tsx bench/cpu-profile-top.ts <file.cpuprofile> [rows]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, rowsArgument] = process.argv.slice(2);
if (!file) {
  console.error('usage: tsx bench/cpu-profile-top.ts <file.cpuprofile> [rows]');
  process.exit(1);
}
const rows = Number(rowsArgument ?? 25);
// `--cpu-prof` writes one file per thread: a glob naming two would pass the second as the row count.
if (!Number.isInteger(rows) || rows < 1) {
  console.error(
    `usage: tsx bench/cpu-profile-top.ts <file.cpuprofile> [rows]; "${rowsArgument}" is not a row count`,
  );
  process.exit(1);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));

const selfTime = new Map<number, number>();
profile.samples.forEach((id, index) => {
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
