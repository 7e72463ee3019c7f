import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLANS } from '@/test/fixtures';
import { jsonResponse, LocationProbe, mockFetch, renderRoutes } from '@/test/render';
import {
  errorResponse,
  makeBusinessUser,
  makeClientConfig,
  makeIntent,
  testCardResponder,
} from '../test-utils';
import { BusinessPage } from './business-page';

const routes = [
  { path: '/business', element: <BusinessPage /> },
  { path: '/registration-success', element: <LocationProbe /> },
  { path: '/purchase/:planId', element: <LocationProbe /> },
];

beforeEach(() => {
  vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
});

function happyPath(
  overrides: Record<
    string,
    Response | ((url: string, init?: RequestInit) => Response | Promise<Response>)
  > = {},
) {
  return mockFetch({
    'GET /api/business/plans': jsonResponse(PLANS),
    'GET /api/config': jsonResponse(makeClientConfig()),
    'POST /api/business/register': jsonResponse(makeBusinessUser(), 201),
    'POST /api/business/payment-intent': jsonResponse(makeIntent(), 201),
    'POST /api/business/test-payments/confirm': testCardResponder,
    ...overrides,
  });
}

async function openModal(user: UserEvent = userEvent.setup()) {
  await user.click(await screen.findByRole('button', { name: 'Get Started with Starter' }));
  return screen.getByRole('dialog', { name: 'Get started with Starter' });
}

async function fillAccount(user: UserEvent, dialog: HTMLElement) {
  const field = (label: RegExp) => within(dialog).getByLabelText(label);
  await user.type(field(/^First name/), 'Ada');
  await user.type(field(/^Last name/), 'Lovelace');
  await user.type(field(/^Company name/), 'Analytical Engines Ltd');
  await user.type(field(/^Email/), 'ada@example.com');
  await user.type(field(/^Password/), 'difference-engine');
  await user.type(field(/^Confirm password/), 'difference-engine');
}

async function fillCard(user: UserEvent, dialog: HTMLElement, cardNumber: string) {
  const number = within(dialog).getByLabelText(/^Card number/);
  await user.clear(number);
  await user.type(number, cardNumber);
  const expiry = within(dialog).getByLabelText(/^Expiry/);
  await user.clear(expiry);
  await user.type(expiry, '1234');
  const cvc = within(dialog).getByLabelText(/^CVC/);
  await user.clear(cvc);
  await user.type(cvc, '123');
}

const pay = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Pay €29 and register' });

function requestsTo(fetchMock: ReturnType<typeof mockFetch>, path: string) {
  return fetchMock.mock.calls
    .filter(([url]) => url === path)
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

describe('pricing modal', () => {
  it("shows 'Preparing payment form...' while the payment settings load, then the form", async () => {
    let answerConfig: (response: Response) => void = () => {};
    happyPath({
      'GET /api/config': () => new Promise<Response>((resolve) => (answerConfig = resolve)),
    });
    renderRoutes(routes, '/business');
    const dialog = await openModal();

    expect(within(dialog).getByRole('status')).toHaveTextContent('Preparing payment form...');
    await act(async () => answerConfig(jsonResponse(makeClientConfig())));

    expect(await within(dialog).findByLabelText(/^First name/)).toBeInTheDocument();
    expect(within(dialog).getByText('Test mode — no real charge')).toBeInTheDocument();
    expect(within(dialog).getByText(/4242 4242 4242 4242 \(succeeds\)/)).toBeInTheDocument();
    expect(within(dialog).getByText(/4000 0000 0000 0002 \(declined\)/)).toBeInTheDocument();
  });

  it('registers, pays in euros, then says so and moves to /registration-success after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const fetchMock = happyPath();
    const { router } = renderRoutes(routes, '/business');
    const dialog = await openModal(user);
    await within(dialog).findByLabelText(/^First name/);

    await fillAccount(user, dialog);
    await user.type(within(dialog).getByLabelText(/^Card number/), '4242424242424242');
    expect(within(dialog).getByLabelText(/^Card number/)).toHaveValue('4242 4242 4242 4242');
    await user.type(within(dialog).getByLabelText(/^Expiry/), '1234');
    expect(within(dialog).getByLabelText(/^Expiry/)).toHaveValue('12/34');
    await user.type(within(dialog).getByLabelText(/^CVC/), '123');
    await user.click(pay(dialog));

    expect(await within(dialog).findByText('Registration successful! Redirecting...')).toBeInTheDocument();
    expect(requestsTo(fetchMock, '/api/business/register')).toEqual([
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        password: 'difference-engine',
        companyName: 'Analytical Engines Ltd',
        planId: 'starter',
      },
    ]);
    expect(requestsTo(fetchMock, '/api/business/payment-intent')).toEqual([
      { planId: 'starter', currency: 'eur', businessUserId: makeBusinessUser().id },
    ]);
    expect(requestsTo(fetchMock, '/api/business/test-payments/confirm')).toEqual([
      { paymentIntentId: 'pi_test_123', cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    ]);

    act(() => vi.advanceTimersByTime(1_900));
    expect(router.state.location.pathname).toBe('/business');
    act(() => vi.advanceTimersByTime(200));
    await waitFor(() => expect(router.state.location.pathname).toBe('/registration-success'));
  });

  it('shows the decline and, on retry, pays for the account it already registered', async () => {
    const user = userEvent.setup();
    const fetchMock = happyPath();
    renderRoutes(routes, '/business');
    const dialog = await openModal(user);
    await within(dialog).findByLabelText(/^First name/);

    await fillAccount(user, dialog);
    await fillCard(user, dialog, '4000000000000002');
    await user.click(pay(dialog));

    expect(await within(dialog).findByText('Your card was declined.')).toBeInTheDocument();
    expect(within(dialog).getByText(/account for ada@example.com has been created/)).toBeInTheDocument();

    await fillCard(user, dialog, '4242424242424242');
    await user.click(pay(dialog));

    expect(await within(dialog).findByText('Registration successful! Redirecting...')).toBeInTheDocument();
    expect(requestsTo(fetchMock, '/api/business/register')).toHaveLength(1);
    expect(requestsTo(fetchMock, '/api/business/payment-intent')).toHaveLength(1);
    expect(requestsTo(fetchMock, '/api/business/test-payments/confirm')).toHaveLength(2);
  });

  it('checks the account and the card together before sending anything', async () => {
    const user = userEvent.setup();
    const fetchMock = happyPath();
    renderRoutes(routes, '/business');
    const dialog = await openModal(user);
    await within(dialog).findByLabelText(/^First name/);

    await user.click(pay(dialog));

    expect(await within(dialog).findByText('First name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Please confirm your password')).toBeInTheDocument();
    expect(within(dialog).getByText('Your card number is invalid.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain('/api/business/register');
  });

  it("shows the server's registration message above the form", async () => {
    const user = userEvent.setup();
    happyPath({
      'POST /api/business/register': errorResponse(
        409,
        'conflict',
        'An account with this email already exists.',
      ),
    });
    renderRoutes(routes, '/business');
    const dialog = await openModal(user);
    await within(dialog).findByLabelText(/^First name/);
    await fillAccount(user, dialog);
    await fillCard(user, dialog, '4242424242424242');
    await user.click(pay(dialog));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'An account with this email already exists.',
    );
  });

  it("falls back to 'Registration failed' when the server's answer says nothing usable", async () => {
    const user = userEvent.setup();
    happyPath({ 'POST /api/business/register': jsonResponse({ unexpected: true }, 201) });
    renderRoutes(routes, '/business');
    const dialog = await openModal(user);
    await within(dialog).findByLabelText(/^First name/);
    await fillAccount(user, dialog);
    await fillCard(user, dialog, '4242424242424242');
    await user.click(pay(dialog));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Registration failed');
  });

  it("shows the server's payment intent message, else 'Failed to create payment intent'", async () => {
    const user = userEvent.setup();
    happyPath({ 'POST /api/business/payment-intent': jsonResponse({}, 201) });
    renderRoutes(routes, '/business');
    const dialog = await openModal(user);
    await within(dialog).findByLabelText(/^First name/);
    await fillAccount(user, dialog);
    await fillCard(user, dialog, '4242424242424242');
    await user.click(pay(dialog));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to create payment intent');
  });

  it("says 'Failed to initialize payment. Please try again.' with a Close button when the form cannot be prepared", async () => {
    const user = userEvent.setup();
    happyPath({ 'GET /api/config': errorResponse(500, 'internal_error', 'Boom') });
    renderRoutes(routes, '/business');
    const dialog = await openModal(user);

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to initialize payment. Please try again.',
    );
    const close = within(dialog)
      .getAllByRole('button', { name: 'Close' })
      .find((button) => button.textContent === 'Close');
    await user.click(close as HTMLElement);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on a click on the backdrop', async () => {
    const user = userEvent.setup();
    happyPath();
    renderRoutes(routes, '/business');
    await openModal(user);

    await user.click(screen.getByTestId('dialog-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
