import { zodResolver } from '@hookform/resolvers/zod';
import { type BusinessRegistrationForm, businessRegistrationFormSchema } from '@wheelmeet/contracts';
import { type FieldErrors, type UseFormRegister, useForm } from 'react-hook-form';
import { InputField } from './form-field';

/** The account form's fields that the server may report on (`details` paths `body.<name>`). */
export const BUSINESS_ACCOUNT_FIELDS = [
  'firstName',
  'lastName',
  'companyName',
  'email',
  'password',
  'confirmPassword',
  'phoneNumber',
] as const satisfies readonly (keyof BusinessRegistrationForm)[];

/** The form behind BusinessAccountFields: empty but for the chosen plan, checked with the contract's schema. */
export function useBusinessAccountForm(planId: string) {
  return useForm<BusinessRegistrationForm>({
    defaultValues: {
      firstName: '',
      lastName: '',
      companyName: '',
      email: '',
      password: '',
      confirmPassword: '',
      phoneNumber: '',
      planId,
    },
    resolver: zodResolver(businessRegistrationFormSchema),
  });
}

interface BusinessAccountFieldsProps {
  register: UseFormRegister<BusinessRegistrationForm>;
  errors: FieldErrors<BusinessRegistrationForm>;
  disabled?: boolean;
}

/**
 * An organiser's account details, validated with `businessRegistrationFormSchema`; used by the
 * pricing modal on /business and by the purchase flow's Account step.
 */
export function BusinessAccountFields({ register, errors, disabled }: BusinessAccountFieldsProps) {
  return (
    <fieldset disabled={disabled} className="grid gap-4 sm:grid-cols-2">
      <legend className="sr-only">Account details</legend>
      <InputField
        label="First name"
        required
        error={errors.firstName?.message}
        {...register('firstName')}
        autoComplete="given-name"
      />
      <InputField
        label="Last name"
        required
        error={errors.lastName?.message}
        {...register('lastName')}
        autoComplete="family-name"
      />
      <InputField
        label="Company name"
        required
        error={errors.companyName?.message}
        className="sm:col-span-2"
        {...register('companyName')}
        autoComplete="organization"
      />
      <InputField
        label="Email"
        required
        error={errors.email?.message}
        className="sm:col-span-2"
        {...register('email')}
        type="email"
        autoComplete="email"
      />
      <InputField
        label="Password"
        required
        error={errors.password?.message}
        hint="At least 8 characters. You sign in to the admin area with your email and this password."
        {...register('password')}
        type="password"
        autoComplete="new-password"
      />
      <InputField
        label="Confirm password"
        required
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
        type="password"
        autoComplete="new-password"
      />
      <InputField
        label="Phone number (optional)"
        error={errors.phoneNumber?.message}
        className="sm:col-span-2"
        {...register('phoneNumber')}
        type="tel"
        autoComplete="tel"
      />
    </fieldset>
  );
}
