import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makePlan, PLANS } from '@/test/fixtures';
import {
  fillBusinessAccount,
  fillTestCard,
  makeClientConfig,
  makeIntent,
  makeRegisteredBusinessUser,
  TEST_SIGNUP_TOKEN,
  testModePurchaseRoutes,
} from '@/test/purchase';
import {
  errorResponse,
  type FetchRoutes,
  jsonResponse,
  LocationProbe,
  mockFetch,
  renderRoutes,
  requestBodies,
} from '@/test/render';
import { BusinessPage } from './business-page';

const REFUSED_SIGN_UP =
  'We could not create an account with these details. If you already have an account, sign in instead or use another email.';
const SIGN_UP_EXPIRED = 'Your sign-up has expired. Please enter your account details again to continue.';

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

function plainServerError(): Response {
  return new Response('Internal Server Error', {
    status: 500,
    statusText: 'Internal Server Error',
    headers: { 'Content-Type': 'text/plain' },
  });
}

function happyPath(overrides: FetchRoutes = {}) {
  return mockFetch({
    'GET /api/business/plans': jsonResponse(PLANS),
    ...testModePurchaseRoutes(makePlan(), 'eur'),
    ...overrides,
  });
}

async function openModal(user: UserEvent = userEvent.setup()) {
  await user.click(await screen.findByRole('button', { name: 'Get Started with Starter' }));
  // The checkout's code is fetched when a plan is first chosen.
  return screen.findByRole('dialog', { name: 'Get started with Starter' });
}

const pay = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Pay €29 and register' });

/** Opens the modal on /business, fills in a good account and `cardNumber`, and pays. */
async function payInModal(user: UserEvent, cardNumber = '4242424242424242') {
  renderRoutes(routes, '/business');
  const dialog = await openModal(user);
  await fillBusinessAccount(user, dialog);
  await fillTestCard(user, cardNumber, dialog);
  await user.click(pay(dialog));
  return dialog;
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

    await fillBusinessAccount(user, dialog);
    await user.type(within(dialog).getByLabelText(/^Card number/), '4242424242424242');
    expect(within(dialog).getByLabelText(/^Card number/)).toHaveValue('4242 4242 4242 4242');
    await user.type(within(dialog).getByLabelText(/^Expiry/), '1234');
    expect(within(dialog).getByLabelText(/^Expiry/)).toHaveValue('12/34');
    await user.type(within(dialog).getByLabelText(/^CVC/), '123');
    await user.click(pay(dialog));

    expect(await within(dialog).findByText('Registration successful! Redirecting...')).toBeInTheDocument();
    // The clock also runs in real time here (user-event needs it), so on a busy machine only
    // "not yet, right after the message" is safe to check, then "done 2 s later".
    expect(router.state.location.pathname).toBe('/business');
    expect(requestBodies(fetchMock, '/api/business/register')).toEqual([
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        password: 'difference-engine',
        companyName: 'Analytical Engines Ltd',
        planId: 'starter',
      },
    ]);
    expect(requestBodies(fetchMock, '/api/business/payment-intent')).toEqual([
      {
        planId: 'starter',
        currency: 'eur',
        businessUserId: makeRegisteredBusinessUser().id,
        signupToken: TEST_SIGNUP_TOKEN,
      },
    ]);
    expect(requestBodies(fetchMock, '/api/business/test-payments/confirm')).toEqual([
      { paymentIntentId: 'pi_test_123', cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    ]);

    act(() => vi.advanceTimersByTime(2_000));
    // The success page is fetched on demand: give the navigation time to load it.
    await waitFor(() => expect(router.state.location.pathname).toBe('/registration-success'), {
      timeout: 5_000,
    });
  });

  it('shows the decline and, on retry, pays for the account it already registered', async () => {
    const user = userEvent.setup();
    const fetchMock = happyPath();
    const dialog = await payInModal(user, '4000000000000002');

    expect(await within(dialog).findByText('Your card was declined.')).toBeInTheDocument();
    expect(within(dialog).getByText(/account for ada@example.com has been created/)).toBeInTheDocument();

    await fillTestCard(user, '4242424242424242', dialog);
    await user.click(pay(dialog));

    expect(await within(dialog).findByText('Registration successful! Redirecting...')).toBeInTheDocument();
    expect(requestBodies(fetchMock, '/api/business/register')).toHaveLength(1);
    expect(requestBodies(fetchMock, '/api/business/payment-intent')).toHaveLength(1);
    expect(requestBodies(fetchMock, '/api/business/test-payments/confirm')).toHaveLength(2);
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
      'POST /api/business/register': errorResponse(409, 'conflict', REFUSED_SIGN_UP),
    });
    const dialog = await payInModal(user);

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(REFUSED_SIGN_UP);
  });

  it('labels the card form in the modal as test mode: no real charge', async () => {
    happyPath();
    renderRoutes(routes, '/business');
    const dialog = await openModal();
    const cardForm = (await within(dialog).findByLabelText(/^Card number/)).closest(
      'fieldset',
    ) as HTMLElement;
    expect(within(cardForm).getByText('Test mode — no real charge')).toBeInTheDocument();
  });

  it('asks for the account again when the server no longer takes its sign-up, and registers it anew', async () => {
    const user = userEvent.setup();
    let intents = 0;
    const fetchMock = happyPath({
      'POST /api/business/payment-intent': () => {
        intents += 1;
        return intents === 1
          ? errorResponse(401, 'unauthorized', SIGN_UP_EXPIRED)
          : jsonResponse(makeIntent({ amount: 29, currency: 'eur' }), 201);
      },
    });
    const dialog = await payInModal(user);

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(SIGN_UP_EXPIRED);
    // The account fields come back with what was typed, so paying again registers anew.
    expect(await within(dialog).findByLabelText(/^First name/)).toHaveValue('Ada');
    expect(within(dialog).getByLabelText(/^Email/)).toHaveValue('ada@example.com');

    await fillTestCard(user, '4242424242424242', dialog);
    await user.click(pay(dialog));
    expect(await within(dialog).findByText('Registration successful! Redirecting...')).toBeInTheDocument();
    expect(requestBodies(fetchMock, '/api/business/register')).toHaveLength(2);
    expect(requestBodies(fetchMock, '/api/business/payment-intent')).toHaveLength(2);
  });

  it("falls back to 'Registration failed' when the server's answer says nothing usable", async () => {
    const user = userEvent.setup();
    happyPath({ 'POST /api/business/register': jsonResponse({ unexpected: true }, 201) });
    const dialog = await payInModal(user);

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Registration failed');
  });

  it("shows the server's payment intent message, else 'Failed to create payment intent'", async () => {
    const user = userEvent.setup();
    happyPath({ 'POST /api/business/payment-intent': jsonResponse({}, 201) });
    const dialog = await payInModal(user);

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to create payment intent');
  });

  describe('without a server message, never the status text', () => {
    const plain = ['a 500 in plain text', () => plainServerError()] as const;
    const offline = ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))] as const;
    const NETWORK = 'Network error. Please try again.';

    it.each([
      [...plain, 'Registration failed'],
      [...offline, NETWORK],
    ])('registration: %s', async (_case, response, message) => {
      const user = userEvent.setup();
      happyPath({ 'POST /api/business/register': response });
      const dialog = await payInModal(user);

      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent(message);
      expect(alert).not.toHaveTextContent('Internal Server Error');
    });

    it.each([
      [...plain, 'Failed to create payment intent'],
      [...offline, NETWORK],
    ])('payment intent: %s', async (_case, response, message) => {
      const user = userEvent.setup();
      happyPath({ 'POST /api/business/payment-intent': response });
      const dialog = await payInModal(user);

      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent(message);
      expect(alert).not.toHaveTextContent('Internal Server Error');
    });

    it.each([plain, offline])(
      "payment settings: 'Failed to initialize payment. Please try again.' for %s",
      async (_case, response) => {
        happyPath({ 'GET /api/config': response });
        renderRoutes(routes, '/business');
        const dialog = await openModal();

        const alert = await within(dialog).findByRole('alert');
        expect(alert).toHaveTextContent('Failed to initialize payment. Please try again.');
        expect(alert).not.toHaveTextContent('Internal Server Error');
      },
    );
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
