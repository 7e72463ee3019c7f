import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { preloadDialog } from '@/components/ui/dialog';
import { CHOOSE_A_REASON, CHOOSE_SOMETHING, SafetyDialog } from './safety-dialog';

const MATCH_ID = '4b0c4a38-2b7e-4f3c-9d59-5a0a4f7f1e11';

function renderDialog(onDone = vi.fn()) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <SafetyDialog
        open
        onOpenChange={() => {}}
        token="tok"
        matchId={MATCH_ID}
        partnerName="Bo"
        onDone={onDone}
      />
    </QueryClientProvider>,
  );
  return onDone;
}

describe('SafetyDialog', () => {
  beforeAll(() => preloadDialog());
  afterEach(() => vi.restoreAllMocks());

  it('blocks and reports in one go, and says what happened', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ blocked: true, reported: true }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    const onDone = renderDialog();
    const user = userEvent.setup();
    expect(await screen.findByRole('checkbox', { name: 'Block Bo' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Report Bo to the organiser' }));
    await user.click(screen.getByRole('button', { name: 'Block and report' }));
    expect(await screen.findByText(CHOOSE_A_REASON)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(screen.getByRole('radio', { name: 'Harassment or threats' }));
    await user.type(screen.getByRole('textbox', { name: /Details/ }), 'Shouted at me');
    await user.click(screen.getByRole('button', { name: 'Block and report' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'You blocked Bo: you will not be matched again. Thank you. The organiser will see your report.',
    );
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toContain(`/api/me/safety/${MATCH_ID}`);
    expect(JSON.parse(String(init.body))).toEqual({
      block: true,
      report: { reason: 'harassment', details: 'Shouted at me' },
    });
    expect(onDone).toHaveBeenCalled();
  }, 20_000);

  it('takes the request for a reason away as soon as one is chosen', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    renderDialog();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Report Bo to the organiser' }));
    await user.click(screen.getByRole('button', { name: 'Block and report' }));
    expect(await screen.findByText(CHOOSE_A_REASON)).toBeInTheDocument();
    const reasons = screen.getByRole('group', { name: 'What happened?' });
    expect(reasons).toHaveAccessibleDescription(CHOOSE_A_REASON);

    await user.click(screen.getByRole('radio', { name: 'Harassment or threats' }));
    expect(screen.queryByText(CHOOSE_A_REASON)).not.toBeInTheDocument();
    expect(reasons).not.toHaveAccessibleDescription(CHOOSE_A_REASON);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for a choice when neither block nor report is ticked, and shows a server refusal', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(
        JSON.stringify({ error: { code: 'forbidden', reason: 'forbidden', message: 'Not your match.' } }),
        {
          status: 403,
          headers: { 'content-type': 'application/json' },
        },
      ),
    );
    renderDialog();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Block Bo' }));
    await user.click(screen.getByRole('button', { name: 'Block' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CHOOSE_SOMETHING);
    await user.click(screen.getByRole('checkbox', { name: 'Block Bo' }));
    await user.click(screen.getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Not your match.'));
  });
});
