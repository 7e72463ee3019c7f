import { useMutation } from '@tanstack/react-query';
import type { BusinessRegistrationForm, BusinessRegistrationResponse, Plan } from '@wheelmeet/contracts';
import { type Ref, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import {
  BUSINESS_ACCOUNT_FIELDS,
  BusinessAccountFields,
  useBusinessAccountForm,
} from '@/components/ui/business-account-fields';
import { SubmitButton } from '@/components/ui/button';
import { registerBusiness, toBusinessRegistration } from '@/lib/business-api';
import { applyServerFieldErrors, serverMessage } from '@/lib/server-field-errors';
import { StepSection } from './step-section';

export const ACCOUNT_FAILED_MESSAGE = 'Failed to create account. Please try again.';

interface AccountStepProps {
  plan: Plan;
  /** The new (or resumed) account, with the sign-up token that pays for it. */
  onCreated: (account: BusinessRegistrationResponse) => void;
  headingRef?: Ref<HTMLHeadingElement>;
}

/** Step 1: the organiser's account, created inactive; the payment in step 2 activates it. */
export function AccountStep({ plan, onCreated, headingRef }: AccountStepProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useBusinessAccountForm(plan.id);
  const registration = useMutation({
    mutationFn: (values: BusinessRegistrationForm) => registerBusiness(toBusinessRegistration(values)),
    onMutate: () => setFormError(null),
    onSuccess: onCreated,
    onError: (error) => {
      // Field errors from the server sit beside their fields; anything else goes above the form.
      if (!applyServerFieldErrors(error, setError, BUSINESS_ACCOUNT_FIELDS)) {
        setFormError(serverMessage(error, ACCOUNT_FAILED_MESSAGE));
      }
    },
  });

  return (
    <StepSection
      id="account-step-heading"
      title="Create your account"
      intro="You will use your email and password to sign in to the admin area."
      headingRef={headingRef}
    >
      <form
        noValidate
        onSubmit={handleSubmit((values) => registration.mutate(values))}
        className="mt-6 space-y-6"
      >
        {formError ? <Alert>{formError}</Alert> : null}
        <BusinessAccountFields register={register} errors={errors} disabled={registration.isPending} />
        <div className="flex justify-end">
          <SubmitButton size="lg" pending={registration.isPending} className="w-full sm:w-auto">
            Continue to payment
          </SubmitButton>
        </div>
      </form>
    </StepSection>
  );
}
