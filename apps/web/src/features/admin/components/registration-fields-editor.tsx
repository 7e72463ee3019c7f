import {
  REGISTRATION_FIELDS_MAX,
  REGISTRATION_OPTIONS_MAX,
  REGISTRATION_TEXT_MAX,
  type RegistrationFieldType,
  registrationFieldTypeSchema,
} from '@wheelmeet/contracts';
import { useId } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { CheckboxField, FieldError, FormField, inputClasses } from '@/components/ui/form-field';
import { firstMessage } from '../lib/contract-resolver';
import { type EditorConfig, type EditorField, hasOptions, newCustomField } from '../lib/wheel-form-values';

const TYPE_LABELS: Record<RegistrationFieldType, string> = {
  text: 'Short text',
  textarea: 'Long text',
  number: 'Number',
  select: 'Choice list',
  multiselect: 'Multiple choice',
  checkbox: 'Checkbox',
};

/** Matching counts the interests two people share; as a multiple choice the answers are spelled alike. */
const INTERESTS_FIELD = 'interests';
const INTERESTS_TYPES: readonly RegistrationFieldType[] = ['text', 'textarea', 'multiselect'];

/** Fields whose type the organiser may change: their own, and Interests, which may become a multiple choice of their options. */
function typeChoices(field: EditorField): readonly RegistrationFieldType[] {
  if (field.custom) return registrationFieldTypeSchema.options;
  if (field.name !== INTERESTS_FIELD) return [];
  return INTERESTS_TYPES.includes(field.type) ? INTERESTS_TYPES : [field.type, ...INTERESTS_TYPES];
}

interface RegistrationFieldsEditorProps {
  value: EditorConfig;
  onChange: (value: EditorConfig) => void;
  errors?: FieldErrors<EditorConfig>;
}

/**
 * Edits the registration form participants fill in before taking a seat: the form as a whole
 * on or off, and per field whether it is asked, required and how it is labelled. The options
 * of choice fields are editable, and Interests may become a multiple choice of the organiser's
 * own options; organisers can add and remove fields of their own, up to the
 * contract's limits on fields, options and text lengths.
 */
export function RegistrationFieldsEditor({ value, onChange, errors }: RegistrationFieldsEditorProps) {
  const update = (index: number, patch: Partial<EditorField>) =>
    onChange({
      ...value,
      fields: value.fields.map((field, i) => (i === index ? { ...field, ...patch } : field)),
    });
  const remove = (index: number) =>
    onChange({ ...value, fields: value.fields.filter((_, i) => i !== index) });
  const id = useId();
  const full = value.fields.length >= REGISTRATION_FIELDS_MAX;
  const listError = errors?.fields?.root?.message ?? errors?.fields?.message;

  return (
    <div className="space-y-4">
      <CheckboxField
        label="Use this registration form"
        hint="When off, participants get the standard form: age, gender, a short bio, who they are and their interests."
        checked={value.enabled}
        onChange={(event) => onChange({ ...value, enabled: event.target.checked })}
      />
      <fieldset disabled={!value.enabled} className="space-y-3 disabled:opacity-60">
        <legend className="sr-only">Registration fields</legend>
        <ul className="space-y-3">
          {value.fields.map((field, index) => {
            const fieldErrors = errors?.fields?.[index];
            const optionsError = firstMessage((fieldErrors as Record<string, unknown> | undefined)?.options);
            const title = field.label.trim() || 'New field';
            const types = typeChoices(field);
            return (
              <li key={field.id}>
                <fieldset className="rounded-xl border border-slate-200 bg-slate-50 p-4">
                  <legend className="px-1 text-sm font-semibold text-slate-900">
                    {title}
                    {field.custom ? <span className="font-normal text-slate-500"> (custom)</span> : null}
                  </legend>
                  <div className="flex flex-wrap gap-x-6 gap-y-2">
                    <CheckboxField
                      label="Enabled"
                      checked={field.enabled}
                      onChange={(event) => update(index, { enabled: event.target.checked })}
                    />
                    <CheckboxField
                      label="Required"
                      checked={field.required}
                      onChange={(event) => update(index, { required: event.target.checked })}
                    />
                  </div>
                  <div className="mt-3 grid gap-3 sm:grid-cols-2">
                    <FormField
                      label="Label"
                      required
                      error={
                        fieldErrors?.label ? (fieldErrors.label.message ?? 'Label is required') : undefined
                      }
                    >
                      {(control) => (
                        <input
                          {...control}
                          type="text"
                          maxLength={REGISTRATION_TEXT_MAX}
                          value={field.label}
                          onChange={(event) => update(index, { label: event.target.value })}
                          className={inputClasses}
                        />
                      )}
                    </FormField>
                    {types.length > 0 ? (
                      <FormField label="Type">
                        {(control) => (
                          <select
                            {...control}
                            value={field.type}
                            onChange={(event) =>
                              update(index, { type: registrationFieldTypeSchema.parse(event.target.value) })
                            }
                            className={inputClasses}
                          >
                            {types.map((type) => (
                              <option key={type} value={type}>
                                {TYPE_LABELS[type]}
                              </option>
                            ))}
                          </select>
                        )}
                      </FormField>
                    ) : (
                      <p className="self-end pb-2 text-sm text-slate-600">Type: {TYPE_LABELS[field.type]}</p>
                    )}
                    {hasOptions(field.type) ? (
                      <FormField
                        label="Options"
                        hint={`Separate the options with commas: at most ${REGISTRATION_OPTIONS_MAX}, each up to ${REGISTRATION_TEXT_MAX} characters.`}
                        error={optionsError}
                        className="sm:col-span-2"
                      >
                        {(control) => (
                          <input
                            {...control}
                            type="text"
                            value={field.optionsText}
                            onChange={(event) => update(index, { optionsText: event.target.value })}
                            className={inputClasses}
                          />
                        )}
                      </FormField>
                    ) : null}
                  </div>
                  {field.custom ? (
                    <Button
                      variant="ghost"
                      className="mt-3 text-red-700 hover:bg-red-50"
                      onClick={() => remove(index)}
                      aria-label={`Remove field ${title}`}
                    >
                      Remove field
                    </Button>
                  ) : null}
                </fieldset>
              </li>
            );
          })}
        </ul>
        <FieldError id={`${id}-error`} error={listError} />
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            disabled={full}
            aria-describedby={full ? `${id}-full` : undefined}
            onClick={() => onChange({ ...value, fields: [...value.fields, newCustomField()] })}
          >
            Add custom field
          </Button>
          {full ? (
            <p id={`${id}-full`} className="text-sm text-slate-600">
              A registration form can have at most {REGISTRATION_FIELDS_MAX} fields.
            </p>
          ) : null}
        </div>
      </fieldset>
    </div>
  );
}
