import { ComingSoon } from '@/components/ui/coming-soon';

/** `/payment-success`: the card provider's return address. */
export function PaymentSuccessPage() {
  return (
    <ComingSoon title="Payment confirmation">
      <p>Payment confirmation is coming soon.</p>
    </ComingSoon>
  );
}
