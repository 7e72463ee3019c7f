import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { type Dialect, Kysely, PostgresDialect, sql } from 'kysely';
import type pg from 'pg';
import { ensurePrivateDirectory, ensurePrivateFile, restrictExistingFiles } from '../lib/private-files';
import { type Database, DELETES_CHANGE } from './schema';
import { SqliteGroupCommit } from './sqlite-group-commit';
import {
  createTableChanges,
  deletesReachOf,
  reportingCommittedWrites,
  type TableChanges,
} from './table-changes';

export type SqlDialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: SqlDialect;
  /**
   * Tells `listener` how long each query took once it is answered (or failed); the
   * function it returns stops that. Carries no SQL text.
   */
  observeQueries(listener: QueryListener): () => void;
  /** Which tables changed through this handle (or, as told, elsewhere): what read caches check. */
  changes: TableChanges;
  /** Closes every connection; safe to call twice. */
  close(): Promise<void>;
}

export type QueryListener = (durationMs: number, failed: boolean) => void;

export interface DatabaseOptions {
  /** A postgres:// URL; unset: SQLite in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
}

export const SQLITE_FILE_NAME = 'wheelmeet.db';

/**
 * Under load, the least time between two commits (decision 037): 5 ms cut the server's CPU by
 * a sixth at 1,000 people and kept 3,000 within the 250-ms lines, for a few ms more per answer.
 */
export const SQLITE_COMMIT_DELAY_MS = 5;

/** Opens the database the configuration names; the one place that knows which dialect is in use. */
export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  const { databaseUrl } = options;
  if (databaseUrl)
    return wrap(new PostgresDialect({ pool: () => createPostgresPool(databaseUrl) }), 'postgres');

  ensurePrivateDirectory(options.dataDir);
  const filePath = path.join(options.dataDir, SQLITE_FILE_NAME);
  return wrap(sqliteDialect(filePath), 'sqlite');
}

interface SharedSqliteFile {
  writer: SqliteGroupCommit;
  users: number;
}

/**
 * One connection per SQLite file in a process, shared by every handle opened on it (tests run
 * several server instances in one process). Group commit keeps a write transaction open until
 * the end of the event loop's turn; a second connection in the same thread would wait for that
 * lock synchronously, inside SQLite's busy handler, so the turn could never end.
 */
const openSqliteFiles = new Map<string, SharedSqliteFile>();

function sqliteDialect(filePath: string): Dialect {
  const key = path.resolve(filePath);
  let shared = openSqliteFiles.get(key);
  if (!shared) {
    ensurePrivateFile(filePath);
    const file = new SqliteDatabase(filePath);
    // WAL lets readers run beside the writer. synchronous=FULL: a payment or a claimed round
    // must survive a power cut; group commit shares each fsync among the writes of one turn.
    file.pragma('journal_mode = WAL');
    file.pragma('synchronous = FULL');
    file.pragma('foreign_keys = ON');
    file.pragma('busy_timeout = 5000');
    // SQLite copies the database's mode to these, but an older install may have left them open.
    restrictExistingFiles([`${filePath}-wal`, `${filePath}-shm`]);
    shared = {
      writer: new SqliteGroupCommit(file, withStatementCache(file).prepare, SQLITE_COMMIT_DELAY_MS),
      users: 0,
    };
    openSqliteFiles.set(key, shared);
  }
  const opened = shared;
  opened.users += 1;
  let released = false;
  return opened.writer.dialect(async () => {
    if (released) return;
    released = true;
    opened.users -= 1;
    if (opened.users > 0) return;
    openSqliteFiles.delete(key);
    await opened.writer.close();
  });
}

export interface CachedStatements {
  prepare(sql: string): SqliteDatabase.Statement;
  close(): void;
}

/** Distinct SQL texts kept prepared; the app has a few hundred, `in (?, ?, …)` lists add one per length. */
export const STATEMENT_CACHE_SIZE = 1_000;

/**
 * The SQLite file as Kysely's driver sees it, keeping each prepared statement by its SQL text.
 * Kysely prepares every query it runs; parsing and planning the same SQL again each time was
 * a tenth of the server's CPU on the read path. Reusing a statement is safe: Kysely binds
 * only positional parameters, whose number the SQL text fixes, and better-sqlite3 binds them
 * afresh and resets the statement on every `all`/`run` (failed ones too). A statement still
 * being iterated (`busy`, a stream) is not handed out again; a fresh one is prepared instead.
 * Changes to the schema re-prepare a statement by themselves (SQLite checks on each step).
 * The oldest statements are dropped once there are STATEMENT_CACHE_SIZE.
 */
export function withStatementCache(
  file: SqliteDatabase.Database,
  size = STATEMENT_CACHE_SIZE,
): CachedStatements {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    prepare(sql: string) {
      const cached = statements.get(sql);
      if (cached && !cached.busy) return cached;
      const statement = file.prepare(sql);
      if (!cached) {
        statements.set(sql, statement);
        if (statements.size > size) statements.delete(statements.keys().next().value as string);
      }
      return statement;
    },
    close() {
      statements.clear();
      file.close();
    },
  };
}

const DELETES_REACH = deletesReachOf(DELETES_CHANGE);

function wrap(dialect: Dialect, name: SqlDialect): DatabaseHandle {
  // Kysely times each query around the driver's own call (not the wait for a pooled
  // connection) and reports failures too. Its `log` is fixed when Kysely is built, which is
  // before the app that observes it exists (the database is migrated first), so it forwards
  // to whoever observes the handle later; with nobody observing, it costs two timer reads a query.
  const listeners = new Set<QueryListener>();
  const changes = createTableChanges();
  const db = new Kysely<Database>({
    dialect: reportingCommittedWrites(dialect, changes.committed, DELETES_REACH),
    log: (event) => {
      for (const listener of listeners) {
        // Kysely awaits this in the query's own path: a listener that throws must not fail the query.
        try {
          listener(event.queryDurationMillis, event.level === 'error');
        } catch {}
      }
    },
  });
  let closing: Promise<void> | undefined;
  return {
    db,
    dialect: name,
    changes,
    observeQueries(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => (closing ??= db.destroy()),
  };
}

const PG_TIMESTAMPTZ = 1184;
const PG_TIMESTAMP = 1114;
const PG_INT8 = 20;

/** node-postgres is loaded with the first query: a process on SQLite never holds it. */
async function createPostgresPool(connectionString: string): Promise<pg.Pool> {
  const { default: pg } = await import('pg');
  // Timestamps come back as the same ISO strings SQLite stores; counts (int8) as numbers.
  const toIso = (value: string) => new Date(value).toISOString();
  const parsers: Record<number, (value: string) => unknown> = {
    [PG_TIMESTAMPTZ]: toIso,
    [PG_TIMESTAMP]: (value) => toIso(`${value}Z`),
    [PG_INT8]: (value) => Number.parseInt(value, 10),
  };
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // A database that does not answer at all (a network partition) fails a request after 5 s
    // with 503, instead of holding it until the client gives up.
    connectionTimeoutMillis: 5_000,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        parsers[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection the server closes (a restart, a failover, an administrator) must not
  // crash the process: the pool drops it and opens a new one on the next query.
  pool.on('error', (error) => {
    console.warn(`PostgreSQL closed an idle connection (${error.message}); it is replaced on next use.`);
  });
  // A connection lost while checked out (between the queries of a transaction, say) is an
  // 'error' on the client itself, which the pool does not listen to then: without a listener
  // it would crash the process. The query that needed it fails and is answered 503.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  return pool;
}

/** True when the database answers a trivial query. */
export async function isDatabaseReachable(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
