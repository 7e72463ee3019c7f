import { useQuery } from '@tanstack/react-query';
import type { BusinessUser } from '@wheelmeet/contracts';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField, inputClasses } from '@/components/ui/form-field';
import { businessUsersQuery } from '../api/business-users';
import { BUSINESS_USERS_LOAD_ERROR } from './business-users-page';

export const NO_OWNER_LABEL = 'WheelMeet (no business user)';

/** How a business user is offered as a wheel's owner: 'Company — First Last'. */
export const ownerLabel = (user: BusinessUser) => `${user.companyName} — ${user.firstName} ${user.lastName}`;

interface OwnerFieldProps {
  /** register('businessUserId') of the wheel form; '' stands for WheelMeet. */
  registration: UseFormRegisterReturn;
  error?: string;
}

/** An admin's choice of who owns a new wheel: WheelMeet or one of the business users. */
export function OwnerField({ registration, error }: OwnerFieldProps) {
  const users = useQuery(businessUsersQuery());
  const options = [...(users.data ?? [])]
    .map((user) => ({ id: user.id, label: ownerLabel(user) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const hint = users.isPending
    ? 'Loading business users...'
    : users.isError
      ? BUSINESS_USERS_LOAD_ERROR
      : "A business user's plan limits the slot count.";

  return (
    <FormField label="Owner" hint={hint} error={error}>
      {(props) => (
        <select {...props} className={inputClasses} {...registration}>
          <option value="">{NO_OWNER_LABEL}</option>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
