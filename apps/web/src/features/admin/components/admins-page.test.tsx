import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, mockFetch } from '@/test/render';
import { guarded, makeAdminUser, profileRoute, renderAdminPage, signIn, typeInto } from '../test-utils';
import { AdminsPage } from './admins-page';

const pages = [{ path: 'admins', element: guarded('super-admin', <AdminsPage />) }];
const OTHER = makeAdminUser({
  id: '77777777-7777-4777-8777-777777777777',
  username: 'grace',
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@wheelmeet.test',
  isSuperAdmin: false,
});

function open(routes: Parameters<typeof mockFetch>[0]) {
  signIn('super-admin');
  const fetchMock = mockFetch({ ...profileRoute('super-admin'), ...routes });
  renderAdminPage('/admin/admins', pages);
  return fetchMock;
}

describe('admins page', () => {
  it("says 'No admins found' for an empty list", async () => {
    open({ 'GET /api/admin/users': jsonResponse([]) });
    expect(await screen.findByText('No admins found')).toBeInTheDocument();
  });

  it("says 'Failed to load admins' when the list cannot be loaded", async () => {
    open({ 'GET /api/admin/users': () => Promise.reject(new TypeError('offline')) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load admins');
  });

  it('creates an admin: the password is required for a new one', async () => {
    const fetchMock = open({
      'GET /api/admin/users': jsonResponse([makeAdminUser()]),
      'POST /api/admin/users': jsonResponse(OTHER, 201),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Create Admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Admin' });
    expect(within(dialog).queryByLabelText('Active')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Admin' }));
    expect(await within(dialog).findByText('Username is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Password is required')).toBeInTheDocument();

    await typeInto(dialog, {
      Username: 'grace',
      Email: 'grace@wheelmeet.test',
      'First name': 'Grace',
      'Last name': 'Hopper',
      Password: 'long-enough',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Admin' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      username: 'grace',
      email: 'grace@wheelmeet.test',
      firstName: 'Grace',
      lastName: 'Hopper',
      password: 'long-enough',
      isSuperAdmin: false,
    });
  });

  it('edits an admin: a blank password is left out and the active checkbox shows', async () => {
    const fetchMock = open({
      'GET /api/admin/users': jsonResponse([makeAdminUser(), OTHER]),
      [`PUT /api/admin/users/${OTHER.id}`]: jsonResponse({ ...OTHER, isActive: false }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit grace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Admin' });
    await userEvent.click(within(dialog).getByLabelText('Active'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    const body = JSON.parse(String(put?.[1]?.body));
    expect(body).not.toHaveProperty('password');
    expect(body).toMatchObject({ username: 'grace', isActive: false });
  });

  it("asks before deleting and shows the server's refusal", async () => {
    open({
      'GET /api/admin/users': jsonResponse([makeAdminUser()]),
      [`DELETE /api/admin/users/${makeAdminUser().id}`]: errorResponse(
        409,
        'conflict',
        'You cannot delete your own account.',
      ),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete ada' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete admin' });
    expect(dialog).toHaveTextContent('This action cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You cannot delete your own account.');
  });
});
