import { describe, expect, it } from 'vitest';
import {
  AUTH_STORAGE_KEYS,
  clearAdminSession,
  clearWheelAccessGrant,
  DEVICE_TOKENS_KEPT,
  getAdminToken,
  getDeviceToken,
  getAdminUserType,
  getParticipantForWheel,
  getStoredParticipant,
  getWheelAccessGrant,
  hasAdminToken,
  saveAdminSession,
  saveDeviceToken,
  saveParticipant,
  saveWheelAccessGrant,
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

  it('keeps a device token per username through signing out, and sends none for another username', () => {
    saveAdminSession({ token: 'abc', userType: 'Admin', user: {} });
    saveDeviceToken(' Ada ', 'device-ada');
    saveDeviceToken('bea@acme.test', 'device-bea');
    clearAdminSession();
    expect(getDeviceToken('ada')).toBe('device-ada');
    expect(getDeviceToken('BEA@acme.test')).toBe('device-bea');
    expect(getDeviceToken('cyd')).toBeNull();
    saveDeviceToken('ada', 'device-ada-2');
    expect(getDeviceToken('Ada')).toBe('device-ada-2');
  });

  it('keeps the device tokens of the most recently signed-in usernames only, and ignores a broken store', () => {
    for (let index = 0; index <= DEVICE_TOKENS_KEPT; index += 1)
      saveDeviceToken(`user-${index}`, `t-${index}`);
    expect(getDeviceToken('user-0')).toBeNull();
    expect(getDeviceToken(`user-${DEVICE_TOKENS_KEPT}`)).toBe(`t-${DEVICE_TOKENS_KEPT}`);
    expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEYS.deviceTokens) ?? '[]')).toHaveLength(
      DEVICE_TOKENS_KEPT,
    );
    localStorage.setItem(AUTH_STORAGE_KEYS.deviceTokens, '{not json');
    expect(getDeviceToken('user-1')).toBeNull();
    saveDeviceToken('ada', 'device-ada');
    expect(getDeviceToken('ada')).toBe('device-ada');
  });

  it("keeps the participant under 'user' and ignores invalid stored values", () => {
    const participant = {
      id: '0b9f1e2d-4c3b-4a59-8e7d-6c5b4a392817',
      wheelId: '6f1c2a9e-3b7d-4c5e-9a1f-2d3e4f5a6b7c',
      token: 'participant-token',
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

    expect(getParticipantForWheel('6f1c2a9e-3b7d-4c5e-9a1f-2d3e4f5a6b7c')).toEqual(participant);
    // Registered on another wheel: not a participant of this one.
    expect(getParticipantForWheel('11111111-2222-4333-8444-555555555555')).toBeNull();

    localStorage.setItem('user', '{not json');
    expect(getStoredParticipant()).toBeNull();
  });

  it('keeps wheel access grants per wheel in sessionStorage', () => {
    expect(getWheelAccessGrant('wheel-a')).toBeNull();
    saveWheelAccessGrant('wheel-a', 'grant-a');
    expect(sessionStorage.getItem('wheel_access:wheel-a')).toBe('grant-a');
    expect(getWheelAccessGrant('wheel-a')).toBe('grant-a');
    expect(getWheelAccessGrant('wheel-b')).toBeNull();
    clearWheelAccessGrant('wheel-a');
    expect(getWheelAccessGrant('wheel-a')).toBeNull();
  });
});
