import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
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
});
