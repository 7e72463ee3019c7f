import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PLANS } from '@/test/fixtures';
import { errorResponse, jsonResponse, mockFetch } from '@/test/render';
import { guarded, makeBusinessUser, profileRoute, renderAdminPage, signIn, typeInto } from '../test-utils';
import { BusinessUsersPage } from './business-users-page';

const pages = [{ path: 'business-users', element: guarded('admin', <BusinessUsersPage />) }];
const USER = makeBusinessUser();

function open(routes: Parameters<typeof mockFetch>[0]) {
  signIn('admin');
  const fetchMock = mockFetch({
    ...profileRoute('admin'),
    'GET /api/business/plans': jsonResponse(PLANS),
    ...routes,
  });
  renderAdminPage('/admin/business-users', pages);
  return fetchMock;
}

describe('business users page', () => {
  it('lists the business users with a link to their report', async () => {
    open({ 'GET /api/admin/business-users': jsonResponse([USER]) });
    const table = await screen.findByRole('table', { name: 'Business users' });
    expect(within(table).getByText('Bea Baker')).toBeInTheDocument();
    expect(within(table).getByText('Starter')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Report for Bea Baker' })).toHaveAttribute(
      'href',
      `/admin/reports/business-user/${USER.id}`,
    );
  });

  it("shows 'Failed to load business users' when the list fails without a message", async () => {
    open({ 'GET /api/admin/business-users': errorResponse(500, 'internal_error', '') });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load business users');
  });

  it("requires a password for a new user ('Password is required for new users')", async () => {
    const fetchMock = open({
      'GET /api/admin/business-users': jsonResponse([]),
      'POST /api/admin/business-users': jsonResponse(USER, 201),
    });
    expect(await screen.findByText('No business users found')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create Business User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Business User' });
    expect(within(dialog).queryByLabelText('Active')).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Business User' }));
    expect(await within(dialog).findByText('Password is required for new users')).toBeInTheDocument();
    expect(within(dialog).getByText('First name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Plan is required')).toBeInTheDocument();

    await typeInto(dialog, {
      'First name': 'Bea',
      'Last name': 'Baker',
      Email: 'bea@acme.test',
      'Company name': 'Acme',
      Password: 'long-enough',
    });
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Plan/), 'professional');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Business User' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      firstName: 'Bea',
      lastName: 'Baker',
      email: 'bea@acme.test',
      companyName: 'Acme',
      planId: 'professional',
      password: 'long-enough',
    });
  });

  it("maps the server's field errors and prefers its message", async () => {
    open({
      'GET /api/admin/business-users': jsonResponse([USER]),
      [`PUT /api/admin/business-users/${USER.id}`]: errorResponse(409, 'conflict', 'Email already in use', [
        { path: 'body.email', message: 'This email is already registered' },
      ]),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Bea Baker' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Business User' });
    expect(within(dialog).getByLabelText('Active')).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('This email is already registered')).toBeInTheDocument();
  });

  it('asks before deleting, saying it cannot be undone', async () => {
    open({
      'GET /api/admin/business-users': jsonResponse([USER]),
      [`DELETE /api/admin/business-users/${USER.id}`]: errorResponse(500, 'internal_error', ''),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Bea Baker' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete business user' });
    expect(dialog).toHaveTextContent('cannot be undone');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to delete business user');
  });
});
