import {
  ACCESS_CODE_RULE,
  CALL_MINUTES_DEFAULT,
  CALL_MINUTES_MAX,
  CALL_MINUTES_MIN,
  CONTACT_FIELD_LABELS,
  CONTACT_FIELDS,
  createWheelRequestSchema,
  updateWheelRequestSchema,
  WHEEL_SLOT_COUNT_MAX,
  WHEEL_SLOT_COUNT_MIN,
  WHEEL_STATUSES,
} from '@wheelmeet/contracts';
import { Controller, type FieldErrors } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink, SubmitButton } from '@/components/ui/button';
import { CheckboxField, FormField, InputField, inputClasses } from '@/components/ui/form-field';
import { useAdminForm } from '../hooks/use-admin-form';
import { generateAccessCode } from '../lib/access-code';
import { contractResolver } from '../lib/contract-resolver';
import {
  blankToNull,
  type EditorConfig,
  toCreateWheelBody,
  toUpdateWheelBody,
  type WheelFormValues,
} from '../lib/wheel-form-values';
import { EventSection } from './event-section';
import { FormSection } from './form-section';
import { OwnerField } from './owner-field';
import { RegistrationFieldsEditor } from './registration-fields-editor';
import { RingsSection } from './rings-section';
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
  'answerSeconds',
  'callMinutes',
  'contactFields',
  'registrationFields',
  'innerRingLabel',
  'outerRingLabel',
  'ringRule',
  'startsAt',
  'roundCount',
  'prompts',
  'businessUserId',
] as const;

const createResolver = contractResolver<WheelFormValues>(createWheelRequestSchema, toCreateWheelBody);
const updateResolver = contractResolver<WheelFormValues>(updateWheelRequestSchema, toUpdateWheelBody);

interface WheelFormProps {
  mode: 'create' | 'edit';
  /** With a `businessUserId` (an admin creating a wheel), the form offers the Owner select. */
  defaultValues: WheelFormValues;
  /** Sends the form; a rejection is shown on the form (server field errors beside their fields). */
  onSubmit: (values: WheelFormValues) => Promise<unknown>;
}

/** Create and edit form of a wheel; it validates with the same contract schema the server parses with. */
export function WheelForm({ mode, defaultValues, onSubmit }: WheelFormProps) {
  const {
    register,
    control,
    setValue,
    watch,
    formState: { errors, isSubmitting, isSubmitted },
    submit,
    formError,
  } = useAdminForm<WheelFormValues>({
    defaultValues,
    resolver: mode === 'create' ? createResolver : updateResolver,
    fieldNames: FIELD_NAMES,
    fallbackError: mode === 'create' ? WHEEL_CREATE_ERROR : WHEEL_UPDATE_ERROR,
    save: onSubmit,
  });
  const isPrivate = watch('isPrivate');
  const chooseOwner = mode === 'create' && defaultValues.businessUserId !== undefined;

  return (
    <form noValidate onSubmit={submit} className="space-y-6">
      {formError ? <Alert>{formError}</Alert> : null}

      <FormSection title="Basics">
        <InputField label="Name" required error={errors.name?.message} type="text" {...register('name')} />
        <FormField label="Description" required error={errors.description?.message}>
          {(props) => <textarea {...props} rows={3} className={inputClasses} {...register('description')} />}
        </FormField>
        {chooseOwner ? (
          <OwnerField registration={register('businessUserId')} error={errors.businessUserId?.message} />
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          {mode === 'create' ? (
            <InputField
              label="Slot count"
              required
              hint="An even number: each ring holds half. It cannot be changed later."
              error={errors.slotCount?.message}
              type="number"
              min={WHEEL_SLOT_COUNT_MIN}
              max={WHEEL_SLOT_COUNT_MAX}
              step={2}
              {...register('slotCount', { valueAsNumber: true })}
            />
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
          <InputField
            label="Round length (seconds)"
            hint="Leave empty to use the standard length."
            error={errors.roundSeconds?.message}
            type="number"
            min={10}
            max={3600}
            step={1}
            {...register('roundSeconds', { setValueAs: blankToNull })}
          />
          <InputField
            label="Time to answer a match (seconds)"
            hint="How long people have to accept or decline after the matches are shown. Leave empty for the standard 30 seconds."
            error={errors.answerSeconds?.message}
            type="number"
            min={10}
            max={300}
            step={1}
            {...register('answerSeconds', { setValueAs: blankToNull })}
          />
          <InputField
            label="Call length (minutes)"
            hint={`How long each video call lasts; both people may agree to extend it once by the same length. Leave empty for the standard ${CALL_MINUTES_DEFAULT} minutes.`}
            error={errors.callMinutes?.message}
            type="number"
            min={CALL_MINUTES_MIN}
            max={CALL_MINUTES_MAX}
            step={1}
            {...register('callMinutes', { setValueAs: blankToNull })}
          />
        </div>
      </FormSection>

      <FormSection title="Event">
        <EventSection control={control} register={register} errors={errors} />
      </FormSection>

      <FormSection title="Access">
        <CheckboxField
          label="Private wheel"
          hint="Participants need the access code to open it."
          {...register('isPrivate')}
        />
        {isPrivate ? (
          <FormField
            label="Access code"
            required
            hint={`${ACCESS_CODE_RULE} 'Generate code' makes a strong one.`}
            error={errors.accessCode?.message}
          >
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
                  className="shrink-0"
                >
                  Generate code
                </Button>
              </div>
            )}
          </FormField>
        ) : null}
      </FormSection>

      <FormSection title="Price and expiry">
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            label="Price"
            error={errors.price?.message}
            type="number"
            min={0}
            step={0.01}
            inputMode="decimal"
            {...register('price', { valueAsNumber: true })}
          />
          <InputField
            label="Expiry date"
            hint="The wheel expires at midnight UTC."
            error={errors.expiresAt?.message}
            type="date"
            {...register('expiresAt')}
          />
        </div>
      </FormSection>

      <FormSection title="Rules and guidelines">
        <FormField label="Rules" error={errors.rules?.message}>
          {(props) => <textarea {...props} rows={3} className={inputClasses} {...register('rules')} />}
        </FormField>
        <FormField label="Guidelines" error={errors.guidelines?.message}>
          {(props) => <textarea {...props} rows={3} className={inputClasses} {...register('guidelines')} />}
        </FormField>
      </FormSection>

      <FormSection title="Keeping in touch">
        <p className="text-sm text-slate-600">
          After a call, people may share these contact details with each other; they are shown only when both
          choose to share.
        </p>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {CONTACT_FIELDS.map((field) => (
            <CheckboxField
              key={field}
              label={CONTACT_FIELD_LABELS[field]}
              value={field}
              aria-invalid={errors.contactFields ? true : undefined}
              {...register('contactFields')}
            />
          ))}
        </div>
        {errors.contactFields?.message ? (
          <p role="alert" className="text-sm text-red-700">
            {errors.contactFields.message}
          </p>
        ) : null}
      </FormSection>

      <FormSection title="Registration form">
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
      </FormSection>

      <FormSection title="Rings">
        <RingsSection control={control} register={register} errors={errors} />
      </FormSection>

      <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-6">
        <SubmitButton pending={isSubmitting}>
          {mode === 'create' ? 'Create Wheel' : 'Save Changes'}
        </SubmitButton>
        <ButtonLink variant="secondary" to="/admin/wheels">
          Cancel
        </ButtonLink>
      </div>
    </form>
  );
}
