import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, mockFetch, renderRoutes } from '@/test/render';
import { CtaSection } from './cta-section';
import { DEMO_REQUEST_THANK_YOU } from './demo-request-dialog';

const STORED = {
  id: '0f0e0d0c-0b0a-4908-8706-050403020100',
  companyName: 'Westbrook University',
  contactPerson: 'Grace Hopper',
  email: 'grace@westbrook.edu',
  phoneNumber: '+44 20 7946 0000',
  requestDate: '2025-03-01T10:00:00.000Z',
};

async function openDemoDialog() {
  renderRoutes([{ path: '/', element: <CtaSection /> }], '/');
  await userEvent.click(screen.getByRole('button', { name: 'Request Demo' }));
  return screen.getByRole('dialog', { name: 'Request a demo' });
}

async function fillDemoForm(
  overrides: Partial<Record<'name' | 'telephone' | 'company' | 'email', string>> = {},
) {
  const values = {
    name: 'Grace Hopper',
    telephone: '+44 20 7946 0000',
    company: 'Westbrook University',
    email: 'grace@westbrook.edu',
    ...overrides,
  };
  await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), values.name);
  await userEvent.type(screen.getByRole('textbox', { name: 'Telephone' }), values.telephone);
  await userEvent.type(screen.getByRole('textbox', { name: 'Company/Institute' }), values.company);
  await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), values.email);
}

describe('demo request dialog', () => {
  it('shows a message beside each required field', async () => {
    const fetchMock = mockFetch({});
    const dialog = await openDemoDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));

    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Telephone number is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Company/Institute name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Email address is required')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      'Name is required',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says 'Invalid email address' for a top-level domain of five letters", async () => {
    const fetchMock = mockFetch({});
    const dialog = await openDemoDialog();
    await fillDemoForm({ email: 'grace@westbrook.campus' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));

    expect(await within(dialog).findByText('Invalid email address')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the request and replaces the form with the thank-you message', async () => {
    const fetchMock = mockFetch({ 'POST /api/business/demo-request': jsonResponse(STORED, 201) });
    const dialog = await openDemoDialog();
    await fillDemoForm();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));

    expect(await within(dialog).findByText(DEMO_REQUEST_THANK_YOU)).toBeInTheDocument();
    expect(DEMO_REQUEST_THANK_YOU).toBe(
      'Thank you for your request! We have received your request and will contact you soon.',
    );
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      name: 'Grace Hopper',
      telephone: '+44 20 7946 0000',
      company: 'Westbrook University',
      email: 'grace@westbrook.edu',
    });

    // The visible Close button, not the dialog's × (also named Close).
    const close = within(dialog)
      .getAllByRole('button', { name: 'Close' })
      .find((button) => button.textContent === 'Close');
    await userEvent.click(close as HTMLElement);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's message above the form", async () => {
    mockFetch({
      'POST /api/business/demo-request': errorResponse(
        503,
        'service_unavailable',
        'Demo requests are paused.',
      ),
    });
    const dialog = await openDemoDialog();
    await fillDemoForm();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Demo requests are paused.');
    const nameField = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(alert.compareDocumentPosition(nameField) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Grace Hopper');
  });

  it("falls back to 'Failed to send demo request' when the server's answer says nothing usable", async () => {
    mockFetch({ 'POST /api/business/demo-request': jsonResponse({ unexpected: true }, 201) });
    const dialog = await openDemoDialog();
    await fillDemoForm();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to send demo request');
  });

  it.each([
    [
      'a 500 in plain text',
      () =>
        new Response('Internal Server Error', {
          status: 500,
          statusText: 'Internal Server Error',
          headers: { 'Content-Type': 'text/plain' },
        }),
      'Failed to send demo request',
    ],
    [
      'a network error',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'Network error. Please try again.',
    ],
  ])('without a server message, never shows the status text: %s', async (_case, response, message) => {
    mockFetch({ 'POST /api/business/demo-request': response });
    const dialog = await openDemoDialog();
    await fillDemoForm();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(alert).not.toHaveTextContent('Internal Server Error');
  });

  it("puts the server's field errors beside their fields", async () => {
    mockFetch({
      'POST /api/business/demo-request': errorResponse(400, 'validation_failed', 'Invalid request.', [
        { path: 'body.email', message: 'Invalid email address' },
      ]),
    });
    const dialog = await openDemoDialog();
    await fillDemoForm();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));

    expect(await within(dialog).findByText('Invalid email address')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });
});
