import { z } from 'zod';
import { GENDER_OPTIONS, IDENTITY_OPTIONS, PARTICIPANT_AGE_MAX, PARTICIPANT_AGE_MIN } from './constants';
import type { RegistrationConfig, RegistrationField } from './http/wheels';

/**
 * The registration form a participant fills in when the wheel has none of its own (spec
 * section 3). The spec gives 'whoAmI' no options, which makes the select useless; we offer the
 * identity options the admin-side default uses.
 */
const AGE_FIELD: RegistrationField = {
  id: 'age',
  name: 'age',
  label: 'Age',
  type: 'number',
  required: true,
  enabled: true,
};
const GENDER_FIELD: RegistrationField = {
  id: 'gender',
  name: 'gender',
  label: 'Gender',
  type: 'select',
  required: true,
  options: [...GENDER_OPTIONS],
  enabled: true,
};

export const PARTICIPANT_DEFAULT_FIELDS: readonly RegistrationField[] = [
  AGE_FIELD,
  GENDER_FIELD,
  { id: 'shortBio', name: 'shortBio', label: 'Short Bio', type: 'textarea', required: false, enabled: true },
  {
    id: 'whoAmI',
    name: 'whoAmI',
    label: 'Who am I',
    type: 'select',
    required: false,
    options: [...IDENTITY_OPTIONS],
    enabled: true,
  },
  {
    id: 'interests',
    name: 'interests',
    label: 'Interests',
    type: 'textarea',
    required: false,
    enabled: true,
  },
];

/** What the admin's form editor starts a new wheel with (spec section 3): age and gender on, the rest off. */
export const ADMIN_DEFAULT_REGISTRATION_CONFIG: RegistrationConfig = {
  enabled: true,
  fields: [
    { id: 'username', name: 'username', label: 'Username', type: 'text', required: true, enabled: false },
    AGE_FIELD,
    GENDER_FIELD,
    { id: 'interest', name: 'interests', label: 'Interests', type: 'text', required: false, enabled: false },
    { id: 'bio', name: 'shortBio', label: 'Short Bio', type: 'text', required: false, enabled: false },
    {
      id: 'identity',
      name: 'whoAmI',
      label: 'Who am I',
      type: 'select',
      required: false,
      options: [...IDENTITY_OPTIONS],
      enabled: false,
    },
  ],
};

/** The fields a participant actually sees: the wheel's enabled fields, or the defaults. */
export function effectiveRegistrationFields(
  config: RegistrationConfig | null | undefined,
): RegistrationField[] {
  if (!config?.enabled) return [...PARTICIPANT_DEFAULT_FIELDS];
  return config.fields.filter((field) => field.enabled);
}

export type RegistrationValue = string | number | boolean;
export type RegistrationData = Record<string, RegistrationValue>;

export const requiredMessage = (label: string) => `${label} is required`;
export const AGE_RANGE_MESSAGE = `Age must be a whole number from ${PARTICIPANT_AGE_MIN} to ${PARTICIPANT_AGE_MAX}`;

const TEXT_MAX_LENGTH = 2_000;

function fieldSchema(field: RegistrationField): z.ZodType<RegistrationValue | undefined> {
  const required = requiredMessage(field.label);
  switch (field.type) {
    case 'checkbox': {
      const box = z.boolean({ error: `${field.label} must be ticked or not` });
      return field.required ? box.refine((checked) => checked, required) : box.optional();
    }
    case 'number': {
      const number =
        field.name === 'age'
          ? z
              .number({ error: AGE_RANGE_MESSAGE })
              .int(AGE_RANGE_MESSAGE)
              .min(PARTICIPANT_AGE_MIN, AGE_RANGE_MESSAGE)
              .max(PARTICIPANT_AGE_MAX, AGE_RANGE_MESSAGE)
          : z.number({ error: `${field.label} must be a number` }).finite();
      // Forms send numbers as text; empty text means "not given".
      const answer = z.preprocess(
        (value) =>
          value === '' || value === null ? undefined : typeof value === 'string' ? Number(value) : value,
        number.optional(),
      );
      return field.required ? answer.refine((value) => value !== undefined, required) : answer;
    }
    case 'multiselect': {
      const options = field.options ?? [];
      // Forms send the choices as a list; the answer is stored as their comma-separated text.
      const choices = z.preprocess(
        (value) =>
          typeof value === 'string'
            ? value
                .split(',')
                .map((part) => part.trim())
                .filter(Boolean)
            : (value ?? []),
        z
          .array(z.string(), { error: `${field.label} must be a list of options` })
          .max(options.length || 1, `Choose at most ${options.length} options for ${field.label}`)
          .refine(
            (values) => values.every((value) => options.includes(value)),
            `Choose among the options for ${field.label}`,
          )
          .transform((values) => (values.length === 0 ? undefined : [...new Set(values)].join(', '))),
      );
      return field.required ? choices.refine((value) => value !== undefined, required) : choices;
    }
    case 'select': {
      const options = field.options ?? [];
      const choice = z.preprocess(
        (value) => (value === '' || value === null ? undefined : value),
        z
          .string({ error: required })
          .refine((value) => options.includes(value), `Choose one of the options for ${field.label}`)
          .optional(),
      );
      return field.required ? choice.refine((value) => value !== undefined, required) : choice;
    }
    default: {
      const text = z.preprocess(
        (value) => (typeof value === 'string' ? value.trim() : value === null ? undefined : value),
        z
          .string({ error: `${field.label} must be text` })
          .max(TEXT_MAX_LENGTH, `${field.label} is too long`)
          .optional(),
      );
      return field.required ? text.refine((value) => value !== undefined && value !== '', required) : text;
    }
  }
}

/**
 * The schema a wheel's registration answers must satisfy, built from its fields. The web form
 * and the server parse with the same schema, so they give the same messages. Unknown keys
 * are dropped; empty optional answers are left out.
 */
export function registrationDataSchema(fields: readonly RegistrationField[]) {
  const shape: Record<string, z.ZodType<RegistrationValue | undefined>> = {};
  for (const field of fields) shape[field.name] = fieldSchema(field);
  return z.object(shape).transform((answers) => {
    const present: RegistrationData = {};
    for (const [name, value] of Object.entries(answers)) {
      if (value !== undefined && value !== '') present[name] = value;
    }
    return present;
  });
}

/** Capitalises the first letter of a select option for display ('male' → 'Male'). */
export const optionLabel = (option: string) => option.charAt(0).toUpperCase() + option.slice(1);
