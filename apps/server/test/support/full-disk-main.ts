/**
 * src/main.ts on a disk with no room left in DATA_DIR: every write Node makes there (the token
 * secret) fails with ENOSPC, as it would on a full disk. SQLite's own writes are not Node's, so
 * they are not touched. Run it with spawnServer(env, 'test/support/full-disk-main.ts').
 */
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';

const dataDir = path.resolve(process.env.DATA_DIR ?? '');
const writeFileSync = fs.writeFileSync;
fs.writeFileSync = ((file: fs.PathOrFileDescriptor, ...rest: [never, never?]) => {
  if (typeof file === 'string' && path.resolve(file).startsWith(`${dataDir}${path.sep}`)) {
    throw Object.assign(new Error(`ENOSPC: no space left on device, open '${file}'`), {
      errno: -28,
      code: 'ENOSPC',
      syscall: 'open',
      path: file,
    });
  }
  return writeFileSync(file, ...rest);
}) as typeof fs.writeFileSync;
// main.ts imports writeFileSync by name: its binding follows only once the exports are synced.
syncBuiltinESMExports();
await import('../../src/main');
