import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type AdminParticipant, aliasOf } from '@wheelmeet/contracts';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/render';
import { guarded, makeWheelRow, profileRoute, renderAdminPage, signIn, WHEEL_A } from '../test-utils';
import { USERS_PAGE_SIZE, UsersPage } from './users-page';

const pages = [{ path: 'users', element: guarded('admin', <UsersPage />) }];

const participant = (index: number): AdminParticipant => ({
  id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  username: `user${index}`,
  age: 30,
  gender: 'female',
  shortBio: null,
  whoAmI: 'student',
  interests: null,
  wheelId: WHEEL_A,
  wheelName: 'Friday Mixer',
  joinedAt: '2025-03-01T10:00:00.000Z',
});

describe('users page', () => {
  it('names someone without a username as the wheel does, by their alias, never "Anonymous"', async () => {
    signIn('admin');
    const nameless = { ...participant(3), username: null };
    mockFetch({
      ...profileRoute('admin'),
      'GET /api/admin/wheels': jsonResponse([makeWheelRow()]),
      [`GET /api/admin/participants?limit=${USERS_PAGE_SIZE}&offset=0`]: jsonResponse({
        items: [nameless],
        total: 1,
      }),
    });
    renderAdminPage('/admin/users', pages);

    const table = await screen.findByRole('table', { name: 'Participants' });
    const [, row] = within(table).getAllByRole('row');
    expect(row).toHaveTextContent(aliasOf(nameless.id));
    expect(table).not.toHaveTextContent('Anonymous');
  });

  it('lists participants with their wheel and joined date, searches and pages', async () => {
    signIn('admin');
    const fetchMock = mockFetch({
      ...profileRoute('admin'),
      'GET /api/admin/wheels': jsonResponse([makeWheelRow()]),
      [`GET /api/admin/participants?limit=${USERS_PAGE_SIZE}&offset=0`]: jsonResponse({
        items: [participant(1), participant(2)],
        total: 30,
      }),
      [`GET /api/admin/participants?limit=${USERS_PAGE_SIZE}&offset=${USERS_PAGE_SIZE}`]: jsonResponse({
        items: [participant(26)],
        total: 30,
      }),
      [`GET /api/admin/participants?search=user1&limit=${USERS_PAGE_SIZE}&offset=0`]: jsonResponse({
        items: [],
        total: 0,
      }),
    });
    renderAdminPage('/admin/users', pages);

    const table = await screen.findByRole('table', { name: 'Participants' });
    const [, first] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('user1');
    expect(within(first as HTMLElement).getByRole('link', { name: 'Friday Mixer' })).toHaveAttribute(
      'href',
      `/admin/wheels/${WHEEL_A}`,
    );
    expect(first).toHaveTextContent(new Date('2025-03-01T10:00:00.000Z').toLocaleString());
    expect(screen.getByText(`Showing 1–${USERS_PAGE_SIZE} of 30`)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('user26')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await userEvent.type(screen.getByLabelText('Search by username'), 'user1');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No users match your search')).toBeInTheDocument();
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        `/api/admin/participants?search=user1&limit=${USERS_PAGE_SIZE}&offset=0`,
        expect.anything(),
      ),
    );
  });
});
