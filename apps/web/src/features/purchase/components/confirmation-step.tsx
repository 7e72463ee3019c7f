import type { Plan } from '@wheelmeet/contracts';
import type { Ref } from 'react';
import { ButtonLink } from '@/components/ui/button';
import type { PurchaseAccount } from '../lib/purchase-account-storage';

export const PURCHASE_THANK_YOU = 'Thank you for your purchase!';

interface ConfirmationStepProps {
  plan: Plan;
  account: Pick<PurchaseAccount, 'email'>;
  headingRef?: Ref<HTMLHeadingElement>;
}

/** Step 3: the payment went through; what happens next and the way to the admin area. */
export function ConfirmationStep({ plan, account, headingRef }: ConfirmationStepProps) {
  return (
    <section aria-labelledby="confirmation-step-heading" className="text-center">
      <span
        aria-hidden="true"
        className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-100 text-2xl text-emerald-700"
      >
        ✓
      </span>
      <h2
        id="confirmation-step-heading"
        ref={headingRef}
        tabIndex={-1}
        className="mt-4 text-2xl font-bold text-slate-900 focus:outline-none"
      >
        {PURCHASE_THANK_YOU}
      </h2>
      <p className="mt-2 text-slate-600">Your payment for the {plan.name} plan went through.</p>
      <div className="mx-auto mt-8 max-w-md text-left">
        <h3 className="font-semibold text-slate-900">What happens next</h3>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-700">
          <li>Your account is activated as soon as the payment is confirmed, usually within seconds.</li>
          <li>
            Sign in to the admin area with <span className="font-medium">{account.email}</span> and the
            password you chose.
          </li>
          <li>Create your first wheel and share its link with your participants.</li>
        </ol>
      </div>
      <ButtonLink to="/admin/login" size="lg" className="mt-8">
        Go to Admin Login
      </ButtonLink>
    </section>
  );
}
