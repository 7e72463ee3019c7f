import { type RegistrationFieldType, registrationFieldTypeSchema } from '@wheelmeet/contracts';
import type { FieldErrors } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { CheckboxField, FormField, inputClasses } from '@/components/ui/form-field';
import { type EditorConfig, type EditorField, newCustomField } from '../lib/wheel-form-values';

const TYPE_LABELS: Record<RegistrationFieldType, string> = {
  text: 'Short text',
  textarea: 'Long text',
  number: 'Number',
  select: 'Choice list',
  checkbox: 'Checkbox',
};

interface RegistrationFieldsEditorProps {
  value: EditorConfig;
  onChange: (value: EditorConfig) => void;
  errors?: FieldErrors<EditorConfig>;
}

/**
 * Edits the registration form participants fill in before taking a seat: the form as a whole
 * on or off, and per field whether it is asked, required and how it is labelled. Select
 * options are editable; organisers can add and remove fields of their own.
 */
export function RegistrationFieldsEditor({ value, onChange, errors }: RegistrationFieldsEditorProps) {
  const update = (index: number, patch: Partial<EditorField>) =>
    onChange({
      ...value,
      fields: value.fields.map((field, i) => (i === index ? { ...field, ...patch } : field)),
    });
  const remove = (index: number) =>
    onChange({ ...value, fields: value.fields.filter((_, i) => i !== index) });

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
            const title = field.label.trim() || 'New field';
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
                      error={fieldErrors?.label ? 'Label is required' : undefined}
                    >
                      {(control) => (
                        <input
                          {...control}
                          type="text"
                          value={field.label}
                          onChange={(event) => update(index, { label: event.target.value })}
                          className={inputClasses}
                        />
                      )}
                    </FormField>
                    {field.custom ? (
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
                            {registrationFieldTypeSchema.options.map((type) => (
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
                    {field.type === 'select' ? (
                      <FormField
                        label="Options"
                        hint="Separate the options with commas."
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
        <Button
          variant="secondary"
          onClick={() => onChange({ ...value, fields: [...value.fields, newCustomField()] })}
        >
          Add custom field
        </Button>
      </fieldset>
    </div>
  );
}
