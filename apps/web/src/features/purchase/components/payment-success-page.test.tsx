import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getStripe, type Stripe } from '@/lib/stripe';
import { makeClientConfig } from '@/test/purchase';
import { errorResponse, jsonResponse, mockFetch, renderRoutes } from '@/test/render';
import { PURCHASE_ACCOUNT_KEY } from '../lib/purchase-account-storage';
import { PaymentSuccessPage } from './payment-success-page';

vi.mock('@/lib/stripe', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/stripe')>()),
  getStripe: vi.fn(),
}));

const routes = [{ path: '/payment-success', element: <PaymentSuccessPage /> }];
const STRIPE_CONFIG = makeClientConfig({ mode: 'stripe', publishableKey: 'pk_test_123' });
const retrievePaymentIntent = vi.fn();

beforeEach(() => {
  retrievePaymentIntent.mockReset();
  vi.mocked(getStripe).mockResolvedValue({ retrievePaymentIntent } as unknown as Stripe);
});

describe('payment success page', () => {
  it('confirms a payment when the address says it succeeded (test mode, no Stripe parameters)', async () => {
    const fetchMock = mockFetch({});
    renderRoutes(routes, '/payment-success?redirect_status=succeeded');

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment confirmed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Admin Login' })).toHaveAttribute('href', '/admin/login');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("forgets a purchase's stored account once Stripe's redirect says it was paid, not before", async () => {
    mockFetch({});
    const stored = JSON.stringify({ id: 'x', email: 'ada@example.com', planId: 'starter' });
    sessionStorage.setItem(PURCHASE_ACCOUNT_KEY, stored);
    const failed = renderRoutes(routes, '/payment-success?redirect_status=failed');
    expect(await screen.findByRole('heading', { name: 'Payment not completed' })).toBeInTheDocument();
    expect(sessionStorage.getItem(PURCHASE_ACCOUNT_KEY)).toBe(stored);
    failed.unmount();

    renderRoutes(routes, '/payment-success?redirect_status=succeeded');
    expect(await screen.findByRole('heading', { name: 'Payment confirmed' })).toBeInTheDocument();
    expect(sessionStorage.getItem(PURCHASE_ACCOUNT_KEY)).toBeNull();
  });

  it('explains and links back to pricing when there is nothing to confirm', async () => {
    mockFetch({});
    renderRoutes(routes, '/payment-success');

    expect(await screen.findByRole('heading', { name: 'No payment to confirm' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to pricing' })).toHaveAttribute(
      'href',
      '/business#pricing-section',
    );
  });

  it("asks Stripe for the payment's status when Stripe sent the visitor back", async () => {
    mockFetch({ 'GET /api/config': jsonResponse(STRIPE_CONFIG) });
    retrievePaymentIntent.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    renderRoutes(
      routes,
      '/payment-success?payment_intent=pi_123&payment_intent_client_secret=pi_123_secret_x&redirect_status=succeeded',
    );

    expect(screen.getByRole('status')).toHaveTextContent('Checking your payment...');
    expect(await screen.findByRole('heading', { name: 'Payment confirmed' })).toBeInTheDocument();
    expect(getStripe).toHaveBeenCalledWith('pk_test_123');
    expect(retrievePaymentIntent).toHaveBeenCalledWith('pi_123_secret_x');
  });

  it('says a payment Stripe reports as failed was not completed', async () => {
    mockFetch({ 'GET /api/config': jsonResponse(STRIPE_CONFIG) });
    retrievePaymentIntent.mockResolvedValue({ paymentIntent: { status: 'requires_payment_method' } });
    renderRoutes(
      routes,
      '/payment-success?payment_intent_client_secret=pi_123_secret_x&redirect_status=failed',
    );

    expect(await screen.findByRole('heading', { name: 'Payment not completed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to pricing' })).toBeInTheDocument();
  });

  it('reports a processing payment as such', async () => {
    mockFetch({ 'GET /api/config': jsonResponse(STRIPE_CONFIG) });
    retrievePaymentIntent.mockResolvedValue({ paymentIntent: { status: 'processing' } });
    renderRoutes(
      routes,
      '/payment-success?payment_intent_client_secret=pi_123_secret_x&redirect_status=succeeded',
    );

    expect(await screen.findByRole('heading', { name: 'Payment processing' })).toBeInTheDocument();
  });

  it('falls back to the redirect status when the payment settings cannot be loaded', async () => {
    mockFetch({ 'GET /api/config': errorResponse(500, 'internal_error', 'Boom') });
    renderRoutes(
      routes,
      '/payment-success?payment_intent_client_secret=pi_123_secret_x&redirect_status=succeeded',
    );

    expect(await screen.findByRole('heading', { name: 'Payment confirmed' })).toBeInTheDocument();
    expect(retrievePaymentIntent).not.toHaveBeenCalled();
  });
});
