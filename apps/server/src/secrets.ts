import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensurePrivateDirectory } from './lib/private-files';

export const JWT_SECRET_FILE = 'jwt-secret';

/**
 * The token-signing secret: JWT_SECRET when set, otherwise one generated on first start and
 * kept (owner-readable only) in the data directory, so sessions survive restarts. Several
 * server processes must share it: set JWT_SECRET for them.
 */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, JWT_SECRET_FILE);
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  ensurePrivateDirectory(dataDir);
  const generated = randomBytes(48).toString('base64url');
  writeFileSync(file, `${generated}\n`, { mode: 0o600 });
  return generated;
}
