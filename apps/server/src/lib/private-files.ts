import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

/** Owner only: the data directory holds password hashes, the token secret and the SMTP password. */
const PRIVATE_DIRECTORY_MODE = 0o700;
const PRIVATE_FILE_MODE = 0o600;

/** Tightens permissions where the platform has them; a file system without (or not ours) is left as it is. */
function restrict(path: string, mode: number) {
  if (process.platform === 'win32') return;
  try {
    chmodSync(path, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
  }
}

/**
 * Makes the directory if it is missing and leaves it readable by its owner alone, including
 * a directory an earlier version created 0755, so other local users cannot read the data.
 */
export function ensurePrivateDirectory(directory: string) {
  mkdirSync(directory, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  restrict(directory, PRIVATE_DIRECTORY_MODE);
}

/** Creates the file empty if it is missing, with owner-only permissions, before anything writes to it. */
export function ensurePrivateFile(file: string) {
  if (!existsSync(file)) closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  restrict(file, PRIVATE_FILE_MODE);
}

/** Owner-only permissions on files that exist (e.g. SQLite's -wal and -shm beside the database). */
export function restrictExistingFiles(files: string[]) {
  for (const file of files) if (existsSync(file)) restrict(file, PRIVATE_FILE_MODE);
}
