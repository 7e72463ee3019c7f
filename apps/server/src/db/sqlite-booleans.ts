import type SqliteDatabase from 'better-sqlite3';
import { BOOLEAN_COLUMNS } from './schema';

/*
 * SQLite has no boolean type and better-sqlite3 refuses to bind `true`: booleans go in as 1/0,
 * and the boolean columns named in the schema come back out as booleans, so repositories see
 * the same values on SQLite as on PostgreSQL. (A boolean column selected under an alias is not
 * recognised; select it under its own name.)
 *
 * This is done where the statement runs, not as a Kysely plugin: a plugin's query transform
 * copies every query's whole operation tree, which cost more than the statements themselves.
 */

const toSqlite = (value: unknown) => (typeof value === 'boolean' ? Number(value) : value);

/** The parameters as better-sqlite3 can bind them. */
export function bindable(parameters: readonly unknown[]): readonly unknown[] {
  return parameters.some((value) => typeof value === 'boolean') ? parameters.map(toSqlite) : parameters;
}

/** The boolean columns among a statement's result columns, worked out once per statement. */
const booleanColumnsOf = new WeakMap<SqliteDatabase.Statement, readonly string[]>();

/** The statement's rows with its boolean columns as booleans. */
export function withBooleans<R>(statement: SqliteDatabase.Statement, rows: R[]): R[] {
  let columns = booleanColumnsOf.get(statement);
  if (!columns) {
    columns = statement
      .columns()
      .map((column) => column.name)
      .filter((name) => BOOLEAN_COLUMNS.has(name));
    booleanColumnsOf.set(statement, columns);
  }
  if (columns.length === 0) return rows;
  const booleanColumns = columns;
  return rows.map((row) => {
    const converted = { ...row } as Record<string, unknown>;
    for (const column of booleanColumns) {
      const value = converted[column];
      if (typeof value === 'number') converted[column] = value !== 0;
    }
    return converted as R;
  });
}
