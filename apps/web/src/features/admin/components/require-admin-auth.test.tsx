import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUTH_STORAGE_KEYS } from '@/lib/auth-storage';
import { errorResponse, mockFetch, renderRoutes } from '@/test/render';
import { adminRoutes, profileRoute, signIn } from '../test-utils';

const routes = adminRoutes([]);

function expectSignedOut() {
  expect(localStorage.getItem(AUTH_STORAGE_KEYS.adminToken)).toBeNull();
  expect(localStorage.getItem(AUTH_STORAGE_KEYS.adminUser)).toBeNull();
  expect(localStorage.getItem(AUTH_STORAGE_KEYS.adminUserType)).toBeNull();
}

describe('admin guard', () => {
  it('sends a visitor without a token to the login page without asking the server', async () => {
    const fetchMock = mockFetch({});
    const { router } = renderRoutes(routes, '/admin/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('verifies the stored token by fetching the profile, with the token as bearer', async () => {
    signIn('admin');
    const fetchMock = mockFetch(profileRoute('admin'));
    renderRoutes(routes, '/admin/dashboard');

    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/profile');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer token-123' });
  });

  it('clears everything and goes to the login page when the profile answers 401', async () => {
    signIn('admin');
    mockFetch({ 'GET /api/admin/profile': errorResponse(401, 'unauthorized', 'Your session has expired.') });
    const { router } = renderRoutes(routes, '/admin/dashboard');

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expectSignedOut();
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
  });

  it('also signs out when the profile cannot be fetched at all', async () => {
    signIn('admin');
    mockFetch({ 'GET /api/admin/profile': errorResponse(500, 'internal_error', 'Something broke.') });
    const { router } = renderRoutes(routes, '/admin/dashboard');

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expectSignedOut();
  });
});
