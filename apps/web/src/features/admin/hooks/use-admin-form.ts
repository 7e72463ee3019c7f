import { useState } from 'react';
import { type FieldValues, type UseFormProps, useForm } from 'react-hook-form';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/server-field-errors';

interface AdminFormOptions<T extends FieldValues> extends UseFormProps<T> {
  /** The fields the server may report on. */
  fieldNames: readonly (keyof T & string)[];
  /** The message above the form when a failure names no field and the server says nothing usable. */
  fallbackError: string;
  save: (values: T) => Promise<unknown>;
}

/**
 * A react-hook-form form of the admin area with its submit handler: `save` gets the valid
 * values; when it fails, the server's field errors go beside their fields and anything else
 * becomes `formError`, shown above the form.
 */
export function useAdminForm<T extends FieldValues>({
  fieldNames,
  fallbackError,
  save,
  ...formOptions
}: AdminFormOptions<T>) {
  const form = useForm<T>(formOptions);
  const [formError, setFormError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await save(values);
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, fieldNames)) {
        setFormError(errorMessage(error, fallbackError));
      }
    }
  });
  return { ...form, submit, formError };
}
