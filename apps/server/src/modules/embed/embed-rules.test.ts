import { describe, expect, it } from 'vitest';
import { mayManage, storedOrigins, withFrameAncestors } from './embed-rules';

const SITE_POLICY = "default-src 'self';frame-ancestors 'none';script-src 'self';upgrade-insecure-requests";

describe('who may frame the embed page', () => {
  it('names the listed sites in frame-ancestors and keeps every other directive', () => {
    const policy = withFrameAncestors(SITE_POLICY, ['https://a.example', 'http://localhost:4000']);
    expect(policy.split(';')).toEqual([
      "default-src 'self'",
      "script-src 'self'",
      'upgrade-insecure-requests',
      'frame-ancestors https://a.example http://localhost:4000',
    ]);
  });

  it('lets nobody frame it when no site is listed, or when the policy had no frame-ancestors', () => {
    expect(withFrameAncestors(SITE_POLICY, [])).toContain("frame-ancestors 'none'");
    expect(withFrameAncestors("default-src 'self'", ['https://a.example'])).toBe(
      "default-src 'self';frame-ancestors https://a.example",
    );
  });

  it('reads a damaged or missing list as no site at all', () => {
    expect(storedOrigins(null)).toEqual([]);
    expect(storedOrigins('not json')).toEqual([]);
    expect(storedOrigins('{"a":1}')).toEqual([]);
    expect(storedOrigins('["https://a.example"]')).toEqual(['https://a.example']);
  });

  it('lets admins manage every wheel and a business user their own', () => {
    const profile = { id: 'x', firstName: 'A', lastName: 'B', email: 'a@b.c', isSuperAdmin: false };
    expect(mayManage({ kind: 'Admin', id: 'admin', isSuperAdmin: false, profile }, 'bea')).toBe(true);
    const bea = { kind: 'BusinessUser', id: 'bea', planId: 'starter', profile } as const;
    expect(mayManage(bea, 'bea')).toBe(true);
    expect(mayManage(bea, 'bob')).toBe(false);
    expect(mayManage(bea, null)).toBe(false);
  });
});
