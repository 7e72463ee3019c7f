import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { JWT_SECRET_FILE, resolveJwtSecret } from './secrets';

describe('resolveJwtSecret', () => {
  it('uses JWT_SECRET when it is set and writes nothing', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'wm-secret-'));
    expect(resolveJwtSecret('s'.repeat(40), dataDir)).toBe('s'.repeat(40));
    expect(() => statSync(path.join(dataDir, JWT_SECRET_FILE))).toThrow();
  });

  it('generates a secret once, keeps it private in the data directory and reuses it', () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'wm-secret-')), 'nested');
    const first = resolveJwtSecret(undefined, dataDir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, JWT_SECRET_FILE);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(resolveJwtSecret(undefined, dataDir)).toBe(first);
  });
});
