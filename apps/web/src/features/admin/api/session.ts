import { queryOptions } from '@tanstack/react-query';
import {
  INVALID_LOGIN_MESSAGE,
  type LoginRequest,
  type LoginResponse,
  loginResponseSchema,
  profileResponseSchema,
} from '@wheelmeet/contracts';
import { ApiError, api, errorMessage } from '@/lib/api-client';
import { getAdminToken, getDeviceToken, saveAdminSession, saveDeviceToken } from '@/lib/auth-storage';

export const MISSING_TOKEN_MESSAGE = 'Invalid login response: Missing token';
/** A 429 that came without our message (a proxy's): the server's own says how long to wait. */
export const TOO_MANY_SIGN_INS_MESSAGE = 'Too many sign-in attempts. Please wait a moment and try again.';

/** Every admin query lives under this key, so signing out drops them all at once. */
export const ADMIN_QUERY_KEY = ['admin'] as const;

// The login answer is checked here rather than by the client, so a missing token gets its own message.
const unchecked = { parse: (data: unknown) => data };

/** A login that failed for a reason the form should show as it is. */
export class LoginError extends Error {
  override readonly name = 'LoginError';
}

/**
 * POST /api/admin/login with this browser's device token for the username, if it has one, then
 * stores the token, the profile, the user type and the device token to send next time.
 */
export async function login(credentials: LoginRequest): Promise<LoginResponse> {
  const deviceToken = getDeviceToken(credentials.username) ?? undefined;
  const data = await api.post('/api/admin/login', { ...credentials, deviceToken }, unchecked);
  const token = typeof data === 'object' && data !== null && 'token' in data ? data.token : undefined;
  if (typeof token !== 'string' || token === '') throw new LoginError(MISSING_TOKEN_MESSAGE);
  const parsed = loginResponseSchema.safeParse(data);
  if (!parsed.success) throw new LoginError('Invalid login response. Please try again.');
  saveAdminSession({ token, userType: parsed.data.userType, user: parsed.data.profile });
  saveDeviceToken(credentials.username, parsed.data.deviceToken);
  return parsed.data;
}

/** What the login form shows for a failed attempt: the server's message when it sent one. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof LoginError) return error.message;
  if (error instanceof ApiError && error.status === 429)
    return errorMessage(error, TOO_MANY_SIGN_INS_MESSAGE);
  return errorMessage(error, INVALID_LOGIN_MESSAGE);
}

/** GET /api/admin/profile: verifies the stored token and refreshes the stored profile. */
export const profileQuery = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'profile'],
    queryFn: async () => {
      const answer = await api.get('/api/admin/profile', profileResponseSchema);
      const token = getAdminToken();
      if (token) saveAdminSession({ token, userType: answer.userType, user: answer.profile });
      return answer;
    },
    // A failed check signs the user out at once; retrying would only delay that.
    retry: false,
    staleTime: 5 * 60_000,
  });
