import { useQuery } from '@tanstack/react-query';
import {
  type BusinessUser,
  type CreateBusinessUserRequest,
  createBusinessUserRequestSchema,
  updateBusinessUserRequestSchema,
} from '@wheelmeet/contracts';
import { Dialog } from '@/components/ui/dialog';
import { CheckboxField, FormField, InputField, inputClasses } from '@/components/ui/form-field';
import { LoadingState } from '@/components/ui/loading-state';
import { plansQuery } from '@/lib/plans-query';
import { useAdminForm } from '../hooks/use-admin-form';
import { accountFormContract } from '../lib/account-form-values';
import {
  AccountEmailField,
  type AccountFormDialogProps,
  AccountNameFields,
  AccountPasswordField,
} from './account-fields';
import { DialogForm } from './dialog-form';

export const BUSINESS_USER_SAVE_ERROR = 'Failed to save business user';

export interface BusinessUserFormValues {
  firstName: string;
  lastName: string;
  email: string;
  companyName: string;
  phoneNumber: string;
  planId: string;
  password: string;
  isActive: boolean;
}

const FIELD_NAMES = [
  'firstName',
  'lastName',
  'email',
  'companyName',
  'phoneNumber',
  'planId',
  'password',
  'isActive',
] as const;

const optional = (text: string) => (text.trim() === '' ? undefined : text.trim());

const businessUserContract = accountFormContract(
  (values: BusinessUserFormValues): CreateBusinessUserRequest => {
    const phoneNumber = optional(values.phoneNumber);
    return {
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      companyName: values.companyName,
      ...(phoneNumber ? { phoneNumber } : {}),
      planId: values.planId,
      password: values.password,
    };
  },
  { create: createBusinessUserRequestSchema, update: updateBusinessUserRequestSchema },
);
export const { toCreateBody: toCreateBusinessUserBody, toUpdateBody: toUpdateBusinessUserBody } =
  businessUserContract;

function initialValues(user: BusinessUser | null): BusinessUserFormValues {
  return {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    companyName: user?.companyName ?? '',
    phoneNumber: user?.phoneNumber ?? '',
    planId: user?.planId ?? '',
    password: '',
    isActive: user?.isActive ?? true,
  };
}

interface FormProps {
  /** null: a new business user. */
  user: BusinessUser | null;
  onSubmit: (values: BusinessUserFormValues) => Promise<unknown>;
  onCancel: () => void;
}

type PlanOption = { id: string; name: string };

function BusinessUserForm({
  user,
  plans,
  plansFailed,
  onSubmit,
  onCancel,
}: FormProps & { plans: PlanOption[]; plansFailed: boolean }) {
  const isEdit = user !== null;
  const form = useAdminForm<BusinessUserFormValues>({
    defaultValues: initialValues(user),
    resolver: businessUserContract.resolver(isEdit),
    fieldNames: FIELD_NAMES,
    fallbackError: BUSINESS_USER_SAVE_ERROR,
    save: onSubmit,
  });
  const {
    register,
    formState: { errors },
  } = form;

  // A user's plan stays choosable even if it is no longer offered (or the list failed to load).
  const planOptions = [...plans];
  if (user && !planOptions.some((plan) => plan.id === user.planId)) planOptions.push(user.plan);

  return (
    <DialogForm
      form={form}
      onCancel={onCancel}
      submitLabel={isEdit ? 'Save Changes' : 'Create Business User'}
    >
      <AccountNameFields firstName={register('firstName')} lastName={register('lastName')} errors={errors} />
      <AccountEmailField error={errors.email?.message} {...register('email')} />
      <InputField
        label="Company name"
        required
        error={errors.companyName?.message}
        type="text"
        {...register('companyName')}
      />
      <InputField
        label="Phone number"
        error={errors.phoneNumber?.message}
        type="tel"
        {...register('phoneNumber')}
      />
      <FormField
        label="Plan"
        required
        error={errors.planId?.message}
        hint={plansFailed ? 'The plans could not be loaded.' : undefined}
      >
        {(props) => (
          // defaultValue marks the chosen option as the default one, so react-hook-form does not
          // take the first option for a choice the user made before the form was ready.
          <select
            {...props}
            defaultValue={user?.planId ?? ''}
            className={inputClasses}
            {...register('planId')}
          >
            <option value="">Select a plan</option>
            {planOptions.map((plan) => (
              <option key={plan.id} value={plan.id}>
                {plan.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <AccountPasswordField isEdit={isEdit} error={errors.password?.message} {...register('password')} />
      {isEdit ? <CheckboxField label="Active" {...register('isActive')} /> : null}
    </DialogForm>
  );
}

/** The create and edit dialog of a business user; `item` null creates one. */
export function BusinessUserFormDialog({
  open,
  item: user,
  onOpenChange,
  onSubmit,
}: AccountFormDialogProps<BusinessUser, BusinessUserFormValues>) {
  const plans = useQuery({ ...plansQuery(), enabled: open });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={user ? 'Edit Business User' : 'Create Business User'}
      className="w-[min(40rem,calc(100vw-2rem))]"
    >
      {plans.isPending ? (
        <LoadingState />
      ) : (
        // Mounted once the plans are known, so the plan select starts with the user's plan
        // selected; keyed so every opening starts from the chosen user's values.
        <BusinessUserForm
          key={user?.id ?? 'new'}
          user={user}
          plans={plans.data?.map((plan) => ({ id: plan.id, name: plan.name })) ?? []}
          plansFailed={plans.isError}
          onSubmit={onSubmit}
          onCancel={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}
