import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useEffect } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getStripe, type Stripe } from '@/lib/stripe';
import { PLANS } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderRoutes } from '@/test/render';
import { makeBusinessUser, makeClientConfig, makeIntent } from '../test-utils';
import { BusinessPage } from './business-page';

// Stripe's own components need Stripe's servers; these stand-ins record what the modal asks of them.
const confirmPayment = vi.fn();
const submit = vi.fn();
const elements = { submit };
const elementsOptions = vi.fn();

vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ options, children }: { options: unknown; children: ReactNode }) => {
    elementsOptions(options);
    return children;
  },
  PaymentElement: ({ onReady }: { onReady?: () => void }) => {
    useEffect(() => onReady?.(), [onReady]);
    return <div data-testid="payment-element" />;
  },
  useStripe: () => ({ confirmPayment }),
  useElements: () => elements,
}));

vi.mock('@/lib/stripe', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/stripe')>()),
  getStripe: vi.fn(),
}));

let fetchMock: ReturnType<typeof mockFetch>;

beforeEach(() => {
  vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
  confirmPayment.mockReset();
  submit.mockReset();
  vi.mocked(getStripe).mockResolvedValue({} as Stripe);
  fetchMock = mockFetch({
    'GET /api/business/plans': jsonResponse(PLANS),
    'GET /api/config': jsonResponse(makeClientConfig({ mode: 'stripe', publishableKey: 'pk_test_123' })),
    'POST /api/business/register': jsonResponse(makeBusinessUser(), 201),
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
  const dialog = screen.getByRole('dialog', { name: 'Get started with Starter' });
  await user.type(await within(dialog).findByLabelText(/^First name/), 'Ada');
  await user.type(within(dialog).getByLabelText(/^Last name/), 'Lovelace');
  await user.type(within(dialog).getByLabelText(/^Company name/), 'Analytical Engines Ltd');
  await user.type(within(dialog).getByLabelText(/^Email/), 'ada@example.com');
  await user.type(within(dialog).getByLabelText(/^Password/), 'difference-engine');
  await user.type(within(dialog).getByLabelText(/^Confirm password/), 'difference-engine');
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
