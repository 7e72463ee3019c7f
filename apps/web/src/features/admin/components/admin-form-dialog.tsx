import {
  type AdminUser,
  type CreateAdminRequest,
  createAdminRequestSchema,
  type UpdateAdminRequest,
  updateAdminRequestSchema,
} from '@wheelmeet/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { CheckboxField, FormField, inputClasses } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { contractResolver } from '../lib/contract-resolver';
import { applyServerFieldErrors } from '../lib/server-errors';

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

/** On edit a blank password is left out: the current one stays. */
export function toUpdateAdminBody(values: AdminFormValues): UpdateAdminRequest {
  const { password: _password, ...rest } = toCreateAdminBody(values);
  return { ...rest, ...(values.password ? { password: values.password } : {}), isActive: values.isActive };
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
  const [formError, setFormError] = useState<string | null>(null);

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, FIELD_NAMES)) {
        setFormError(errorMessage(error, ADMIN_SAVE_ERROR));
      }
    }
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      {formError ? <Alert>{formError}</Alert> : null}
      <FormField label="Username" required error={errors.username?.message}>
        {(props) => (
          <input
            {...props}
            type="text"
            autoComplete="off"
            className={inputClasses}
            {...register('username')}
          />
        )}
      </FormField>
      <FormField label="Email" required error={errors.email?.message}>
        {(props) => (
          <input {...props} type="email" autoComplete="off" className={inputClasses} {...register('email')} />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First name" required error={errors.firstName?.message}>
          {(props) => <input {...props} type="text" className={inputClasses} {...register('firstName')} />}
        </FormField>
        <FormField label="Last name" required error={errors.lastName?.message}>
          {(props) => <input {...props} type="text" className={inputClasses} {...register('lastName')} />}
        </FormField>
      </div>
      <FormField
        label="Password"
        required={!isEdit}
        hint={isEdit ? 'Leave blank to keep the current password.' : 'At least 8 characters.'}
        error={errors.password?.message}
      >
        {(props) => (
          <input
            {...props}
            type="password"
            autoComplete="new-password"
            className={inputClasses}
            {...register('password')}
          />
        )}
      </FormField>
      <CheckboxField
        label="Super admin"
        hint="Super admins manage the admin accounts."
        {...register('isSuperAdmin')}
      />
      {isEdit ? <CheckboxField label="Active" {...register('isActive')} /> : null}
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner className="size-4 border-white/40 border-t-white" /> : null}
          {isEdit ? 'Save Changes' : 'Create Admin'}
        </Button>
      </div>
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
