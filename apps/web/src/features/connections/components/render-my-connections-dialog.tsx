import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createTestQueryClient } from '@/test/render';
import { MyConnectionsDialog } from './my-connections-dialog';

/** The participant's token the tests' dialog sends. */
export const TEST_PARTICIPANT_TOKEN = 'participant-token';

/** Opens My connections, as the wheel page does, for tests; returns the dialog. */
export function renderMyConnectionsDialog(): HTMLElement {
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MyConnectionsDialog token={TEST_PARTICIPANT_TOKEN} open onOpenChange={() => {}} />
    </QueryClientProvider>,
  );
  return screen.getByRole('dialog', { name: 'My connections' });
}
