import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('open sesame 123');
    expect(hash.startsWith('scrypt$')).toBe(true);
    expect(hash).not.toContain('open sesame');
    expect(await verifyPassword('open sesame 123', hash)).toBe(true);
    expect(await verifyPassword('open sesame 124', hash)).toBe(false);
  });

  it('salts every hash, so equal passwords do not give equal hashes', async () => {
    expect(await hashPassword('same password')).not.toBe(await hashPassword('same password'));
  });

  it('refuses a stored value that is not one of its hashes', async () => {
    expect(await verifyPassword('anything', 'plain-text')).toBe(false);
    expect(await verifyPassword('anything', '')).toBe(false);
  });
});
