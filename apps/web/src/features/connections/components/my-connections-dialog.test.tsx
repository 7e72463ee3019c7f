import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Connection, MyConnections } from '@wheelmeet/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, mockFetch, requestBodies } from '@/test/render';
import { CONNECTIONS_REFRESH_MS } from '../api/connections';
import { NO_CONNECTIONS_MESSAGE } from './my-connections-dialog';
import { renderMyConnectionsDialog, TEST_PARTICIPANT_TOKEN } from './render-my-connections-dialog';

const MATCH_ID = '7d6c5b4a-3928-4170-8e9f-a1b2c3d4e5f6';
const connection: Connection = {
  matchId: MATCH_ID,
  round: 2,
  partner: { id: '11111111-2222-4333-8444-555555555555', displayName: 'Ada' },
  metAt: '2026-11-23T10:00:00.000Z',
  declined: false,
  mine: null,
  partnerContact: null,
};
const list = (
  connections: Connection[],
  contactFields: MyConnections['contactFields'] = ['email', 'phone'],
) => jsonResponse({ wheelId: '22222222-2222-4333-8444-555555555555', contactFields, connections });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('My connections', () => {
  it('says who is there before anyone met', async () => {
    mockFetch({ 'GET /api/me/connections': list([]) });
    const dialog = renderMyConnectionsDialog();
    expect(await within(dialog).findByText(NO_CONNECTIONS_MESSAGE)).toBeInTheDocument();
  });

  it("shares only the organiser's fields, with the participant's token, and shows the partner's details once both shared", async () => {
    const fetchMock = mockFetch({
      'GET /api/me/connections': list([connection]),
      [`PUT /api/me/connections/${MATCH_ID}`]: jsonResponse({
        ...connection,
        mine: { share: true, contact: { email: 'me@example.com' }, rating: 'up', note: null },
        partnerContact: { email: 'ada@example.com', phone: '+44 20 7946 0958' },
      }),
    });
    const dialog = renderMyConnectionsDialog();
    expect(await within(dialog).findByRole('heading', { name: 'Ada' })).toBeInTheDocument();
    expect(within(dialog).getByText(/once you have both chosen to share/)).toBeInTheDocument();

    await userEvent.click(within(dialog).getByLabelText('Share my contact details with Ada'));
    expect(within(dialog).queryByLabelText('LinkedIn profile')).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Email'), 'me@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Good' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('Saved.')).toBeInTheDocument();
    expect(requestBodies(fetchMock, `/api/me/connections/${MATCH_ID}`)).toEqual([
      {
        share: true,
        contact: { email: 'me@example.com' },
        rating: 'up',
        note: null,
      },
    ]);
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[1]?.headers).toMatchObject({ Authorization: `Bearer ${TEST_PARTICIPANT_TOKEN}` });
    expect(within(dialog).getByRole('link', { name: 'ada@example.com' })).toHaveAttribute(
      'href',
      'mailto:ada@example.com',
    );
    expect(within(dialog).getByRole('link', { name: '+44 20 7946 0958' })).toHaveAttribute(
      'href',
      'tel:+44 20 7946 0958',
    );
  });

  it("shows the server's reason when a choice cannot be saved", async () => {
    mockFetch({
      'GET /api/me/connections': list([connection]),
      [`PUT /api/me/connections/${MATCH_ID}`]: errorResponse(
        400,
        'validation_failed',
        'Add at least one way to reach you, or choose not to share.',
      ),
    });
    const dialog = renderMyConnectionsDialog();
    await userEvent.click(await within(dialog).findByLabelText('Share my contact details with Ada'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Add at least one way to reach you, or choose not to share.'),
    ).toBeInTheDocument();
  });

  it("shows the partner's share while the dialog stays open, without reopening it", async () => {
    let asked = 0;
    const shared = { ...connection, partnerContact: { email: 'ada@example.com' } };
    mockFetch({
      'GET /api/me/connections': () => {
        asked += 1;
        return list([asked === 1 ? connection : shared]);
      },
    });
    const dialog = renderMyConnectionsDialog();
    expect(await within(dialog).findByText(/once you have both chosen to share/)).toBeInTheDocument();

    expect(
      await within(dialog).findByRole(
        'link',
        { name: 'ada@example.com' },
        { timeout: CONNECTIONS_REFRESH_MS + 3_000 },
      ),
    ).toHaveAttribute('href', 'mailto:ada@example.com');
    expect(within(dialog).queryByText(/once you have both chosen to share/)).not.toBeInTheDocument();
  }, 15_000);

  it('rates with drawn thumbs named Good and Not great, no emoji that a missing font shows as boxes', async () => {
    mockFetch({ 'GET /api/me/connections': list([connection]) });
    const dialog = renderMyConnectionsDialog();
    const good = await within(dialog).findByRole('button', { name: 'Good' });
    const notGreat = within(dialog).getByRole('button', { name: 'Not great' });
    for (const button of [good, notGreat]) {
      expect(button.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
      expect(button.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
    }
    await userEvent.click(notGreat);
    expect(notGreat).toHaveAttribute('aria-pressed', 'true');
    expect(good).toHaveAttribute('aria-pressed', 'false');
  });

  it('keeps the title out of the scrolling part: the list scrolls beneath it, with no scroll box of its own', async () => {
    mockFetch({ 'GET /api/me/connections': list([connection]) });
    const dialog = renderMyConnectionsDialog();
    const name = await within(dialog).findByRole('heading', { name: 'Ada' });
    const body = within(dialog).getByTestId('dialog-body');
    expect(body).toHaveClass('overflow-y-auto');
    expect(body).toContainElement(name);
    expect(body).not.toContainElement(within(dialog).getByRole('heading', { name: 'My connections' }));
    // One scrolling area: nothing between the body and the person's card scrolls on its own.
    for (let node = name.parentElement; node && node !== body; node = node.parentElement) {
      expect(node.className).not.toMatch(/overflow-(y-)?(auto|scroll)|max-h-/);
    }
  });
});
