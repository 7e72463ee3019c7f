import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AGE_RANGE_MESSAGE, type RegistrationConfig } from '@wheelmeet/contracts';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { StoredParticipant } from '@/lib/auth-storage';
import { makeStoredParticipant, WHEEL_ID } from '@/test/fixtures';
import { createTestQueryClient, jsonResponse, mockFetch, stubAlert } from '@/test/render';
import type { RingNaming } from '../hooks/ring-texts';
import { RegistrationDialog } from './registration-dialog';

const UNNAMED_RINGS: RingNaming = { innerRingLabel: null, outerRingLabel: null, ringRule: null };

function Harness({
  registrationFields = null,
  accessGrant = null,
  rings = UNNAMED_RINGS,
  onRegistered = () => {},
}: {
  registrationFields?: RegistrationConfig | null;
  accessGrant?: string | null;
  rings?: RingNaming;
  onRegistered?: (participant: StoredParticipant) => void;
}) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p data-testid="open">{String(open)}</p>
      <RegistrationDialog
        open={open}
        onOpenChange={setOpen}
        wheel={{ id: WHEEL_ID, registrationFields, ...rings }}
        accessGrant={accessGrant}
        getConnectionId={() => 'socket-1'}
        onRegistered={onRegistered}
      />
    </>
  );
}

function renderDialog(props: Parameters<typeof Harness>[0] = {}) {
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <Harness {...props} />
    </QueryClientProvider>,
  );
}

const { token, ...user } = makeStoredParticipant();
const REGISTERED = { user, token };

describe('registration dialog', () => {
  it('shows the participant defaults when the wheel has no form, each labelled, required ones marked', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Register to Join' });

    const age = within(dialog).getByRole('spinbutton', { name: 'Age' });
    expect(age).toHaveAttribute('min', '18');
    expect(age).toHaveAttribute('max', '100');
    expect(age).toHaveAttribute('step', '1');
    expect(age).toHaveAttribute('aria-required', 'true');
    expect(age.closest('div')?.querySelector('label')).toHaveTextContent('Age*');

    const gender = within(dialog).getByRole('combobox', { name: 'Gender' });
    expect(gender).toHaveAttribute('aria-required', 'true');
    expect(
      within(gender)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select Gender', 'Male', 'Female', 'Other']);

    const bio = within(dialog).getByRole('textbox', { name: 'Short Bio' });
    expect(bio.tagName).toBe('TEXTAREA');
    expect(bio).not.toHaveAttribute('aria-required');
    expect(bio.closest('div')?.querySelector('label')).toHaveTextContent(/^Short Bio$/);
    expect(within(dialog).getByRole('combobox', { name: 'Who am I' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Interests' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Join Wheel' })).toBeInTheDocument();
  });

  it("builds the form from the wheel's enabled fields, checkbox included", () => {
    renderDialog({
      registrationFields: {
        enabled: true,
        fields: [
          { id: 'u', name: 'username', label: 'Username', type: 'text', required: true, enabled: true },
          { id: 'a', name: 'age', label: 'Age', type: 'number', required: true, enabled: false },
          {
            id: 'c',
            name: 'consent',
            label: 'I agree to the rules',
            type: 'checkbox',
            required: true,
            enabled: true,
          },
        ],
      },
    });
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: 'Username' })).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'I agree to the rules' })).not.toBeChecked();
    expect(within(dialog).queryByRole('spinbutton', { name: 'Age' })).not.toBeInTheDocument();
  });

  it('shows several options as a group of checkboxes and registers the chosen ones as one answer', async () => {
    const fetchMock = mockFetch({ 'POST /api/users/anonymous': jsonResponse(REGISTERED, 201) });
    const onRegistered = vi.fn();
    renderDialog({
      onRegistered,
      registrationFields: {
        enabled: true,
        fields: [
          {
            id: 't',
            name: 'topics',
            label: 'Topics',
            type: 'multiselect',
            required: true,
            options: ['ai', 'design', 'sales'],
            enabled: true,
          },
        ],
      },
    });
    const topics = screen.getByRole('group', { name: 'Topics' });
    expect(topics.querySelector('legend')).toHaveTextContent('Topics*');
    expect(
      within(topics)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Ai', 'Design', 'Sales']);

    await userEvent.click(screen.getByRole('button', { name: 'Join Wheel' }));
    expect(await screen.findByText('Topics is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.click(within(topics).getByRole('checkbox', { name: 'Ai' }));
    await userEvent.click(within(topics).getByRole('checkbox', { name: 'Design' }));
    await userEvent.click(within(topics).getByRole('checkbox', { name: 'Sales' }));
    await userEvent.click(within(topics).getByRole('checkbox', { name: 'Design' }));
    await userEvent.click(screen.getByRole('button', { name: 'Join Wheel' }));

    await waitFor(() => expect(onRegistered).toHaveBeenCalled());
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
    // The shared schema joins the chosen options, as the server stores them.
    expect(body.registrationData).toEqual({ topics: 'ai, sales' });
  });

  it("tells the person which ring their answer to the wheel's rule seats them on", async () => {
    renderDialog({
      registrationFields: {
        enabled: true,
        fields: [
          {
            id: 'r',
            name: 'role',
            label: 'Role',
            type: 'select',
            required: true,
            options: ['mentor', 'mentee', 'observer'],
            enabled: true,
          },
        ],
      },
      rings: {
        innerRingLabel: 'Mentors',
        outerRingLabel: 'Mentees',
        ringRule: { field: 'role', inner: ['mentor'], outer: ['Mentee'] },
      },
    });
    // Nothing said before the question is answered.
    expect(screen.queryByText(/You will sit|You may sit/)).not.toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Mentee');
    expect(screen.getByRole('status')).toHaveTextContent(
      'You will sit among the Mentees, on the outer ring.',
    );

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Observer');
    expect(screen.getByRole('status')).toHaveTextContent('You may sit on either ring.');
  });

  it('checks answers with the shared schema before calling the server', async () => {
    const fetchMock = mockFetch({});
    renderDialog();

    await userEvent.type(screen.getByRole('spinbutton', { name: 'Age' }), '17');
    await userEvent.click(screen.getByRole('button', { name: 'Join Wheel' }));

    expect(await screen.findByText(AGE_RANGE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Age' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Gender is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('registers with the answers keyed by field name and hands back the user with its token', async () => {
    const fetchMock = mockFetch({ 'POST /api/users/anonymous': jsonResponse(REGISTERED, 201) });
    const onRegistered = vi.fn();
    renderDialog({ onRegistered });

    await userEvent.type(screen.getByRole('spinbutton', { name: 'Age' }), '40');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Gender' }), 'Female');
    await userEvent.type(screen.getByRole('textbox', { name: 'Interests' }), '  chess ');
    await userEvent.click(screen.getByRole('button', { name: 'Join Wheel' }));

    // The answers stay with the participant, for the wheel's ring rule.
    await waitFor(() =>
      expect(onRegistered).toHaveBeenCalledWith(
        makeStoredParticipant({ answers: { age: 40, gender: 'female', interests: 'chess' } }),
      ),
    );
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
    expect(body).toEqual({
      wheelId: WHEEL_ID,
      sessionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      connectionId: 'socket-1',
      registrationData: { age: 40, gender: 'female', interests: 'chess' },
    });
  });

  it.each([
    ['with the grant that unlocked a private wheel', 'grant-of-this-browser', 'grant-of-this-browser'],
    ['without a grant on a public wheel', null, null],
  ])('registers %s in the x-wheel-access header', async (_case, accessGrant, header) => {
    const fetchMock = mockFetch({ 'POST /api/users/anonymous': jsonResponse(REGISTERED, 201) });
    const onRegistered = vi.fn();
    renderDialog({ accessGrant, onRegistered });

    await userEvent.type(screen.getByRole('spinbutton', { name: 'Age' }), '40');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Gender' }), 'Female');
    await userEvent.click(screen.getByRole('button', { name: 'Join Wheel' }));

    await waitFor(() => expect(onRegistered).toHaveBeenCalled());
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('x-wheel-access')).toBe(header);
  });

  it('says a still-locked private wheel needs its access code rather than registering', async () => {
    mockFetch({
      'POST /api/users/anonymous': jsonResponse(
        {
          error: {
            code: 'forbidden',
            reason: 'access_required',
            message: 'This wheel is private. Unlock it with its access code first.',
          },
        },
        403,
      ),
    });
    const onRegistered = vi.fn();
    renderDialog({ onRegistered });
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Age' }), '40');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Gender' }), 'Female');
    await userEvent.click(screen.getByRole('button', { name: 'Join Wheel' }));

    const dialog = screen.getByRole('dialog', { name: 'Register to Join' });
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'This wheel is private. Unlock it with its access code first.',
      ),
    );
    expect(onRegistered).not.toHaveBeenCalled();
  });

  it("puts the server's field errors beside their fields", async () => {
    mockFetch({
      'POST /api/users/anonymous': jsonResponse(
        {
          error: {
            code: 'validation_failed',
            reason: 'validation_failed',
            message: 'Invalid registration.',
            details: [{ path: 'registrationData.gender', message: 'Choose one of the options for Gender' }],
          },
        },
        400,
      ),
    });
    renderDialog();
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Age' }), '40');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Gender' }), 'Other');
    await userEvent.click(screen.getByRole('button', { name: 'Join Wheel' }));

    expect(await screen.findByText('Choose one of the options for Gender')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Gender' })).toHaveAttribute('aria-invalid', 'true');
  });

  it.each([
    [
      'the server message when the wheel is full',
      jsonResponse(
        { error: { code: 'conflict', reason: 'wheel_full', message: 'This wheel is full.' } },
        409,
      ),
      'This wheel is full.',
    ],
    [
      'a network error when there is no answer',
      () => Promise.reject(new TypeError('offline')),
      'Network error. Please try again.',
    ],
    [
      'the fallback for an unreadable answer',
      new Response('oops', { status: 200 }),
      'Failed to register user',
    ],
  ])('says %s in the dialog, not in a native alert', async (_case, response, message) => {
    mockFetch({ 'POST /api/users/anonymous': response });
    const alert = stubAlert();
    renderDialog();
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Age' }), '40');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Gender' }), 'Male');
    await userEvent.click(screen.getByRole('button', { name: 'Join Wheel' }));

    const dialog = screen.getByRole('dialog', { name: 'Register to Join' });
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(message));
    expect(alert).not.toHaveBeenCalled();
  });

  it('puts the first focus on the first field, not the close button', () => {
    renderDialog();
    expect(screen.getByRole('spinbutton', { name: 'Age' })).toHaveFocus();
  });

  it('closes on a click on the backdrop but not on a click inside', async () => {
    renderDialog();
    await userEvent.click(screen.getByRole('heading', { name: 'Register to Join' }));
    expect(screen.getByTestId('open')).toHaveTextContent('true');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await userEvent.click(screen.getByTestId('dialog-backdrop'));
    expect(screen.getByTestId('open')).toHaveTextContent('false');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
