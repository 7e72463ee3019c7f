import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConnectionSafety } from './connection-safety';

const BO = '0f8e5b52-8d7f-4c57-9d9a-4e1f0a7b2c33';
const MATCH = '4b0c4a38-2b7e-4f3c-9d59-5a0a4f7f1e11';

function renderFor(blockedIds: string[]) {
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(
    new Response(JSON.stringify({ blockedIds }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ConnectionSafety token="tok" matchId={MATCH} partnerId={BO} partnerName="Bo" />
    </QueryClientProvider>,
  );
}

describe('ConnectionSafety', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says the person is blocked and still offers to report them', async () => {
    renderFor([BO]);
    expect(await screen.findByText('You blocked Bo.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Block or report' })).toBeInTheDocument();
  });

  it('says nothing about blocking someone who is not blocked', async () => {
    renderFor([]);
    expect(await screen.findByRole('button', { name: 'Block or report' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/You blocked/)).toBeNull();
  });

  it('takes a block back, and says the two may be paired again', async () => {
    const user = userEvent.setup();
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (_input, init) =>
        Response.json({ blockedIds: init?.method === 'DELETE' ? [] : [BO] }),
      );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ConnectionSafety token="tok" matchId={MATCH} partnerId={BO} partnerName="Bo" />
      </QueryClientProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'Unblock Bo' }));

    expect(
      await screen.findByText('Bo is unblocked: the wheel may pair you again in a later round.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('You blocked Bo.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Unblock Bo' })).toBeNull();
    const deletion = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(String(deletion?.[0])).toContain(`/api/me/safety/blocks/${BO}`);
    expect(new Headers(deletion?.[1]?.headers).get('authorization')).toBe('Bearer tok');
  });
});
