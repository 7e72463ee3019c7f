import { describe, expect, it } from 'vitest';
import { getWheelResponseSchema, lockedWheelSchema } from './wheels';

const locked = {
  id: '6f1c1c3e-8a4e-4a39-9d7c-3c2f0e6f5a10',
  name: 'Board retreat',
  description: 'Invitation only',
  slotCount: 8,
  currentRound: 2,
  requiresAccessCode: true as const,
};

describe('wheel contracts', () => {
  it('drops anything a locked wheel must not reveal, even if a caller passes it in', () => {
    const leaked = { ...locked, accessCode: 'S3CRET', slots: [{}], activeUsers: [{}] };
    expect(lockedWheelSchema.parse(leaked)).toEqual(locked);
    expect(getWheelResponseSchema.parse(leaked)).toEqual(locked);
  });

  it('refuses slot counts outside 2 to 100', () => {
    expect(lockedWheelSchema.safeParse({ ...locked, slotCount: 1 }).success).toBe(false);
    expect(lockedWheelSchema.safeParse({ ...locked, slotCount: 101 }).success).toBe(false);
    expect(lockedWheelSchema.safeParse({ ...locked, slotCount: 100 }).success).toBe(true);
  });
});
