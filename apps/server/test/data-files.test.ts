import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, SQLITE_FILE_NAME } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { JWT_SECRET_FILE, resolveJwtSecret } from '../src/secrets';

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe.skipIf(process.platform === 'win32')('the data directory is private to the server’s user', () => {
  const roots: string[] = [];
  const freshRoot = () => {
    const root = mkdtempSync(path.join(tmpdir(), 'wheelmeet-data-'));
    roots.push(root);
    return root;
  };
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  it('creates the directory 0700 and the database, its journal and the token secret 0600', async () => {
    const dataDir = path.join(freshRoot(), 'data');
    const database = openDatabase({ databaseUrl: undefined, dataDir });
    await migrateToLatest(database);
    resolveJwtSecret(undefined, dataDir);
    const file = path.join(dataDir, SQLITE_FILE_NAME);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(`${file}-wal`)).toBe(0o600);
    expect(modeOf(path.join(dataDir, JWT_SECRET_FILE))).toBe(0o600);
    await database.close();
  });

  it('tightens a data directory and database an earlier version left readable by everyone', async () => {
    const dataDir = path.join(freshRoot(), 'old-data');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    const first = openDatabase({ databaseUrl: undefined, dataDir });
    await migrateToLatest(first);
    await first.close();
    const file = path.join(dataDir, SQLITE_FILE_NAME);
    chmodSync(file, 0o644);
    chmodSync(dataDir, 0o755);
    writeFileSync(`${file}-shm`, '', { flag: 'a' });
    chmodSync(`${file}-shm`, 0o644);

    const reopened = openDatabase({ databaseUrl: undefined, dataDir });
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(`${file}-shm`)).toBe(0o600);
    await reopened.close();
  });
});
