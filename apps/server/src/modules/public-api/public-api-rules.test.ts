import { describe, expect, it } from 'vitest';
import { apiRefusal, looksLikeApiKey, newApiKey, sha256 } from './public-api-rules';

const now = new Date('2026-11-24T10:00:00.000Z');

describe('public API rules (decision 018)', () => {
  it('makes keys with a recognisable prefix and keeps only their hash', () => {
    const random = {
      uuid: () => 'x',
      next: () => 0,
      token: (bytes: number) => 'A'.repeat(Math.ceil((bytes * 4) / 3)),
    };
    const { key, prefix, hash } = newApiKey(random);
    expect(key).toBe(`wm_live_${'A'.repeat(43)}`);
    expect(prefix).toBe('wm_live_AAAA');
    expect(hash).toBe(sha256(key));
    expect(hash).not.toContain(key);
    expect(looksLikeApiKey(key)).toBe(true);
    expect(looksLikeApiKey('eyJhbGciOi.jwt.token')).toBe(false);
    expect(looksLikeApiKey(undefined)).toBe(false);
  });

  it('lets only active accounts on a plan with the API, with paid time left, use it', () => {
    const running = { is_active: true, deactivated_at: null, planApiAccess: true, coverage: undefined };
    expect(apiRefusal(running, now)).toBeUndefined();
    expect(apiRefusal({ ...running, planApiAccess: false }, now)).toBe('plan_required');
    expect(
      apiRefusal(
        {
          ...running,
          coverage: { startsAt: '2026-10-01T00:00:00.000Z', endsAt: '2026-11-24T10:00:00.000Z' },
        },
        now,
      ),
    ).toBe('plan_required');
    expect(apiRefusal({ ...running, is_active: false }, now)).toBe('not_active');
    expect(apiRefusal({ ...running, deactivated_at: '2026-11-01T00:00:00.000Z' }, now)).toBe('not_active');
  });
});
