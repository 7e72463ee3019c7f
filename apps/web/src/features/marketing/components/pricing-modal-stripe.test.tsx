import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getStripe, type Stripe } from '@/lib/stripe';
import { PLANS } from '@/test/fixtures';
import {
  fillBusinessAccount,
  makeClientConfig,
  makeIntent,
  makeRegisteredBusinessUser,
} from '@/test/purchase';
import { jsonResponse, mockFetch, renderRoutes } from '@/test/render';
import { confirmPayment, elements, elementsOptions, resetStripeStandIns } from '@/test/stripe-stand-ins';
import { BusinessPage } from './business-page';

vi.mock('@stripe/react-stripe-js', () => import('@/test/stripe-stand-ins'));

vi.mock('@/lib/stripe', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/stripe')>()),
  getStripe: vi.fn(),
}));

const { submit } = elements;
let fetchMock: ReturnType<typeof mockFetch>;

beforeEach(() => {
  vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
  resetStripeStandIns();
  vi.mocked(getStripe).mockResolvedValue({} as Stripe);
  fetchMock = mockFetch({
    'GET /api/business/plans': jsonResponse(PLANS),
    'GET /api/config': jsonResponse(makeClientConfig({ mode: 'stripe', publishableKey: 'pk_test_123' })),
    'POST /api/business/register': jsonResponse(makeRegisteredBusinessUser(), 201),
    'POST /api/business/payment-intent': jsonResponse(
      makeIntent({ mode: 'stripe', clientSecret: 'pi_1_secret_2' }),
      201,
    ),
  });
});

async function openAndFill() {
  const user = userEvent.setup();
  renderRoutes([{ path: '/business', element: <BusinessPage /> }], '/business');
  await user.click(await screen.findByRole('button', { name: 'Get Started with Starter' }));
  // The checkout's code is fetched when a plan is first chosen.
  const dialog = await screen.findByRole('dialog', { name: 'Get started with Starter' });
  await fillBusinessAccount(user, dialog);
  return { user, dialog, pay: within(dialog).getByRole('button', { name: 'Pay €29 and register' }) };
}

const posted = (path: string) => fetchMock.mock.calls.filter(([url]) => url === path);

describe('pricing modal with Stripe', () => {
  it('shows the Payment Element for a euro amount and confirms the new intent with Stripe', async () => {
    submit.mockResolvedValue({});
    confirmPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    const { user, dialog, pay } = await openAndFill();

    expect(elementsOptions).toHaveBeenLastCalledWith({ mode: 'payment', amount: 2900, currency: 'eur' });
    await user.click(pay);

    expect(await within(dialog).findByText('Registration successful! Redirecting...')).toBeInTheDocument();
    expect(submit).toHaveBeenCalledTimes(1);
    expect(confirmPayment).toHaveBeenCalledWith({
      elements,
      clientSecret: 'pi_1_secret_2',
      confirmParams: { return_url: `${window.location.origin}/payment-success` },
      redirect: 'if_required',
    });
  });

  it('registers nothing while the Payment Element is incomplete', async () => {
    submit.mockResolvedValue({
      error: { type: 'validation_error', message: 'Your card number is incomplete.' },
    });
    const { user, dialog, pay } = await openAndFill();
    await user.click(pay);

    expect(await within(dialog).findByText('Your card number is incomplete.')).toBeInTheDocument();
    expect(posted('/api/business/register')).toHaveLength(0);
  });

  it("shows Stripe's message, else 'An error occurred'", async () => {
    submit.mockResolvedValue({});
    confirmPayment.mockResolvedValueOnce({
      error: { type: 'card_error', message: 'Your card was declined.' },
    });
    confirmPayment.mockResolvedValueOnce({ error: { type: 'card_error' } });
    const { user, dialog, pay } = await openAndFill();

    await user.click(pay);
    expect(await within(dialog).findByText('Your card was declined.')).toBeInTheDocument();
    await user.click(pay);
    expect(await within(dialog).findByText('An error occurred')).toBeInTheDocument();
    expect(posted('/api/business/register')).toHaveLength(1);
    expect(posted('/api/business/payment-intent')).toHaveLength(1);
  });
});
