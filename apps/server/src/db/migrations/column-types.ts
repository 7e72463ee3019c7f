import type { SqlDialect } from '../database';

/** The column types that differ between the dialects; migrations name columns through these only. */
export interface ColumnTypes {
  timestamp: 'text' | 'timestamptz';
  boolean: 'integer' | 'boolean';
}

export const columnTypes = (dialect: SqlDialect): ColumnTypes =>
  dialect === 'sqlite'
    ? { timestamp: 'text', boolean: 'integer' }
    : { timestamp: 'timestamptz', boolean: 'boolean' };
