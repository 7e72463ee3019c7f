import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import {
  type BusinessRegistrationForm,
  type BusinessUser,
  businessRegistrationFormSchema,
  type Plan,
} from '@wheelmeet/contracts';
import { type Ref, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { BUSINESS_ACCOUNT_FIELDS, BusinessAccountFields } from '@/components/ui/business-account-fields';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { registerBusiness, toBusinessRegistration } from '@/lib/business-api';
import { applyServerFieldErrors, serverMessage } from '@/lib/server-field-errors';

export const ACCOUNT_FAILED_MESSAGE = 'Failed to create account. Please try again.';

interface AccountStepProps {
  plan: Plan;
  onCreated: (account: BusinessUser) => void;
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
  } = useForm<BusinessRegistrationForm>({
    defaultValues: {
      firstName: '',
      lastName: '',
      companyName: '',
      email: '',
      password: '',
      confirmPassword: '',
      phoneNumber: '',
      planId: plan.id,
    },
    resolver: zodResolver(businessRegistrationFormSchema),
  });
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
    <section aria-labelledby="account-step-heading">
      <h2
        id="account-step-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-semibold text-slate-900 focus:outline-none"
      >
        Create your account
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        You will use your email and password to sign in to the admin area.
      </p>
      <form
        noValidate
        onSubmit={handleSubmit((values) => registration.mutate(values))}
        className="mt-6 space-y-6"
      >
        {formError ? <Alert>{formError}</Alert> : null}
        <BusinessAccountFields register={register} errors={errors} disabled={registration.isPending} />
        <div className="flex justify-end">
          <Button type="submit" size="lg" disabled={registration.isPending} className="w-full sm:w-auto">
            {registration.isPending ? <Spinner className="size-4 border-white/40 border-t-white" /> : null}
            Continue to payment
          </Button>
        </div>
      </form>
    </section>
  );
}
