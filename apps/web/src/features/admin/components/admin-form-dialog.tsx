import {
  type AdminUser,
  type CreateAdminRequest,
  createAdminRequestSchema,
  updateAdminRequestSchema,
} from '@wheelmeet/contracts';
import { Dialog } from '@/components/ui/dialog';
import { CheckboxField, InputField } from '@/components/ui/form-field';
import { useAdminForm } from '../hooks/use-admin-form';
import { accountFormContract } from '../lib/account-form-values';
import {
  AccountEmailField,
  type AccountFormDialogProps,
  AccountNameFields,
  AccountPasswordField,
} from './account-fields';
import { DialogForm } from './dialog-form';

export const ADMIN_SAVE_ERROR = 'Failed to save admin';

export interface AdminFormValues {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  isSuperAdmin: boolean;
  isActive: boolean;
}

const FIELD_NAMES = [
  'username',
  'email',
  'firstName',
  'lastName',
  'password',
  'isSuperAdmin',
  'isActive',
] as const;

const adminContract = accountFormContract(
  (values: AdminFormValues): CreateAdminRequest => ({
    username: values.username,
    email: values.email,
    firstName: values.firstName,
    lastName: values.lastName,
    password: values.password,
    isSuperAdmin: values.isSuperAdmin,
  }),
  { create: createAdminRequestSchema, update: updateAdminRequestSchema },
);
export const { toCreateBody: toCreateAdminBody, toUpdateBody: toUpdateAdminBody } = adminContract;

interface FormProps {
  admin: AdminUser | null;
  onSubmit: (values: AdminFormValues) => Promise<unknown>;
  onCancel: () => void;
}

function AdminForm({ admin, onSubmit, onCancel }: FormProps) {
  const isEdit = admin !== null;
  const form = useAdminForm<AdminFormValues>({
    defaultValues: {
      username: admin?.username ?? '',
      email: admin?.email ?? '',
      firstName: admin?.firstName ?? '',
      lastName: admin?.lastName ?? '',
      password: '',
      isSuperAdmin: admin?.isSuperAdmin ?? false,
      isActive: admin?.isActive ?? true,
    },
    resolver: adminContract.resolver(isEdit),
    fieldNames: FIELD_NAMES,
    fallbackError: ADMIN_SAVE_ERROR,
    save: onSubmit,
  });
  const {
    register,
    formState: { errors },
  } = form;

  return (
    <DialogForm form={form} onCancel={onCancel} submitLabel={isEdit ? 'Save Changes' : 'Create Admin'}>
      <InputField
        label="Username"
        required
        error={errors.username?.message}
        type="text"
        autoComplete="off"
        {...register('username')}
      />
      <AccountEmailField error={errors.email?.message} {...register('email')} />
      <AccountNameFields firstName={register('firstName')} lastName={register('lastName')} errors={errors} />
      <AccountPasswordField isEdit={isEdit} error={errors.password?.message} {...register('password')} />
      <CheckboxField
        label="Super admin"
        hint="Super admins manage the admin accounts."
        {...register('isSuperAdmin')}
      />
      {isEdit ? <CheckboxField label="Active" {...register('isActive')} /> : null}
    </DialogForm>
  );
}

/** The create and edit dialog of an admin account; `item` null creates one. */
export function AdminFormDialog({
  open,
  item,
  onOpenChange,
  onSubmit,
}: AccountFormDialogProps<AdminUser, AdminFormValues>) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={item ? 'Edit Admin' : 'Create Admin'}>
      <AdminForm
        key={item?.id ?? 'new'}
        admin={item}
        onSubmit={onSubmit}
        onCancel={() => onOpenChange(false)}
      />
    </Dialog>
  );
}
