import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../src/bootstrap';
import { loadConfig } from '../src/config';
import { openDatabase, SQLITE_FILE_NAME } from '../src/db/database';
import { systemClock } from '../src/lib/clock';
import { cryptoRandom } from '../src/lib/random';
import { JWT_SECRET_FILE } from '../src/secrets';
import { diskFullMessage } from '../src/startup-failure';
import { spawnServer } from './support/server-process';

describe('a full disk at start-up is named, with the path', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'wm-full-disk-'));
    dirs.push(dir);
    return dir;
  };

  it('says the disk is full and names the database when SQLite runs out of room while migrating', async () => {
    const dir = dataDir();
    // The process's one connection to the file (prepareDatabase shares it), allowed three pages,
    // far fewer than the schema takes: the migrations fail as on a full disk, with SQLite's own
    // SQLITE_FULL.
    const cramped = openDatabase({ databaseUrl: undefined, dataDir: dir });
    await sql`pragma max_page_count = 3`.execute(cramped.db);
    const failure = await prepareDatabase(loadConfig({ DATA_DIR: dir }), {
      clock: systemClock,
      random: cryptoRandom,
    }).then(
      () => undefined,
      (error: unknown) => error,
    );
    await cramped.close();
    expect(diskFullMessage(failure, { dataDir: dir })).toBe(
      `WheelMeet failed to start: the disk is full (SQLITE_FULL: database or disk is full). Could not write the database ${path.join(dir, SQLITE_FILE_NAME)}, in the data directory ${dir}: free some space on its disk and start again.`,
    );
  });

  it('asks whether the disk is full on a generic disk I/O error, naming the database', () => {
    const error = new SqliteDatabase.SqliteError('disk I/O error', 'SQLITE_IOERR_WRITE');
    expect(diskFullMessage(error, { dataDir: 'relative-data' })).toBe(
      `WheelMeet failed to start: disk I/O error — is the disk full? (SQLITE_IOERR_WRITE: disk I/O error). The database is ${path.resolve('relative-data', SQLITE_FILE_NAME)}, in the data directory ${path.resolve('relative-data')}: check that its disk has free space and works, then start again.`,
    );
  });

  it('leaves other failures to the usual report', () => {
    const busy = new SqliteDatabase.SqliteError('database is locked', 'SQLITE_BUSY');
    expect(diskFullMessage(busy, { dataDir: 'data' })).toBeUndefined();
    expect(diskFullMessage(new Error('boom'), { dataDir: 'data' })).toBeUndefined();
    expect(diskFullMessage('not an error', { dataDir: 'data' })).toBeUndefined();
  });

  it('the server process prints it and exits 1 when the token secret cannot be written', async () => {
    const dir = dataDir();
    const run = spawnServer({ DATA_DIR: dir, PORT: '0' }, 'test/support/full-disk-main.ts');
    expect((await run.exited).code).toBe(1);
    const file = path.join(dir, JWT_SECRET_FILE);
    expect(run.stderr().trim()).toBe(
      `WheelMeet failed to start: the disk is full (ENOSPC: no space left on device, open '${file}'). Could not write ${file}, in the data directory ${dir}: free some space on its disk and start again.`,
    );
  });
});
