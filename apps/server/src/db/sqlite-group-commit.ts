import type SqliteDatabase from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { bindable, withBooleans } from './sqlite-booleans';

/** One transaction holds the lock at a time, so one savepoint name serves them all. */
const TRANSACTION_SAVEPOINT = 'wheelmeet_transaction';

/**
 * SQLite with group commit (decision 023).
 *
 * With `synchronous=FULL` every commit waits for an fsync, and better-sqlite3 waits on the
 * event loop: one commit per take, accept or registration was 45 % of the server's busy time
 * under load. Here every write that arrives in the same turn of the event loop joins one
 * transaction (a "batch"), committed once that turn's I/O callbacks have run (`setImmediate`):
 * one fsync for all of them. The busier the server, the more writes each fsync carries.
 *
 * What callers see does not change:
 * - A write (and a Kysely transaction) resolves only after the batch holding it committed:
 *   an answer never reports a write that a power cut could still undo.
 * - A Kysely transaction runs inside the batch as a savepoint: its rollback undoes its own
 *   work only, and nothing else runs on the connection between its statements.
 * - A statement that fails is undone by SQLite on its own; the batch goes on. Should SQLite
 *   have rolled back the whole batch (disk full, I/O error) or its COMMIT fail, every write in
 *   it fails with that error.
 * - A read does not wait: it sees writes whose commit is due at the end of this turn, as
 *   another connection would see them a moment later. Only a failed commit (the disk itself
 *   failing) could make such a read show a change that did not last.
 *
 * Under load the commits are paced (decision 037, PostgreSQL's `commit_delay`): after a batch
 * that several writers shared, the next one commits no sooner than `commitDelayMs` after it,
 * and the writes of the turns in between join it. Each fsync costs CPU as well as waiting, so
 * fewer of them leave more of the core to the people. A write that follows a batch it did not
 * share (work done one write after another, a quiet server) commits at the end of its turn.
 */
export class SqliteGroupCommit {
  private readonly lock = new FifoLock();
  private batch: Batch | undefined;
  private closing: Promise<void> | undefined;
  /** When the last batch committed (`performance.now()`), and whether several writers shared it. */
  private lastCommit = { at: Number.NEGATIVE_INFINITY, shared: false };

  constructor(
    private readonly file: SqliteDatabase.Database,
    private readonly prepare: (sql: string) => SqliteDatabase.Statement,
    private readonly commitDelayMs = 0,
  ) {}

  /** A Kysely dialect over this file; several Kysely instances may share one. */
  dialect(onDestroy: () => Promise<void> = () => this.close()): Dialect {
    return {
      createAdapter: () => new SqliteAdapter(),
      createQueryCompiler: () => new SqliteQueryCompiler(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createDriver: () => groupCommitDriver(this, onDestroy),
    };
  }

  /** Commits the batch under way, if any, and closes the file; safe to call twice. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      await this.lock.acquire();
      try {
        if (this.batch) this.commit(this.batch);
        this.file.close();
      } finally {
        // Whoever still waits gets better-sqlite3's "connection is not open".
        this.lock.release();
      }
    })();
    return this.closing;
  }

  /** Runs one statement on its own: in the batch when it writes, or when a batch is under way. */
  async runStatement<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    await this.lock.acquire();
    let result: QueryResult<R>;
    let batch: Batch | undefined;
    try {
      const statement = this.prepare(query.sql);
      if (!statement.readonly) batch = this.joinBatch();
      result = this.execute<R>(statement, query.parameters);
    } finally {
      this.lock.release();
    }
    if (batch) await batch.committed;
    return result;
  }

  async begin(): Promise<OpenTransaction> {
    await this.lock.acquire();
    try {
      const batch = this.joinBatch();
      this.file.exec(`savepoint ${TRANSACTION_SAVEPOINT}`);
      return { batch };
    } catch (error) {
      this.lock.release();
      throw error;
    }
  }

  /** Runs a statement of the transaction that holds the lock. */
  runInTransaction<R>(transaction: OpenTransaction, query: CompiledQuery): QueryResult<R> {
    this.assertAlive(transaction);
    return this.execute<R>(this.prepare(query.sql), query.parameters);
  }

  /** Ends the transaction's savepoint and lets others run; resolves once its batch committed. */
  async commitTransaction(transaction: OpenTransaction): Promise<void> {
    try {
      this.assertAlive(transaction);
      this.file.exec(`release ${TRANSACTION_SAVEPOINT}`);
    } finally {
      this.lock.release();
    }
    await transaction.batch.committed;
  }

  rollbackTransaction(transaction: OpenTransaction): void {
    try {
      // A batch SQLite already rolled back took this transaction's work with it.
      if (this.batch === transaction.batch && this.file.inTransaction) {
        this.file.exec(`rollback to ${TRANSACTION_SAVEPOINT}`);
        this.file.exec(`release ${TRANSACTION_SAVEPOINT}`);
      }
    } finally {
      this.lock.release();
    }
  }

  /** Called with the lock held. */
  private joinBatch(): Batch {
    if (this.batch) {
      this.batch.writers += 1;
      return this.batch;
    }
    if (this.closing) throw new Error('The database is closing');
    // IMMEDIATE takes the write lock now (waiting up to busy_timeout for another process),
    // rather than failing at the batch's first write when another process writes too.
    this.file.exec('begin immediate');
    const batch = new Batch();
    this.batch = batch;
    const paced = this.lastCommit.shared ? this.lastCommit.at + this.commitDelayMs - performance.now() : 0;
    if (paced > 0) setTimeout(() => void this.commitWhenFree(batch), paced);
    else setImmediate(() => void this.commitWhenFree(batch));
    return batch;
  }

  private async commitWhenFree(batch: Batch) {
    // A transaction holding the lock is part of the batch: it must end before the batch can.
    await this.lock.acquire();
    try {
      this.commit(batch);
    } finally {
      this.lock.release();
    }
  }

  /** Called with the lock held. */
  private commit(batch: Batch) {
    if (this.batch !== batch) return;
    this.batch = undefined;
    try {
      this.file.exec('commit');
      this.lastCommit = { at: performance.now(), shared: batch.writers > 1 };
      batch.succeed();
    } catch (error) {
      if (this.file.inTransaction) this.file.exec('rollback');
      batch.fail(error);
    }
  }

  private execute<R>(statement: SqliteDatabase.Statement, parameters: readonly unknown[]): QueryResult<R> {
    try {
      const values = bindable(parameters);
      if (statement.reader) return { rows: withBooleans(statement, statement.all(values) as R[]) };
      const { changes, lastInsertRowid } = statement.run(values);
      return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
    } catch (error) {
      // Most failures undo the one statement; some (disk full, I/O error) the whole transaction.
      if (this.batch && !this.file.inTransaction) {
        const lost = this.batch;
        this.batch = undefined;
        lost.fail(error);
      }
      throw error;
    }
  }

  private assertAlive(transaction: OpenTransaction) {
    if (this.batch !== transaction.batch)
      throw new Error('The transaction was rolled back: SQLite ended the batch it was part of');
  }
}

export interface OpenTransaction {
  readonly batch: Batch;
}

class Batch {
  /** Statements and transactions that joined it. */
  writers = 1;
  readonly committed: Promise<void>;
  succeed!: () => void;
  fail!: (error: unknown) => void;

  constructor() {
    this.committed = new Promise<void>((resolve, reject) => {
      this.succeed = resolve;
      this.fail = reject;
    });
    // A batch whose only transaction rolled back has nobody waiting on it.
    this.committed.catch(() => {});
  }
}

/** Waiters run in the order they asked, so a batch's commit queues behind what came before it. */
class FifoLock {
  private held = false;
  private readonly waiting: (() => void)[] = [];

  acquire(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release() {
    const next = this.waiting.shift();
    if (next) next();
    else this.held = false;
  }
}

/**
 * Kysely's view: each acquired connection is a handle of its own, so a statement outside a
 * transaction can let others run while it waits for its batch's commit, where Kysely's own
 * SQLite driver holds its single connection until the statement's promise resolves.
 */
class GroupCommitConnection implements DatabaseConnection {
  transaction: OpenTransaction | undefined;

  constructor(readonly writer: SqliteGroupCommit) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.transaction) return this.writer.runInTransaction<R>(this.transaction, query);
    return this.writer.runStatement<R>(query);
  }

  /** Reads the rows at once: an iterator left open would hold the lock between its rows. */
  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query)) throw new Error('Only a select can be streamed');
    const { rows } = await this.executeQuery<R>(query);
    for (const row of rows) yield { rows: [row] };
  }
}

/**
 * Connections Kysely released, kept to hand out again. Kysely and `reportingCommittedWrites`
 * each wrap a connection the first time they see it and remember it in a weak collection; a new
 * connection per statement filled those with dead entries for the garbage collector to sweep.
 * Handing them out again cut the server's CPU by a tenth and its peak memory by an eighth at
 * 1,000 people (docs/benchmarks.md).
 */
const IDLE_CONNECTIONS_KEPT = 256;

function groupCommitDriver(writer: SqliteGroupCommit, onDestroy: () => Promise<void>): Driver {
  const idle: GroupCommitConnection[] = [];
  const transactionOf = (connection: DatabaseConnection) => {
    const { transaction } = connection as GroupCommitConnection;
    if (!transaction) throw new Error('No transaction under way on this connection');
    return transaction;
  };
  return {
    init: async () => {},
    acquireConnection: async () => idle.pop() ?? new GroupCommitConnection(writer),
    async beginTransaction(connection) {
      (connection as GroupCommitConnection).transaction = await writer.begin();
    },
    async commitTransaction(connection) {
      const transaction = transactionOf(connection);
      (connection as GroupCommitConnection).transaction = undefined;
      await writer.commitTransaction(transaction);
    },
    async rollbackTransaction(connection) {
      const transaction = transactionOf(connection);
      (connection as GroupCommitConnection).transaction = undefined;
      writer.rollbackTransaction(transaction);
    },
    async releaseConnection(connection) {
      // Kysely ends every transaction it began; one left open (a crash in between) must not hold the lock.
      const { transaction } = connection as GroupCommitConnection;
      if (transaction) {
        (connection as GroupCommitConnection).transaction = undefined;
        writer.rollbackTransaction(transaction);
      }
      if (idle.length < IDLE_CONNECTIONS_KEPT) idle.push(connection as GroupCommitConnection);
    },
    destroy: onDestroy,
  };
}
