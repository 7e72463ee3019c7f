import {
  createWheelRequestSchema,
  updateWheelRequestSchema,
  WHEEL_SLOT_COUNT_MAX,
  WHEEL_SLOT_COUNT_MIN,
  WHEEL_STATUSES,
} from '@wheelmeet/contracts';
import { type ReactNode, useState } from 'react';
import { Controller, type FieldErrors, useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { CheckboxField, FormField, inputClasses } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { generateAccessCode } from '../lib/access-code';
import { contractResolver } from '../lib/contract-resolver';
import { applyServerFieldErrors } from '../lib/server-errors';
import {
  type EditorConfig,
  toCreateWheelBody,
  toUpdateWheelBody,
  type WheelFormValues,
} from '../lib/wheel-form-values';
import { RegistrationFieldsEditor } from './registration-fields-editor';
import { WHEEL_CREATE_ERROR, WHEEL_UPDATE_ERROR } from './wheel-messages';

const FIELD_NAMES = [
  'name',
  'description',
  'slotCount',
  'isPrivate',
  'accessCode',
  'price',
  'expiresAt',
  'rules',
  'guidelines',
  'status',
  'roundSeconds',
  'registrationFields',
] as const;

const createResolver = contractResolver<WheelFormValues>(createWheelRequestSchema, toCreateWheelBody);
const updateResolver = contractResolver<WheelFormValues>(updateWheelRequestSchema, toUpdateWheelBody);

const blankToNull = (value: unknown) => (value === '' || value === null ? null : Number(value));

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 border-t border-slate-200 pt-6 first:border-t-0 first:pt-0">
      <legend className="mb-2 text-base font-semibold text-slate-900">{title}</legend>
      {children}
    </fieldset>
  );
}

interface WheelFormProps {
  mode: 'create' | 'edit';
  defaultValues: WheelFormValues;
  /** Sends the form; a rejection is shown on the form (server field errors beside their fields). */
  onSubmit: (values: WheelFormValues) => Promise<unknown>;
}

/** Create and edit form of a wheel; it validates with the same contract schema the server parses with. */
export function WheelForm({ mode, defaultValues, onSubmit }: WheelFormProps) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<WheelFormValues>({
    defaultValues,
    resolver: mode === 'create' ? createResolver : updateResolver,
  });
  const [formError, setFormError] = useState<string | null>(null);
  const isPrivate = watch('isPrivate');

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, FIELD_NAMES)) {
        setFormError(errorMessage(error, mode === 'create' ? WHEEL_CREATE_ERROR : WHEEL_UPDATE_ERROR));
      }
    }
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-6">
      {formError ? <Alert>{formError}</Alert> : null}

      <Section title="Basics">
        <FormField label="Name" required error={errors.name?.message}>
          {(props) => <input {...props} type="text" className={inputClasses} {...register('name')} />}
        </FormField>
        <FormField label="Description" required error={errors.description?.message}>
          {(props) => <textarea {...props} rows={3} className={inputClasses} {...register('description')} />}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          {mode === 'create' ? (
            <FormField
              label="Slot count"
              required
              hint="An even number: each ring holds half. It cannot be changed later."
              error={errors.slotCount?.message}
            >
              {(props) => (
                <input
                  {...props}
                  type="number"
                  min={WHEEL_SLOT_COUNT_MIN}
                  max={WHEEL_SLOT_COUNT_MAX}
                  step={2}
                  className={inputClasses}
                  {...register('slotCount', { valueAsNumber: true })}
                />
              )}
            </FormField>
          ) : (
            <FormField label="Status" error={errors.status?.message}>
              {(props) => (
                <select
                  {...props}
                  defaultValue={defaultValues.status}
                  className={inputClasses}
                  {...register('status')}
                >
                  {WHEEL_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {status}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          )}
          <FormField
            label="Round length (seconds)"
            hint="Leave empty to use the standard length."
            error={errors.roundSeconds?.message}
          >
            {(props) => (
              <input
                {...props}
                type="number"
                min={10}
                max={3600}
                step={1}
                className={inputClasses}
                {...register('roundSeconds', { setValueAs: blankToNull })}
              />
            )}
          </FormField>
        </div>
      </Section>

      <Section title="Access">
        <CheckboxField
          label="Private wheel"
          hint="Participants need the access code to open it."
          {...register('isPrivate')}
        />
        {isPrivate ? (
          <FormField label="Access code" required error={errors.accessCode?.message}>
            {(props) => (
              <div className="flex gap-2">
                <input
                  {...props}
                  type="text"
                  autoComplete="off"
                  spellCheck={false}
                  className={`${inputClasses} font-mono`}
                  {...register('accessCode')}
                />
                <Button
                  variant="secondary"
                  onClick={() =>
                    setValue('accessCode', generateAccessCode(), {
                      shouldDirty: true,
                      shouldValidate: isSubmitted,
                    })
                  }
                >
                  Generate
                </Button>
              </div>
            )}
          </FormField>
        ) : null}
      </Section>

      <Section title="Price and expiry">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Price" error={errors.price?.message}>
            {(props) => (
              <input
                {...props}
                type="number"
                min={0}
                step={0.01}
                inputMode="decimal"
                className={inputClasses}
                {...register('price', { valueAsNumber: true })}
              />
            )}
          </FormField>
          <FormField
            label="Expiry date"
            hint="The wheel expires at midnight UTC."
            error={errors.expiresAt?.message}
          >
            {(props) => <input {...props} type="date" className={inputClasses} {...register('expiresAt')} />}
          </FormField>
        </div>
      </Section>

      <Section title="Rules and guidelines">
        <FormField label="Rules" error={errors.rules?.message}>
          {(props) => <textarea {...props} rows={3} className={inputClasses} {...register('rules')} />}
        </FormField>
        <FormField label="Guidelines" error={errors.guidelines?.message}>
          {(props) => <textarea {...props} rows={3} className={inputClasses} {...register('guidelines')} />}
        </FormField>
      </Section>

      <Section title="Registration form">
        <Controller
          control={control}
          name="registrationFields"
          render={({ field }) => (
            <RegistrationFieldsEditor
              value={field.value}
              onChange={field.onChange}
              errors={errors.registrationFields as FieldErrors<EditorConfig> | undefined}
            />
          )}
        />
      </Section>

      <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-6">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner className="size-4 border-white/40 border-t-white" /> : null}
          {mode === 'create' ? 'Create Wheel' : 'Save Changes'}
        </Button>
        <ButtonLink variant="secondary" to="/admin/wheels">
          Cancel
        </ButtonLink>
      </div>
    </form>
  );
}
