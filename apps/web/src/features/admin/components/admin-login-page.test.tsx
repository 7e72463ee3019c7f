import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AUTH_STORAGE_KEYS, clearAdminSession, getDeviceToken, saveDeviceToken } from '@/lib/auth-storage';
import { errorResponse, jsonResponse, mockFetch, renderRoutes } from '@/test/render';
import { adminRoutes, makeProfile, profileRoute, signIn } from '../test-utils';

const routes = adminRoutes([]);

async function fillIn(username: string, password: string) {
  if (username) await userEvent.type(screen.getByLabelText(/Username/), username);
  if (password) await userEvent.type(screen.getByLabelText(/Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

const loginAnswer = (role: 'admin' | 'business') => {
  const { profile, userType } = makeProfile(role);
  return {
    token: 'fresh-token',
    deviceToken: `device-of-${role}`,
    userType,
    expiresAt: '2030-01-01T00:00:00.000Z',
    profile,
  };
};

describe('admin login', () => {
  it('asks for both the username and the password', async () => {
    const fetchMock = mockFetch({});
    renderRoutes(routes, '/admin/login');
    await fillIn('', '');

    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/Username/)).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message for wrong credentials and does not store anything", async () => {
    mockFetch({
      'POST /api/admin/login': errorResponse(401, 'unauthorized', 'Invalid username or password'),
    });
    renderRoutes(routes, '/admin/login');
    await fillIn('ada', 'wrong-password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(localStorage.getItem(AUTH_STORAGE_KEYS.adminToken)).toBeNull();
  });

  it('shows the throttling message as the server words it', async () => {
    mockFetch({
      'POST /api/admin/login': errorResponse(
        429,
        'too_many_requests',
        'Too many attempts. Try again in a minute.',
      ),
    });
    renderRoutes(routes, '/admin/login');
    await fillIn('ada', 'secret-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in a minute.');
  });

  it('shows a full sign-in queue with its wait, and a bare 429 with its own text', async () => {
    mockFetch({
      'POST /api/admin/login': errorResponse(
        429,
        'rate_limited',
        'Too many people are signing in or signing up right now. Please try again in 2 seconds.',
      ),
    });
    renderRoutes(routes, '/admin/login');
    await fillIn('ada', 'secret-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many people are signing in or signing up right now. Please try again in 2 seconds.',
    );
  });

  it('says to wait when a 429 comes without a message', async () => {
    mockFetch({ 'POST /api/admin/login': () => Promise.resolve(new Response('', { status: 429 })) });
    renderRoutes(routes, '/admin/login');
    await fillIn('ada', 'secret-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many sign-in attempts. Please wait a moment and try again.',
    );
  });

  it("keeps the answer's device token for the username, through signing out", async () => {
    mockFetch({ 'POST /api/admin/login': jsonResponse(loginAnswer('admin')), ...profileRoute('admin') });
    const { router } = renderRoutes(routes, '/admin/login');
    await fillIn('Ada', 'secret-password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    clearAdminSession();
    expect(getDeviceToken('ada')).toBe('device-of-admin');
  });

  it("sends the username's own device token with its sign-in, and none for another username", async () => {
    saveDeviceToken('ada', 'device-of-ada');
    const fetchMock = mockFetch({
      'POST /api/admin/login': jsonResponse(loginAnswer('admin')),
      ...profileRoute('admin'),
    });
    renderRoutes(routes, '/admin/login');
    await fillIn('ada', 'secret-password');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      username: 'ada',
      password: 'secret-password',
      deviceToken: 'device-of-ada',
    });
  });

  it('falls back to the standard text when the failure has no message', async () => {
    mockFetch({ 'POST /api/admin/login': () => Promise.reject(new TypeError('boom')) });
    renderRoutes(routes, '/admin/login');
    await fillIn('ada', 'secret-password');
    // A network failure carries the client's own message.
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please try again.');
  });

  it("says 'Invalid login response: Missing token' when the answer has no token", async () => {
    const { token: _token, ...withoutToken } = loginAnswer('admin');
    mockFetch({ 'POST /api/admin/login': jsonResponse(withoutToken) });
    renderRoutes(routes, '/admin/login');
    await fillIn('ada', 'secret-password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login response: Missing token');
    expect(localStorage.getItem(AUTH_STORAGE_KEYS.adminToken)).toBeNull();
  });

  it('stores the token, the profile and the user type, then opens the dashboard', async () => {
    saveDeviceToken('someone-else', 'not-for-ada');
    const fetchMock = mockFetch({
      'POST /api/admin/login': jsonResponse(loginAnswer('admin')),
      ...profileRoute('admin'),
    });
    const { router } = renderRoutes(routes, '/admin/login');
    await fillIn('ada', 'secret-password');

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(localStorage.getItem(AUTH_STORAGE_KEYS.adminToken)).toBe('fresh-token');
    expect(localStorage.getItem(AUTH_STORAGE_KEYS.adminUserType)).toBe('Admin');
    expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEYS.adminUser) ?? 'null')).toEqual(
      makeProfile('admin').profile,
    );
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ username: 'ada', password: 'secret-password' });
  });

  it('sends a business user to the dashboard too', async () => {
    mockFetch({
      'POST /api/admin/login': jsonResponse(loginAnswer('business')),
      ...profileRoute('business'),
    });
    const { router } = renderRoutes(routes, '/admin/login');
    await fillIn('bea@acme.test', 'secret-password');

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(localStorage.getItem(AUTH_STORAGE_KEYS.adminUserType)).toBe('BusinessUser');
  });

  it('sends someone already signed in straight on to the dashboard', async () => {
    signIn('admin');
    mockFetch(profileRoute('admin'));
    const { router } = renderRoutes(routes, '/admin/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
  });
});
