import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AUTH_STORAGE_KEYS } from '@/lib/auth-storage';
import { mockFetch } from '@/test/render';
import { guarded, profileRoute, type Role, renderAdminPage, signIn } from '../test-utils';

const pages = [
  { path: 'settings', element: guarded('admin', <h1>Settings page</h1>) },
  { path: 'admins', element: guarded('super-admin', <h1>Admins page</h1>) },
];

async function sidebarFor(role: Role) {
  signIn(role);
  mockFetch(profileRoute(role));
  const rendered = renderAdminPage('/admin/dashboard', pages);
  const nav = await screen.findByRole('navigation', { name: 'Admin' });
  const labels = within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
  return { ...rendered, nav, labels };
}

describe('admin layout', () => {
  it('shows a super admin every page, Admins included', async () => {
    const { labels } = await sidebarFor('super-admin');
    expect(labels).toEqual([
      'Dashboard',
      'Users',
      'Wheels',
      'Business Users',
      'Demo Requests',
      'Admins',
      'Settings',
    ]);
  });

  it('hides Admins from a plain admin', async () => {
    const { labels } = await sidebarFor('admin');
    expect(labels).toEqual(['Dashboard', 'Users', 'Wheels', 'Business Users', 'Demo Requests', 'Settings']);
  });

  it('shows a business user only Dashboard, My Wheels and API keys', async () => {
    const { nav, labels } = await sidebarFor('business');
    expect(labels).toEqual(['Dashboard', 'My Wheels', 'API keys']);
    expect(within(nav).getByRole('link', { name: 'My Wheels' })).toHaveAttribute('href', '/admin/wheels');
  });

  it("trusts the server's profile over the stored one", async () => {
    // The stored user claims super admin; the server says otherwise.
    signIn('super-admin');
    mockFetch(profileRoute('admin'));
    renderAdminPage('/admin/dashboard', pages);
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    expect(within(nav).queryByRole('link', { name: 'Admins' })).not.toBeInTheDocument();
  });

  it("shows the user's first and last name and marks the current page", async () => {
    const { nav } = await sidebarFor('admin');
    expect(screen.getByRole('banner')).toHaveTextContent('Ada Admin');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('logs out: clears the session and returns to the login page', async () => {
    const { router } = await sidebarFor('admin');
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(localStorage.getItem(AUTH_STORAGE_KEYS.adminToken)).toBeNull();
  });

  it('folds the sidebar into a menu button on phones', async () => {
    await sidebarFor('admin');
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
  });

  it.each([
    ['business', '/admin/settings'],
    ['admin', '/admin/admins'],
  ] as const)('sends a %s away from %s to the dashboard', async (role, path) => {
    signIn(role);
    mockFetch(profileRoute(role));
    const { router } = renderAdminPage(path, pages);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
  });

  it('lets a super admin open the Admins page', async () => {
    signIn('super-admin');
    mockFetch(profileRoute('super-admin'));
    renderAdminPage('/admin/admins', pages);
    expect(await screen.findByRole('heading', { name: 'Admins page' })).toBeInTheDocument();
  });
});
