// The purchase flow (with Stripe's React bindings), fetched as one chunk when one of its pages is opened.
export { PaymentSuccessPage } from '@/features/purchase/components/payment-success-page';
export { PurchasePage } from '@/features/purchase/components/purchase-page';
export { RegistrationSuccessPage } from '@/features/purchase/components/registration-success-page';
