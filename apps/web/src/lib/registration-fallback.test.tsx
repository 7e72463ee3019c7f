// The participant registration form's fallbacks when the server gives no message (issue 12). The
// dialog lives in features/wheel; this test sits beside the API client whose errors it reads.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RegistrationDialog } from '@/features/wheel/components/registration-dialog';
import { WHEEL_ID } from '@/test/fixtures';
import { createTestQueryClient, mockFetch, stubAlert } from '@/test/render';

function renderDialog() {
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RegistrationDialog
        open
        onOpenChange={() => {}}
        wheel={{
          id: WHEEL_ID,
          registrationFields: null,
          innerRingLabel: null,
          outerRingLabel: null,
          ringRule: null,
        }}
        getConnectionId={() => 'socket-1'}
        onRegistered={() => {}}
      />
    </QueryClientProvider>,
  );
}

describe('participant registration without a server message', () => {
  it.each([
    [
      "'Failed to register user' for a 500 in plain text",
      () =>
        new Response('Internal Server Error', {
          status: 500,
          statusText: 'Internal Server Error',
          headers: { 'Content-Type': 'text/plain' },
        }),
      'Failed to register user',
    ],
    [
      "'Failed to register user' for a 502 from a proxy",
      () => new Response('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
      'Failed to register user',
    ],
    [
      "'Network error. Please try again.' when no answer comes",
      () => Promise.reject(new TypeError('Failed to fetch')),
      'Network error. Please try again.',
    ],
  ])('alerts %s, never the status text', async (_case, response, message) => {
    mockFetch({ 'POST /api/users/anonymous': response });
    const alert = stubAlert();
    renderDialog();
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Age' }), '40');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Gender' }), 'Male');
    await userEvent.click(screen.getByRole('button', { name: 'Join Wheel' }));

    // Shown in a native alert or in the dialog (whichever the dialog does): the text is what counts.
    const shown = () => [
      ...alert.mock.calls.map(([text]) => String(text)),
      ...screen.queryAllByRole('alert').map((element) => element.textContent ?? ''),
    ];
    await waitFor(() => expect(shown()).toContain(message));
    for (const raw of ['Internal Server Error', 'Bad Gateway']) {
      expect(shown().some((text) => text.includes(raw))).toBe(false);
    }
  });
});
