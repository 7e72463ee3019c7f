import { queryOptions } from '@tanstack/react-query';
import {
  type BusinessRegistration,
  type BusinessRegistrationForm,
  businessRegistrationResponseSchema,
  clientConfigSchema,
  type PaymentIntentRequest,
  paymentIntentResponseSchema,
  type TestPaymentConfirmRequest,
  testPaymentConfirmResponseSchema,
} from '@wheelmeet/contracts';
import { api } from './api-client';

/**
 * The organiser's side of buying a plan, shared by the landing page's pricing modal and the
 * purchase flow: register an (inactive) account, open a payment intent, confirm a test card.
 */

/** POST /api/business/register: the new account stays inactive until its first payment succeeds. */
export function registerBusiness(registration: BusinessRegistration) {
  return api.post('/api/business/register', registration, businessRegistrationResponseSchema);
}

/** The registration payload of an account form: the confirmation stays in the browser, a blank phone is left out. */
export function toBusinessRegistration(form: BusinessRegistrationForm): BusinessRegistration {
  const { confirmPassword: _confirmPassword, phoneNumber, ...registration } = form;
  const phone = phoneNumber?.trim();
  return phone ? { ...registration, phoneNumber: phone } : registration;
}

/** POST /api/business/payment-intent: the landing page pays in eur, the purchase flow in usd. */
export function createPaymentIntent(request: PaymentIntentRequest) {
  return api.post('/api/business/payment-intent', request, paymentIntentResponseSchema);
}

/** POST /api/business/test-payments/confirm: test mode's stand-in for Stripe (no real charge). */
export function confirmTestPayment(request: TestPaymentConfirmRequest) {
  return api.post('/api/business/test-payments/confirm', request, testPaymentConfirmResponseSchema);
}

/**
 * GET /api/config without participant credentials: which card provider takes payments and its
 * publishable key. The key comes from the server, never from the bundle.
 */
export const clientConfigQuery = () =>
  queryOptions({
    queryKey: ['client-config', 'anonymous'],
    queryFn: () => api.get('/api/config', clientConfigSchema),
    staleTime: 5 * 60_000,
  });
