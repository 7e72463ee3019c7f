import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { InputField } from '@/components/ui/form-field';

/** The fields that admin and business user accounts share, in the forms that create and edit them. */

/** First and last name, side by side from small screens up. */
export function AccountNameFields({
  firstName,
  lastName,
  errors,
}: {
  firstName: UseFormRegisterReturn<'firstName'>;
  lastName: UseFormRegisterReturn<'lastName'>;
  errors: { firstName?: FieldError; lastName?: FieldError };
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <InputField {...firstName} label="First name" required error={errors.firstName?.message} type="text" />
      <InputField {...lastName} label="Last name" required error={errors.lastName?.message} type="text" />
    </div>
  );
}

/** The email address of the account being created or edited. */
export function AccountEmailField({
  error,
  ...registration
}: UseFormRegisterReturn<'email'> & { error: string | undefined }) {
  return (
    <InputField {...registration} label="Email" required error={error} type="email" autoComplete="off" />
  );
}

/** The password: required for a new account; on edit a blank one keeps the current password. */
export function AccountPasswordField({
  isEdit,
  error,
  ...registration
}: UseFormRegisterReturn<'password'> & { isEdit: boolean; error: string | undefined }) {
  return (
    <InputField
      {...registration}
      label="Password"
      required={!isEdit}
      hint={isEdit ? 'Leave blank to keep the current password.' : 'At least 8 characters.'}
      error={error}
      type="password"
      autoComplete="new-password"
    />
  );
}

/** The props of an account's create and edit dialog, as useCrudList's `formDialog` gives them. */
export interface AccountFormDialogProps<Account, Values> {
  open: boolean;
  /** null: a new account. */
  item: Account | null;
  onOpenChange: (open: boolean) => void;
  onSubmit: (values: Values) => Promise<unknown>;
}
