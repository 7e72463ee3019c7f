import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { SqlDialect } from '../../src/db/database';

/** Where a test's database lives and how to remove it afterwards. */
export interface TestDatabase {
  databaseUrl: string | undefined;
  dataDir: string;
  drop(): Promise<void>;
}

export interface TestDialect {
  name: SqlDialect;
  /** Why this dialect is skipped, or undefined when it runs. */
  skipReason: string | undefined;
  create(): Promise<TestDatabase>;
}

const postgresAdminUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;

const freshDataDir = () => mkdtempSync(path.join(tmpdir(), 'wheelmeet-test-'));

const sqlite: TestDialect = {
  name: 'sqlite',
  skipReason: undefined,
  async create() {
    const dataDir = freshDataDir();
    return {
      databaseUrl: undefined,
      dataDir,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  },
};

/** Every run gets its own freshly created PostgreSQL database, dropped when the run ends. */
const postgres: TestDialect = {
  name: 'postgres',
  skipReason: postgresAdminUrl ? undefined : 'TEST_DATABASE_URL is not set',
  async create() {
    if (!postgresAdminUrl) throw new Error('TEST_DATABASE_URL is not set');
    const name = `wheelmeet_test_${randomBytes(6).toString('hex')}`;
    await withAdminClient((client) => client.query(`create database ${name}`));
    const url = new URL(postgresAdminUrl);
    url.pathname = `/${name}`;
    const dataDir = freshDataDir();
    return {
      databaseUrl: url.toString(),
      dataDir,
      async drop() {
        await withAdminClient((client) => client.query(`drop database if exists ${name} with (force)`));
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  },
};

async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresAdminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** SQLite always; PostgreSQL when TEST_DATABASE_URL is set (otherwise reported as a named skip). */
export const TEST_DIALECTS: readonly TestDialect[] = [sqlite, postgres];
