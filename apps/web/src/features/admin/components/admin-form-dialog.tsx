import {
  type AdminUser,
  type CreateAdminRequest,
  createAdminRequestSchema,
  type UpdateAdminRequest,
  updateAdminRequestSchema,
} from '@wheelmeet/contracts';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Dialog, DialogFormActions } from '@/components/ui/dialog';
import { CheckboxField, InputField } from '@/components/ui/form-field';
import { useSubmitWithServerErrors } from '../hooks/use-submit-with-server-errors';
import { toAccountUpdateBody } from '../lib/account-form-values';
import { contractResolver } from '../lib/contract-resolver';
import { AccountEmailField, AccountNameFields, AccountPasswordField } from './account-fields';

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

export function toCreateAdminBody(values: AdminFormValues): CreateAdminRequest {
  return {
    username: values.username,
    email: values.email,
    firstName: values.firstName,
    lastName: values.lastName,
    password: values.password,
    isSuperAdmin: values.isSuperAdmin,
  };
}

export function toUpdateAdminBody(values: AdminFormValues): UpdateAdminRequest {
  return toAccountUpdateBody(toCreateAdminBody(values), values.isActive);
}

const createResolver = contractResolver<AdminFormValues>(createAdminRequestSchema, toCreateAdminBody);
const updateResolver = contractResolver<AdminFormValues>(updateAdminRequestSchema, toUpdateAdminBody);

interface FormProps {
  admin: AdminUser | null;
  onSubmit: (values: AdminFormValues) => Promise<unknown>;
  onCancel: () => void;
}

function AdminForm({ admin, onSubmit, onCancel }: FormProps) {
  const isEdit = admin !== null;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AdminFormValues>({
    defaultValues: {
      username: admin?.username ?? '',
      email: admin?.email ?? '',
      firstName: admin?.firstName ?? '',
      lastName: admin?.lastName ?? '',
      password: '',
      isSuperAdmin: admin?.isSuperAdmin ?? false,
      isActive: admin?.isActive ?? true,
    },
    resolver: isEdit ? updateResolver : createResolver,
  });
  const { submit, formError } = useSubmitWithServerErrors({
    handleSubmit,
    setError,
    fieldNames: FIELD_NAMES,
    fallbackError: ADMIN_SAVE_ERROR,
    save: onSubmit,
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      {formError ? <Alert>{formError}</Alert> : null}
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
      <DialogFormActions
        onCancel={onCancel}
        pending={isSubmitting}
        submitLabel={isEdit ? 'Save Changes' : 'Create Admin'}
      />
    </form>
  );
}

interface AdminFormDialogProps {
  open: boolean;
  admin: AdminUser | null;
  onOpenChange: (open: boolean) => void;
  onSubmit: (values: AdminFormValues) => Promise<unknown>;
}

export function AdminFormDialog({ open, admin, onOpenChange, onSubmit }: AdminFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={admin ? 'Edit Admin' : 'Create Admin'}>
      <AdminForm
        key={admin?.id ?? 'new'}
        admin={admin}
        onSubmit={onSubmit}
        onCancel={() => onOpenChange(false)}
      />
    </Dialog>
  );
}
