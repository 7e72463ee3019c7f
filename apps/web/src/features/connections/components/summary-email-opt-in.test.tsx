import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/render';
import { renderMyConnectionsDialog, TEST_PARTICIPANT_TOKEN } from './render-my-connections-dialog';
import { SUMMARY_OPT_IN_LABEL } from './summary-email-opt-in';

const empty = jsonResponse({
  wheelId: '22222222-2222-4333-8444-555555555555',
  contactFields: [],
  connections: [],
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('email summary opt-in', () => {
  it('asks for a valid address, then saves the wish with the participant token', async () => {
    const fetchMock = mockFetch({
      'GET /api/me/connections': empty,
      'GET /api/me/summary-email': jsonResponse({ optIn: false, email: null, sentAt: null }),
      'PUT /api/me/summary-email': (_url, init) =>
        jsonResponse({ ...JSON.parse(String(init?.body)), sentAt: null }),
    });
    const dialog = renderMyConnectionsDialog();
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: SUMMARY_OPT_IN_LABEL }));
    const email = within(dialog).getByLabelText(/^Your email/);
    await userEvent.type(email, 'not-an-address');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save email choice' }));
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    await userEvent.clear(email);
    await userEvent.type(email, 'ada@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save email choice' }));
    expect(
      await within(dialog).findByText('Saved. We will email you this list after the event.'),
    ).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ optIn: true, email: 'ada@example.com' });
    expect(new Headers(put?.[1]?.headers).get('authorization')).toBe(`Bearer ${TEST_PARTICIPANT_TOKEN}`);
  });

  it('says when the summary was already sent', async () => {
    mockFetch({
      'GET /api/me/connections': empty,
      'GET /api/me/summary-email': jsonResponse({
        optIn: true,
        email: 'ada@example.com',
        sentAt: '2026-11-24T10:00:00.000Z',
      }),
    });
    const dialog = renderMyConnectionsDialog();
    expect(
      await within(dialog).findByText('Your summary was emailed to ada@example.com after the event.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: SUMMARY_OPT_IN_LABEL })).toBeNull();
  });
});
