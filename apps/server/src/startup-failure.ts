import path from 'node:path';
import type { AppConfig } from './config';
import { SQLITE_FILE_NAME } from './db/database';

/** Node's codes for a write the file system had no room for: no space left, or the user's quota used up. */
const NO_SPACE_CODES = new Set(['ENOSPC', 'EDQUOT']);

interface CodedError {
  code: string;
  message: string;
  path?: string;
}

/** The error and its causes, outermost first: a failed migration carries SQLite's error as its cause. */
function* causesOf(error: unknown): Generator<CodedError> {
  for (let current = error; typeof current === 'object' && current !== null; ) {
    const { code, message, path: file, cause } = current as Record<string, unknown>;
    if (typeof code === 'string')
      yield {
        code,
        message: typeof message === 'string' ? message : '',
        ...(typeof file === 'string' ? { path: file } : {}),
      };
    current = cause;
  }
}

/**
 * What to print when start-up failed because the disk under the data may be full, naming the
 * file and the data directory; undefined for any other failure. SQLite reports a full disk as
 * SQLITE_FULL, but often only as a generic I/O error (SQLITE_IOERR_*), which is asked about
 * rather than asserted; Node's own writes (the token secret) say ENOSPC.
 */
export function diskFullMessage(error: unknown, config: Pick<AppConfig, 'dataDir'>): string | undefined {
  const dataDir = path.resolve(config.dataDir);
  const databaseFile = path.join(dataDir, SQLITE_FILE_NAME);
  for (const cause of causesOf(error)) {
    // Node's messages start with their code already; SQLite's do not.
    const detail = `(${cause.message.startsWith(cause.code) ? cause.message : `${cause.code}: ${cause.message}`})`;
    if (NO_SPACE_CODES.has(cause.code)) {
      const file = cause.path ? path.resolve(cause.path) : dataDir;
      return `WheelMeet failed to start: the disk is full ${detail}. Could not write ${file}, in the data directory ${dataDir}: free some space on its disk and start again.`;
    }
    if (cause.code === 'SQLITE_FULL')
      return `WheelMeet failed to start: the disk is full ${detail}. Could not write the database ${databaseFile}, in the data directory ${dataDir}: free some space on its disk and start again.`;
    if (cause.code.startsWith('SQLITE_IOERR'))
      return `WheelMeet failed to start: disk I/O error — is the disk full? ${detail}. The database is ${databaseFile}, in the data directory ${dataDir}: check that its disk has free space and works, then start again.`;
  }
  return undefined;
}
