import type { FormEventHandler, ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { DialogFormActions } from '@/components/ui/dialog';

interface DialogFormProps {
  /** From useAdminForm. */
  form: { submit: FormEventHandler; formError: string | null; formState: { isSubmitting: boolean } };
  onCancel: () => void;
  submitLabel: string;
  children: ReactNode;
}

/** The form inside a create or edit dialog: a failure that names no field on top, Cancel and submit below. */
export function DialogForm({ form, onCancel, submitLabel, children }: DialogFormProps) {
  return (
    <form noValidate onSubmit={form.submit} className="space-y-4">
      {form.formError ? <Alert>{form.formError}</Alert> : null}
      {children}
      <DialogFormActions
        onCancel={onCancel}
        pending={form.formState.isSubmitting}
        submitLabel={submitLabel}
      />
    </form>
  );
}
