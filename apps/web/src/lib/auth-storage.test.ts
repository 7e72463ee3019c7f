import { describe, expect, it } from 'vitest';
import {
  AUTH_STORAGE_KEYS,
  clearAdminSession,
  getAdminToken,
  getAdminUserType,
  getStoredParticipant,
  hasAdminToken,
  saveAdminSession,
  saveParticipant,
} from './auth-storage';

describe('auth storage', () => {
  it('stores and clears the admin session under the spec keys', () => {
    expect(hasAdminToken()).toBe(false);
    saveAdminSession({ token: 'abc', userType: 'BusinessUser', user: { firstName: 'Ada' } });
    expect(localStorage.getItem('admin_token')).toBe('abc');
    expect(getAdminToken()).toBe('abc');
    expect(getAdminUserType()).toBe('BusinessUser');
    clearAdminSession();
    expect(hasAdminToken()).toBe(false);
    expect(localStorage.getItem(AUTH_STORAGE_KEYS.adminUser)).toBeNull();
  });

  it("keeps the participant under 'user' and ignores invalid stored values", () => {
    const participant = {
      id: '0b9f1e2d-4c3b-4a59-8e7d-6c5b4a392817',
      username: 'alice',
      age: 30,
      gender: 'female' as const,
      shortBio: null,
      whoAmI: null,
      interests: null,
    };
    saveParticipant(participant);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(participant);
    expect(getStoredParticipant()).toEqual(participant);

    localStorage.setItem('user', '{not json');
    expect(getStoredParticipant()).toBeNull();
  });
});
