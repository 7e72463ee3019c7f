import { describe, expect, it } from 'vitest';
import { GROUPS, packageOf, parsePerfScript, summarise } from './perf-samples';

/** `perf script -F pid,tid,ip,sym,dso` of a server with --perf-basic-prof: seven stacks, innermost frame first. */
const PERF_SCRIPT = `
 4242/4242
\tffffffffa1b2c3d4 xfs_file_fsync+0x1 ([kernel.kallsyms])
\tffffffffa1b2c3e0 do_fsync+0x2 ([kernel.kallsyms])
\t7f00000a0001 sqlite3PagerCommitPhaseOne+0x40 (/srv/node_modules/better-sqlite3/build/Release/better_sqlite3.node)
\t7f00000a0002 Database::JS_exec+0x9 (/srv/node_modules/better-sqlite3/build/Release/better_sqlite3.node)
\t7f00000b0001 JS:*commit file:///srv/apps/server/dist/main.js:812:20 (/tmp/perf-4242.map)
\t7f00000b0002 JS:~flush file:///srv/apps/server/dist/main.js:790:3 (/tmp/perf-4242.map)

 4242/4242
\tffffffffa1b2c400 tcp_sendmsg+0x10 ([kernel.kallsyms])
\t7f00000c0001 uv__write+0x30 (/usr/bin/node)
\t7f00000b0010 JS:*writevGeneric node:internal/stream_base_commons:126:24 (/tmp/perf-4242.map)
\t7f00000b0011 JS:*sendFrame file:///srv/node_modules/ws/lib/sender.js:484:20 (/tmp/perf-4242.map)

 4242/4242
\t7f00000b0020 JS:^encode file:///srv/node_modules/socket.io-parser/build/cjs/index.js:40:11 (/tmp/perf-4242.map)
\t7f00000b0021 JS:*takeSlot file:///srv/apps/server/dist/main.js:5000:7 (/tmp/perf-4242.map)

 4242/4242
\t7f00000b0030 JS:* file:///srv/apps/server/dist/main.js:6001:9 (/tmp/perf-4242.map)

 4242/4242
\t7f00000b0040 JS:*processTicksAndRejections node:internal/process/task_queues:72:35 (/tmp/perf-4242.map)

 4242/4242
\t7f00000c0040 Builtins_RunMicrotasks+0x80 (/usr/bin/node)
\t7f00000c0041 uv_run+0x120 (/usr/bin/node)

 4242/4250
\t7f00000c0050 v8::internal::ConcurrentMarking::Run+0x44 (/usr/bin/node)
`;

describe('perf-top: where a process was on the CPU', () => {
  const summary = summarise(parsePerfScript(PERF_SCRIPT));

  it('reads every stack, and tells the main thread from the others by its thread id', () => {
    const samples = parsePerfScript(PERF_SCRIPT);
    expect(samples.map((sample) => [sample.mainThread, sample.frames.length])).toEqual([
      [true, 6],
      [true, 4],
      [true, 2],
      [true, 1],
      [true, 1],
      [true, 2],
      [false, 1],
    ]);
  });

  it('puts each sample in one group: a commit waiting on the disk to SQLite, a socket write to the writes', () => {
    expect(Object.fromEntries(summary.byGroup)).toEqual({
      [GROUPS[0]]: 1,
      [GROUPS[1]]: 1,
      [GROUPS[2]]: 1,
      [GROUPS[3]]: 1,
      [GROUPS[4]]: 1,
      [GROUPS[5]]: 0,
      [GROUPS[6]]: 1,
      [GROUPS[7]]: 1,
    });
    expect([...summary.byGroup.values()].reduce((sum, count) => sum + count, 0)).toBe(summary.total);
  });

  it("names the nearest JavaScript function's package and the native code under it", () => {
    expect(Object.fromEntries(summary.byPackage)).toEqual({
      'app → SQLite': 1,
      'node:internal/stream_base_commons → kernel': 1,
      'socket.io-parser': 1,
      app: 1,
      'node:internal/process': 1,
      'native, no JavaScript': 1,
    });
    expect([...summary.byFunction.keys()]).toEqual(
      expect.arrayContaining([
        'commit  app:812',
        '(anonymous)  app:6001',
        'Builtins_RunMicrotasks+0x80 (native)',
      ]),
    );
  });

  it('finds the package of a file in nested node_modules, a scoped package and Node’s own modules', () => {
    expect(
      packageOf('file:///srv/node_modules/a/node_modules/@socket.io/redis-streams-adapter/dist/index.js'),
    ).toBe('@socket.io/redis-streams-adapter');
    expect(packageOf('node:internal/streams/writable')).toBe('node:internal/streams');
    expect(packageOf('node:events')).toBe('node:events');
    expect(packageOf('file:///tmp/hub-load-bare.mjs')).toBe('hub-load-bare.mjs');
  });
});
