import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * A query whose shape never changes, built and compiled once per database and then run with
 * new values. Kysely builds and compiles a query on every call; for a registration's admission
 * check (three joins and an `exists`) that was 23 µs of a request that takes about 350 µs of
 * CPU (docs/benchmarks.md). The values are named: each is handed to `build` as a marker string,
 * and the compiled parameters equal to a marker are replaced by that value at each run.
 *
 * Only for queries whose SQL does not depend on the values (no optional clauses, no lists).
 *
 * The compiled query is kept per dialect adapter, which a database shares with its transactions
 * (Kysely gives each transaction a new instance): a query run inside a transaction on the hot
 * path (an accept that may record a webhook event) is not compiled again each time. A database
 * given other plugins (`withPlugin`) compiles its own.
 */
export function compiledOnce<Values extends Record<string, unknown>, Row, DB = Database>(
  names: readonly (keyof Values & string)[],
  build: (db: Kysely<DB>, values: Values) => Compilable<Row>,
): (db: Kysely<DB>, values: Values) => Promise<Row[]> {
  type Name = keyof Values & string;
  type Compiled = { query: CompiledQuery<Row>; slots: (Name | null)[]; plugins: readonly unknown[] };
  const compiledFor = new WeakMap<object, Compiled>();
  const markers = Object.fromEntries(names.map((name) => [name, `\u0000${name}\u0000`])) as Record<
    Name,
    string
  >;
  // The query is built once, with each value's marker standing where the value will go.
  const markerValues = markers as unknown as Values;
  const nameOfMarker = new Map<unknown, Name>(names.map((name) => [markers[name], name]));

  function compile(db: Kysely<DB>): Compiled {
    const query = build(db, markerValues).compile();
    const slots = query.parameters.map((parameter) => nameOfMarker.get(parameter) ?? null);
    const unused = names.filter((name) => !slots.includes(name));
    if (unused.length > 0) throw new Error(`compiledOnce: ${unused.join(', ')} not used by the query`);
    return { query, slots, plugins: db.getExecutor().plugins };
  }

  const samePlugins = (a: readonly unknown[], b: readonly unknown[]) =>
    a.length === b.length && a.every((plugin, index) => plugin === b[index]);

  return async (db, values) => {
    const executor = db.getExecutor();
    let compiled = compiledFor.get(executor.adapter);
    if (!compiled || !samePlugins(compiled.plugins, executor.plugins)) {
      compiled = compile(db);
      compiledFor.set(executor.adapter, compiled);
    }
    const { query, slots } = compiled;
    const parameters = query.parameters.map((constant, index) => {
      const name = slots[index];
      return name ? values[name] : constant;
    });
    const result = await db.executeQuery<Row>({ ...query, parameters });
    return result.rows;
  };
}
