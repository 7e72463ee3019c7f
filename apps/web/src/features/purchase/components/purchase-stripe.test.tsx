import { screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getStripe, type Stripe } from '@/lib/stripe';
import { makePlan } from '@/test/fixtures';
import {
  fillBusinessAccount,
  makeClientConfig,
  makeIntent,
  makeRegisteredBusinessUser,
} from '@/test/purchase';
import { jsonResponse, mockFetch, renderRoutes } from '@/test/render';
import { confirmPayment, elements, elementsOptions, resetStripeStandIns } from '@/test/stripe-stand-ins';
import { PurchasePage } from './purchase-page';

vi.mock('@stripe/react-stripe-js', () => import('@/test/stripe-stand-ins'));

vi.mock('@/lib/stripe', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/stripe')>()),
  getStripe: vi.fn(),
}));

const PLAN = makePlan({ id: 'starter', name: 'Starter', price: 29 });

beforeEach(() => {
  resetStripeStandIns();
  vi.mocked(getStripe).mockResolvedValue({} as Stripe);
  mockFetch({
    'GET /api/config': jsonResponse(makeClientConfig({ mode: 'stripe', publishableKey: 'pk_test_123' })),
    'POST /api/business/register': jsonResponse(makeRegisteredBusinessUser(), 201),
    'POST /api/business/payment-intent': jsonResponse(
      makeIntent({ amount: 29, currency: 'usd', mode: 'stripe', clientSecret: 'pi_live_1_secret_2' }),
      201,
    ),
  });
});

async function reachPayment(user: UserEvent) {
  renderRoutes([{ path: '/purchase/:planId', element: <PurchasePage /> }], {
    pathname: '/purchase/starter',
    state: { plan: PLAN },
  });
  await fillBusinessAccount(user);
  await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
  return screen.findByRole('button', { name: 'Pay $29' });
}

describe('purchase flow with Stripe', () => {
  it('mounts the Payment Element for the intent and confirms with Stripe, returning to /payment-success', async () => {
    const user = userEvent.setup();
    confirmPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    const pay = await reachPayment(user);

    expect(getStripe).toHaveBeenCalledWith('pk_test_123');
    expect(elementsOptions).toHaveBeenLastCalledWith({ clientSecret: 'pi_live_1_secret_2' });
    expect(screen.getByTestId('payment-element')).toBeInTheDocument();
    expect(screen.queryByText('Test mode — no real charge')).not.toBeInTheDocument();

    await user.click(pay);
    expect(await screen.findByRole('heading', { name: 'Thank you for your purchase!' })).toBeInTheDocument();
    expect(confirmPayment).toHaveBeenCalledWith({
      elements,
      clientSecret: 'pi_live_1_secret_2',
      confirmParams: { return_url: `${window.location.origin}/payment-success` },
      redirect: 'if_required',
    });
  });

  it("shows Stripe's message, else 'An error occurred with your payment'", async () => {
    const user = userEvent.setup();
    confirmPayment.mockResolvedValueOnce({
      error: { type: 'card_error', message: 'Your card has insufficient funds.' },
    });
    confirmPayment.mockResolvedValueOnce({ error: { type: 'card_error' } });
    const pay = await reachPayment(user);

    await user.click(pay);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card has insufficient funds.');
    await user.click(pay);
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred with your payment');
  });

  it("says 'An unexpected error occurred' when confirming throws", async () => {
    const user = userEvent.setup();
    confirmPayment.mockRejectedValue(new Error('Stripe.js crashed'));
    const pay = await reachPayment(user);

    await user.click(pay);
    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occurred');
  });
});
