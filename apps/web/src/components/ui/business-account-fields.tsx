import type { BusinessRegistrationForm } from '@wheelmeet/contracts';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { FormField, inputClasses } from './form-field';

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
      <FormField label="First name" required error={errors.firstName?.message}>
        {(control) => (
          <input {...control} {...register('firstName')} autoComplete="given-name" className={inputClasses} />
        )}
      </FormField>
      <FormField label="Last name" required error={errors.lastName?.message}>
        {(control) => (
          <input {...control} {...register('lastName')} autoComplete="family-name" className={inputClasses} />
        )}
      </FormField>
      <FormField label="Company name" required error={errors.companyName?.message} className="sm:col-span-2">
        {(control) => (
          <input
            {...control}
            {...register('companyName')}
            autoComplete="organization"
            className={inputClasses}
          />
        )}
      </FormField>
      <FormField label="Email" required error={errors.email?.message} className="sm:col-span-2">
        {(control) => (
          <input
            {...control}
            {...register('email')}
            type="email"
            autoComplete="email"
            className={inputClasses}
          />
        )}
      </FormField>
      <FormField
        label="Password"
        required
        error={errors.password?.message}
        hint="At least 8 characters. You sign in to the admin area with your email and this password."
      >
        {(control) => (
          <input
            {...control}
            {...register('password')}
            type="password"
            autoComplete="new-password"
            className={inputClasses}
          />
        )}
      </FormField>
      <FormField label="Confirm password" required error={errors.confirmPassword?.message}>
        {(control) => (
          <input
            {...control}
            {...register('confirmPassword')}
            type="password"
            autoComplete="new-password"
            className={inputClasses}
          />
        )}
      </FormField>
      <FormField
        label="Phone number (optional)"
        error={errors.phoneNumber?.message}
        className="sm:col-span-2"
      >
        {(control) => (
          <input
            {...control}
            {...register('phoneNumber')}
            type="tel"
            autoComplete="tel"
            className={inputClasses}
          />
        )}
      </FormField>
    </fieldset>
  );
}
