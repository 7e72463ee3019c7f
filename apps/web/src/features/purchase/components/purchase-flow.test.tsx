import { act, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makePlan } from '@/test/fixtures';
import {
  fillBusinessAccount,
  fillTestCard,
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
import { PURCHASE_ACCOUNT_KEY } from '../lib/purchase-account-storage';
import { PurchasePage } from './purchase-page';

const REFUSED_SIGN_UP =
  'We could not create an account with these details. If you already have an account, sign in instead or use another email.';
const SIGN_UP_EXPIRED = 'Your sign-up has expired. Please enter your account details again to continue.';
const PLAN = makePlan({ id: 'professional', name: 'Professional', price: 79.5 });
const routes = [
  { path: '/purchase/:planId', element: <PurchasePage /> },
  { path: '/pricing', element: <LocationProbe /> },
];

function mockServer(overrides: FetchRoutes = {}) {
  return mockFetch({ ...testModePurchaseRoutes(PLAN, 'usd'), ...overrides });
}

function open() {
  return renderRoutes(routes, { pathname: `/purchase/${PLAN.id}`, state: { plan: PLAN } });
}

function stepItems() {
  return within(screen.getByRole('list', { name: 'Purchase steps' })).getAllByRole('listitem');
}

const STORED_ACCOUNT = {
  id: '9e8d7c6b-5a49-4382-8716-0f1e2d3c4b5a',
  email: 'grace@example.com',
  planId: PLAN.id,
  signupToken: 'signup.token.for-grace',
};

function storeAccount(account: Record<string, unknown> = STORED_ACCOUNT) {
  sessionStorage.setItem(PURCHASE_ACCOUNT_KEY, JSON.stringify(account));
}

const storedAccount = () => sessionStorage.getItem(PURCHASE_ACCOUNT_KEY);

async function createAccount(user: UserEvent) {
  await fillBusinessAccount(user);
  await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
  await screen.findByRole('heading', { name: 'Payment' });
}

describe('purchase flow', () => {
  it('checks the account step with the spec messages', async () => {
    const user = userEvent.setup();
    const fetchMock = mockServer();
    open();

    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    for (const message of [
      'First name is required',
      'Last name is required',
      'Company name is required',
      'Email is required',
      'Password is required',
      'Please confirm your password',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }

    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.type(screen.getByLabelText(/^Confirm password/), 'different');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Phone number/)).not.toHaveAttribute('aria-invalid');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message, else 'Failed to create account. Please try again.'", async () => {
    const user = userEvent.setup();
    mockServer({
      'POST /api/business/register': errorResponse(409, 'conflict', REFUSED_SIGN_UP),
    });
    open();
    await fillBusinessAccount(user);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(REFUSED_SIGN_UP);
    expect(stepItems()[0]).toHaveAttribute('aria-current', 'step');
  });

  it("falls back to 'Failed to create account. Please try again.'", async () => {
    const user = userEvent.setup();
    mockServer({ 'POST /api/business/register': jsonResponse({ nope: true }, 201) });
    open();
    await fillBusinessAccount(user);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create account. Please try again.');
  });

  it("puts the server's field errors beside the fields", async () => {
    const user = userEvent.setup();
    mockServer({
      'POST /api/business/register': errorResponse(400, 'validation_failed', 'Invalid request.', [
        { path: 'body.email', message: 'Please enter a valid email address' },
      ]),
    });
    open();
    await fillBusinessAccount(user);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('opens a payment intent in USD on entering step 2 and marks Account completed', async () => {
    const user = userEvent.setup();
    const fetchMock = mockServer();
    open();
    await createAccount(user);

    const steps = stepItems();
    expect(steps[0]).not.toHaveAttribute('aria-current');
    expect(steps[0]).toHaveTextContent('Account (completed)');
    expect(steps[1]).toHaveAttribute('aria-current', 'step');
    expect(steps[2]).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('heading', { name: 'Payment' })).toHaveFocus();

    expect(await screen.findByRole('button', { name: 'Pay $79.50' })).toBeInTheDocument();
    expect(requestBodies(fetchMock, '/api/business/register')).toEqual([
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        password: 'difference-engine',
        companyName: 'Analytical Engines Ltd',
        planId: 'professional',
      },
    ]);
    expect(requestBodies(fetchMock, '/api/business/payment-intent')).toEqual([
      {
        planId: 'professional',
        currency: 'usd',
        businessUserId: makeRegisteredBusinessUser().id,
        signupToken: TEST_SIGNUP_TOKEN,
      },
    ]);
    expect(screen.getByText('Test mode — no real charge')).toBeInTheDocument();
  });

  it("labels the payment step's card form 'Test mode — no real charge', also when resumed after a reload", async () => {
    const user = userEvent.setup();
    mockServer();
    const first = open();
    await createAccount(user);
    const cardForm = (await screen.findByLabelText(/^Card number/)).closest('fieldset') as HTMLElement;
    expect(within(cardForm).getByText('Test mode — no real charge')).toBeInTheDocument();
    first.unmount();

    open();
    const resumedForm = (await screen.findByLabelText(/^Card number/)).closest('fieldset') as HTMLElement;
    expect(
      screen.getByText(`Continuing the purchase for ${makeRegisteredBusinessUser().email}.`),
    ).toBeInTheDocument();
    expect(within(resumedForm).getByText('Test mode — no real charge')).toBeInTheDocument();
  });

  it('offers to enter the details again when the server no longer takes the sign-up', async () => {
    const user = userEvent.setup();
    const fetchMock = mockServer({
      'POST /api/business/payment-intent': errorResponse(401, 'unauthorized', SIGN_UP_EXPIRED),
    });
    open();
    await createAccount(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(SIGN_UP_EXPIRED);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enter your details again' }));
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toHaveFocus();
    expect(storedAccount()).toBeNull();
    expect(requestBodies(fetchMock, '/api/business/payment-intent')).toHaveLength(1);
  });

  it("says 'Preparing payment form...' and then the server's message or 'Failed to create payment intent'", async () => {
    const user = userEvent.setup();
    let answerIntent: (response: Response) => void = () => {};
    mockServer({
      'POST /api/business/payment-intent': () => new Promise<Response>((resolve) => (answerIntent = resolve)),
    });
    open();
    await createAccount(user);

    expect(screen.getByRole('status')).toHaveTextContent('Preparing payment form...');
    await act(async () => answerIntent(jsonResponse({}, 201)));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create payment intent');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows a declined card, then takes a good one and thanks the buyer', async () => {
    const user = userEvent.setup();
    const fetchMock = mockServer();
    open();
    await createAccount(user);

    await fillTestCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Pay $79.50' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(stepItems()[1]).toHaveAttribute('aria-current', 'step');

    await fillTestCard(user, '4242424242424242');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay $79.50' }));

    expect(await screen.findByRole('heading', { name: 'Thank you for your purchase!' })).toHaveFocus();
    expect(stepItems()[2]).toHaveAttribute('aria-current', 'step');
    expect(stepItems()[1]).toHaveTextContent('Payment (completed)');
    expect(screen.getByRole('link', { name: 'Go to Admin Login' })).toHaveAttribute('href', '/admin/login');
    // Both attempts paid the one intent opened for the account.
    expect(requestBodies(fetchMock, '/api/business/payment-intent')).toHaveLength(1);
    expect(
      requestBodies(fetchMock, '/api/business/test-payments/confirm').map((body) => body.cardNumber),
    ).toEqual(['4000 0000 0000 0002', '4242 4242 4242 4242']);
  });

  it("shows the server's card field errors beside the card fields", async () => {
    const user = userEvent.setup();
    mockServer({
      'POST /api/business/test-payments/confirm': errorResponse(
        422,
        'validation_failed',
        'Your card has expired.',
        [{ path: 'body.expiry', message: 'Your card has expired.' }],
      ),
    });
    open();
    await createAccount(user);
    await fillTestCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay $79.50' }));

    expect(await screen.findByText('Your card has expired.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Expiry/)).toHaveAttribute('aria-invalid', 'true');
  });

  it("says 'Network error. Please try again.' when the server cannot be reached", async () => {
    const user = userEvent.setup();
    mockServer({
      'POST /api/business/test-payments/confirm': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    open();
    await createAccount(user);
    await fillTestCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay $79.50' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please try again.');
  });
});

describe('purchase flow after a reload', () => {
  it('keeps the created account for this plan in sessionStorage', async () => {
    const user = userEvent.setup();
    mockServer();
    open();
    expect(storedAccount()).toBeNull();
    await createAccount(user);

    expect(JSON.parse(storedAccount() ?? 'null')).toEqual({
      id: makeRegisteredBusinessUser().id,
      email: 'ada@example.com',
      planId: PLAN.id,
      signupToken: TEST_SIGNUP_TOKEN,
    });
    // Just created, not resumed: no offer to switch accounts.
    expect(screen.queryByRole('button', { name: 'Use a different account' })).not.toBeInTheDocument();
  });

  it('resumes at the payment with the stored account and opens its payment intent', async () => {
    storeAccount();
    const fetchMock = mockServer();
    open();

    expect(screen.getByRole('heading', { name: 'Payment' })).toBeInTheDocument();
    expect(screen.getByText('Continuing the purchase for grace@example.com.')).toBeInTheDocument();
    expect(stepItems()[1]).toHaveAttribute('aria-current', 'step');
    expect(await screen.findByRole('button', { name: 'Pay $79.50' })).toBeInTheDocument();
    expect(requestBodies(fetchMock, '/api/business/payment-intent')).toEqual([
      {
        planId: 'professional',
        currency: 'usd',
        businessUserId: STORED_ACCOUNT.id,
        signupToken: STORED_ACCOUNT.signupToken,
      },
    ]);
    expect(requestBodies(fetchMock, '/api/business/register')).toEqual([]);
  });

  it("'Use a different account' forgets the stored account and goes back to step 1", async () => {
    const user = userEvent.setup();
    storeAccount();
    mockServer();
    open();

    await user.click(screen.getByRole('button', { name: 'Use a different account' }));
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toHaveFocus();
    expect(stepItems()[0]).toHaveAttribute('aria-current', 'step');
    expect(storedAccount()).toBeNull();
  });

  it('forgets the stored account once the payment succeeds', async () => {
    const user = userEvent.setup();
    storeAccount();
    mockServer();
    open();

    await fillTestCard(user, '4242424242424242');
    await user.click(await screen.findByRole('button', { name: 'Pay $79.50' }));
    expect(await screen.findByRole('heading', { name: 'Thank you for your purchase!' })).toBeInTheDocument();
    expect(screen.getByText('grace@example.com')).toBeInTheDocument();
    expect(storedAccount()).toBeNull();
  });

  it("starts at step 1 when the stored account is another plan's, has no sign-up token or is unreadable", async () => {
    mockServer();
    storeAccount({ ...STORED_ACCOUNT, planId: 'starter' });
    const first = open();
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    first.unmount();

    const { signupToken: _token, ...withoutToken } = STORED_ACCOUNT;
    storeAccount(withoutToken);
    const second = open();
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    second.unmount();

    sessionStorage.setItem(PURCHASE_ACCOUNT_KEY, '{not json');
    open();
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
  });
});
