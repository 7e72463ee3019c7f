import { useState } from 'react';
import type { FieldValues, UseFormHandleSubmit, UseFormSetError } from 'react-hook-form';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/server-field-errors';

interface SubmitOptions<T extends FieldValues> {
  handleSubmit: UseFormHandleSubmit<T>;
  setError: UseFormSetError<T>;
  /** The fields the server may report on. */
  fieldNames: readonly (keyof T & string)[];
  /** The message above the form when a failure names no field and the server says nothing usable. */
  fallbackError: string;
  save: (values: T) => Promise<unknown>;
}

/**
 * The submit handler of an admin form: `save` gets the valid values; when it fails, the server's
 * field errors go beside their fields and anything else becomes `formError`, shown above the form.
 */
export function useSubmitWithServerErrors<T extends FieldValues>({
  handleSubmit,
  setError,
  fieldNames,
  fallbackError,
  save,
}: SubmitOptions<T>) {
  const [formError, setFormError] = useState<string | null>(null);
  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await save(values);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, fieldNames)) {
        setFormError(errorMessage(error, fallbackError));
      }
    }
  });
  return { submit, formError };
}
