import { queryOptions } from '@tanstack/react-query';
import {
  INVALID_LOGIN_MESSAGE,
  type LoginRequest,
  type LoginResponse,
  loginResponseSchema,
  profileResponseSchema,
} from '@wheelmeet/contracts';
import { api, errorMessage } from '@/lib/api-client';
import { getAdminToken, saveAdminSession } from '@/lib/auth-storage';

export const MISSING_TOKEN_MESSAGE = 'Invalid login response: Missing token';

/** Every admin query lives under this key, so signing out drops them all at once. */
export const ADMIN_QUERY_KEY = ['admin'] as const;

// The login answer is checked here rather than by the client, so a missing token gets its own message.
const unchecked = { parse: (data: unknown) => data };

/** A login that failed for a reason the form should show as it is. */
export class LoginError extends Error {
  override readonly name = 'LoginError';
}

/** POST /api/admin/login, then stores the token, the profile and the user type. */
export async function login(credentials: LoginRequest): Promise<LoginResponse> {
  const data = await api.post('/api/admin/login', credentials, unchecked);
  const token = typeof data === 'object' && data !== null && 'token' in data ? data.token : undefined;
  if (typeof token !== 'string' || token === '') throw new LoginError(MISSING_TOKEN_MESSAGE);
  const parsed = loginResponseSchema.safeParse(data);
  if (!parsed.success) throw new LoginError('Invalid login response. Please try again.');
  saveAdminSession({ token, userType: parsed.data.userType, user: parsed.data.profile });
  return parsed.data;
}

/** What the login form shows for a failed attempt: the server's message when it sent one. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof LoginError) return error.message;
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
