import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryResult,
  RootOperationNode,
  TransactionSettings,
} from 'kysely';

/** Tables that may have changed: by name, or every table (a schema change, raw SQL). */
export type ChangedTables = ReadonlySet<string> | 'all';

/**
 * Which tables changed, as a version: `version(tables)` is a number that differs from any
 * earlier answer for the same tables once one of them may have changed. Something cached from
 * a read that started at version v is current while the version is still v.
 */
export interface TableChanges {
  version(tables: readonly string[]): number;
  /** Records a change made elsewhere (another server process); tells no listener. */
  markChanged(tables: ChangedTables): void;
  /** Called after each change this process commits; the function it returns stops that. */
  onLocalChange(listener: (tables: ChangedTables) => void): () => void;
}

export function createTableChanges(): TableChanges & { committed(tables: ChangedTables): void } {
  const versions = new Map<string, number>();
  let everything = 0;
  const listeners = new Set<(tables: ChangedTables) => void>();
  const markChanged = (tables: ChangedTables) => {
    if (tables === 'all') {
      everything += 1;
      return;
    }
    for (const table of tables) versions.set(table, (versions.get(table) ?? 0) + 1);
  };
  return {
    version(tables) {
      // Every count only grows, so the sum grows whenever one of them does.
      let sum = everything;
      for (const table of tables) sum += versions.get(table) ?? 0;
      return sum;
    },
    markChanged,
    onLocalChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    committed(tables) {
      markChanged(tables);
      for (const listener of listeners) {
        try {
          listener(tables);
        } catch {}
      }
    },
  };
}

/** Where each kind of write names the tables it writes; the rest of its tree (subqueries, a FROM to read) only reads. */
const TARGETS: ReadonlyMap<string, readonly string[]> = new Map([
  ['InsertQueryNode', ['into']],
  ['UpdateQueryNode', ['table']],
  ['DeleteQueryNode', ['from']],
  ['MergeQueryNode', ['into']],
]);
/** Nodes that carry parameter values, never table names (a value may be a large buffer). */
const VALUES = new Set(['ValueNode', 'PrimitiveValueListNode']);

/**
 * Tables a delete from each table changes through foreign keys (ON DELETE CASCADE or SET
 * NULL), followed to the end: deleting a wheel deletes its participants, which empties their
 * slots. `deletesReachOf` builds it from the one-step list in `db/schema.ts`.
 */
export type DeletesReach = Readonly<Record<string, readonly string[]>>;

/** Follows each table's one-step foreign-key dependents (`db/schema.ts`) to the end. */
export function deletesReachOf(
  oneStep: Readonly<Record<string, readonly string[] | undefined>>,
): DeletesReach {
  const reach: Record<string, string[]> = {};
  for (const table of Object.keys(oneStep)) {
    const seen = new Set<string>();
    const next = [...(oneStep[table] ?? [])];
    for (let dependent = next.pop(); dependent !== undefined; dependent = next.pop()) {
      if (seen.has(dependent)) continue;
      seen.add(dependent);
      next.push(...(oneStep[dependent] ?? []));
    }
    reach[table] = [...seen].sort();
  }
  return reach;
}

const NO_FOREIGN_KEYS: DeletesReach = {};
/**
 * A write's tables by its query tree, for each foreign-key map: a query compiled once
 * (compiled-once.ts) runs the same tree each time.
 */
const tablesOfWrite = new WeakMap<DeletesReach, WeakMap<RootOperationNode, ReadonlySet<string>>>();

/**
 * The tables a query may write: none for a select; the tables each insert, update, delete or
 * merge in it writes (a CTE's write included) and what a delete reaches through foreign keys;
 * not the tables its subqueries only read, so a seat taken on the condition that its wheel is
 * open leaves what is cached of the wheel alone. 'all' for anything else (raw SQL other than
 * a select, schema changes).
 */
export function tablesWrittenBy(
  query: RootOperationNode,
  deletesReach: DeletesReach = NO_FOREIGN_KEYS,
): ChangedTables | undefined {
  if (query.kind === 'RawNode') return /^\s*select\b/i.test(query.sqlFragments[0] ?? '') ? undefined : 'all';
  // Only a WITH can hold a write in a select (PostgreSQL allows them nowhere else).
  if (query.kind === 'SelectQueryNode' && !query.with) return undefined;
  if (query.kind !== 'SelectQueryNode' && !TARGETS.has(query.kind)) return 'all';
  let known = tablesOfWrite.get(deletesReach);
  if (!known) {
    known = new WeakMap();
    tablesOfWrite.set(deletesReach, known);
  }
  let tables = known.get(query);
  if (!tables) {
    tables = writeTargetsIn(query, deletesReach);
    known.set(query, tables);
  }
  return tables.size > 0 || query.kind !== 'SelectQueryNode' ? tables : undefined;
}

function writeTargetsIn(node: unknown, deletesReach: DeletesReach, into = new Set<string>()): Set<string> {
  if (Array.isArray(node)) {
    for (const item of node) writeTargetsIn(item, deletesReach, into);
  } else if (node !== null && typeof node === 'object') {
    const kind = (node as { kind?: unknown }).kind as string;
    if (VALUES.has(kind)) return into;
    for (const key of TARGETS.get(kind) ?? []) {
      for (const table of tablesNamedIn((node as Record<string, unknown>)[key])) {
        into.add(table);
        if (kind === 'DeleteQueryNode') for (const reached of deletesReach[table] ?? []) into.add(reached);
      }
    }
    for (const value of Object.values(node)) writeTargetsIn(value, deletesReach, into);
  }
  return into;
}

function tablesNamedIn(node: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(node)) {
    for (const item of node) tablesNamedIn(item, into);
  } else if (node !== null && typeof node === 'object') {
    const candidate = node as { kind?: unknown; table?: { identifier?: { name?: unknown } } };
    const name = candidate.table?.identifier?.name;
    if (candidate.kind === 'TableNode' && typeof name === 'string') into.add(name);
    else if (!VALUES.has(candidate.kind as string))
      for (const value of Object.values(node)) tablesNamedIn(value, into);
  }
  return into;
}

const merge = (a: ChangedTables | undefined, b: ChangedTables): ChangedTables =>
  a === 'all' || b === 'all' ? 'all' : new Set([...(a ?? []), ...b]);

/** A write changed something unless the database says it touched no row. */
function changedRows(result: QueryResult<unknown>): boolean {
  if (result.numAffectedRows !== undefined) return result.numAffectedRows > 0n;
  // SQLite answers a write with RETURNING with its rows only: one per row written.
  return result.rows.length > 0;
}

class ObservedConnection implements DatabaseConnection {
  /** The tables written in the transaction under way; undefined outside a transaction. */
  pending: ChangedTables | undefined;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly committed: (tables: ChangedTables) => void,
    private readonly deletesReach: DeletesReach,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const written = tablesWrittenBy(compiledQuery.query, this.deletesReach);
    if (!written) return this.inner.executeQuery<R>(compiledQuery);
    let result: QueryResult<R>;
    try {
      result = await this.inner.executeQuery<R>(compiledQuery);
    } catch (error) {
      // A connection lost after the database wrote leaves the write in place: assume it did.
      this.wrote(written);
      throw error;
    }
    if (changedRows(result)) this.wrote(written);
    return result;
  }

  async *streamQuery<R>(
    compiledQuery: CompiledQuery,
    chunkSize?: number,
  ): AsyncIterableIterator<QueryResult<R>> {
    const written = tablesWrittenBy(compiledQuery.query, this.deletesReach);
    try {
      yield* this.inner.streamQuery<R>(compiledQuery, chunkSize);
    } finally {
      if (written) this.wrote(written);
    }
  }

  /** Outside a transaction the write is committed already; inside, it is once the transaction ends. */
  private wrote(tables: ChangedTables) {
    if (this.pending) this.pending = merge(this.pending, tables);
    else this.committed(tables);
  }

  /** The transaction ended (committed, rolled back or unknown): reports what it may have written. */
  settle() {
    const pending = this.pending;
    this.pending = undefined;
    if (pending && (pending === 'all' || pending.size > 0)) this.committed(pending);
  }
}

/**
 * The dialect, with every write reported once it is committed: after the statement outside a
 * transaction, after COMMIT (or ROLLBACK, or a failed COMMIT: reporting too much only costs
 * a cache miss) inside one. Reports come after the database made the change visible, so a
 * read that starts after a report sees the change. Only what runs through this Kysely
 * instance is seen; other processes tell theirs through Redis (see db/read-cache.ts).
 */
export function reportingCommittedWrites(
  dialect: Dialect,
  committed: (tables: ChangedTables) => void,
  deletesReach: DeletesReach,
): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => observingDriver(dialect.createDriver(), committed, deletesReach),
  };
}

function observingDriver(
  inner: Driver,
  committed: (tables: ChangedTables) => void,
  deletesReach: DeletesReach,
): Driver {
  const observed = new WeakMap<DatabaseConnection, ObservedConnection>();
  const unwrap = (connection: DatabaseConnection) => (connection as ObservedConnection).inner;
  const { savepoint, rollbackToSavepoint, releaseSavepoint } = inner;
  return {
    init: () => inner.init(),
    async acquireConnection() {
      const connection = await inner.acquireConnection();
      let wrapper = observed.get(connection);
      if (!wrapper) {
        wrapper = new ObservedConnection(connection, committed, deletesReach);
        observed.set(connection, wrapper);
      }
      return wrapper;
    },
    async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
      await inner.beginTransaction(unwrap(connection), settings);
      (connection as ObservedConnection).pending = new Set();
    },
    async commitTransaction(connection: DatabaseConnection) {
      try {
        await inner.commitTransaction(unwrap(connection));
      } finally {
        (connection as ObservedConnection).settle();
      }
    },
    async rollbackTransaction(connection: DatabaseConnection) {
      try {
        await inner.rollbackTransaction(unwrap(connection));
      } finally {
        (connection as ObservedConnection).settle();
      }
    },
    ...(savepoint && {
      savepoint: (connection, name, compile) => savepoint.call(inner, unwrap(connection), name, compile),
    }),
    ...(rollbackToSavepoint && {
      rollbackToSavepoint: (connection, name, compile) =>
        rollbackToSavepoint.call(inner, unwrap(connection), name, compile),
    }),
    ...(releaseSavepoint && {
      releaseSavepoint: (connection, name, compile) =>
        releaseSavepoint.call(inner, unwrap(connection), name, compile),
    }),
    async releaseConnection(connection: DatabaseConnection) {
      // A transaction that never reached COMMIT or ROLLBACK must not hold its writes back.
      (connection as ObservedConnection).settle();
      await inner.releaseConnection(unwrap(connection));
    },
    destroy: () => inner.destroy(),
  };
}
