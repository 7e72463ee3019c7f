import { describe, expect, it } from 'vitest';
import { accessCodeProblem } from './http/admin';
import {
  REGISTRATION_FIELDS_MAX,
  REGISTRATION_OPTIONS_MAX,
  REGISTRATION_TEXT_MAX,
  type RegistrationConfig,
  type RegistrationField,
  registrationConfigSchema,
} from './http/wheels';
import {
  ADMIN_DEFAULT_REGISTRATION_CONFIG,
  AGE_RANGE_MESSAGE,
  effectiveRegistrationFields,
  optionLabel,
  PARTICIPANT_DEFAULT_FIELDS,
  registrationDataSchema,
} from './registration';

const defaults = registrationDataSchema(PARTICIPANT_DEFAULT_FIELDS);
const firstMessage = (result: ReturnType<typeof defaults.safeParse>) =>
  result.success
    ? undefined
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('registration form', () => {
  it('uses the participant defaults when the wheel has no form or it is switched off', () => {
    const names = PARTICIPANT_DEFAULT_FIELDS.map((field) => field.name);
    expect(effectiveRegistrationFields(null).map((field) => field.name)).toEqual(names);
    expect(effectiveRegistrationFields({ enabled: false, fields: [] }).map((field) => field.name)).toEqual(
      names,
    );
  });

  it("uses only the wheel's enabled fields when it has a form", () => {
    const config: RegistrationConfig = {
      enabled: true,
      fields: [
        { id: 'u', name: 'username', label: 'Username', type: 'text', required: true, enabled: true },
        { id: 'a', name: 'age', label: 'Age', type: 'number', required: true, enabled: false },
      ],
    };
    expect(effectiveRegistrationFields(config).map((field) => field.name)).toEqual(['username']);
  });

  it('accepts ages 18 to 100 as whole numbers, also when the form sends text', () => {
    expect(defaults.parse({ age: 18, gender: 'male' })).toEqual({ age: 18, gender: 'male' });
    expect(defaults.parse({ age: '100', gender: 'female' })).toEqual({ age: 100, gender: 'female' });
    for (const age of [17, 101, 30.5, 'abc']) {
      expect(firstMessage(defaults.safeParse({ age, gender: 'other' }))).toEqual([
        `age: ${AGE_RANGE_MESSAGE}`,
      ]);
    }
  });

  it('names every missing required field', () => {
    expect(firstMessage(defaults.safeParse({ age: '', gender: '' }))).toEqual([
      'age: Age is required',
      'gender: Gender is required',
    ]);
  });

  it('accepts only the offered options of a select', () => {
    expect(firstMessage(defaults.safeParse({ age: 30, gender: 'robot' }))).toEqual([
      'gender: Choose one of the options for Gender',
    ]);
    expect(defaults.parse({ age: 30, gender: 'other', whoAmI: 'expat' })).toMatchObject({ whoAmI: 'expat' });
  });

  it('keeps checkboxes as booleans, trims text, drops empty optional answers and unknown keys', () => {
    const schema = registrationDataSchema([
      { id: 'c', name: 'newsletter', label: 'Newsletter', type: 'checkbox', required: false, enabled: true },
      { id: 't', name: 'shortBio', label: 'Short Bio', type: 'textarea', required: false, enabled: true },
      { id: 'i', name: 'interests', label: 'Interests', type: 'text', required: false, enabled: true },
    ]);
    expect(schema.parse({ newsletter: false, shortBio: '  hello  ', interests: '', hacker: 'x' })).toEqual({
      newsletter: false,
      shortBio: 'hello',
    });
    expect(schema.safeParse({ newsletter: 'yes' }).success).toBe(false);
  });

  it('requires a required checkbox to be ticked', () => {
    const schema = registrationDataSchema([
      { id: 'c', name: 'terms', label: 'Terms', type: 'checkbox', required: true, enabled: true },
    ]);
    expect(schema.safeParse({ terms: false }).success).toBe(false);
    expect(schema.parse({ terms: true })).toEqual({ terms: true });
  });

  it('shows select options with a capital first letter', () => {
    expect(optionLabel('male')).toBe('Male');
  });

  it('bounds a wheel’s form: fields, options per select, and text lengths', () => {
    const field = (index: number, extra: Partial<RegistrationField> = {}): RegistrationField => ({
      id: `f${index}`,
      name: `f${index}`,
      label: `Field ${index}`,
      type: 'text',
      required: false,
      enabled: true,
      ...extra,
    });
    const messagesOf = (config: unknown) => {
      const result = registrationConfigSchema.safeParse(config);
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    const fields = (count: number) => Array.from({ length: count }, (_, index) => field(index));

    expect(registrationConfigSchema.parse(ADMIN_DEFAULT_REGISTRATION_CONFIG)).toEqual(
      ADMIN_DEFAULT_REGISTRATION_CONFIG,
    );
    expect(messagesOf({ enabled: true, fields: fields(REGISTRATION_FIELDS_MAX) })).toEqual([]);
    expect(messagesOf({ enabled: true, fields: fields(3_000) })).toContain(
      `A registration form can have at most ${REGISTRATION_FIELDS_MAX} fields`,
    );
    const options = (count: number, length = 5) =>
      Array.from({ length: count }, (_, index) => String(index).padEnd(length, 'x'));
    expect(
      messagesOf({
        enabled: true,
        fields: [
          field(0, { type: 'select', options: options(REGISTRATION_OPTIONS_MAX, REGISTRATION_TEXT_MAX) }),
        ],
      }),
    ).toEqual([]);
    expect(
      messagesOf({
        enabled: true,
        fields: [field(0, { type: 'select', options: options(REGISTRATION_OPTIONS_MAX + 1) })],
      }),
    ).toEqual([`A choice list can have at most ${REGISTRATION_OPTIONS_MAX} options`]);
    const long = 'x'.repeat(REGISTRATION_TEXT_MAX + 1);
    expect(
      messagesOf({
        enabled: true,
        fields: [field(0, { id: long, name: long, label: long, type: 'select', options: [long] })],
      }),
    ).toEqual([
      `A field id can be at most ${REGISTRATION_TEXT_MAX} characters`,
      `A field name can be at most ${REGISTRATION_TEXT_MAX} characters`,
      `A label can be at most ${REGISTRATION_TEXT_MAX} characters`,
      `An option can be at most ${REGISTRATION_TEXT_MAX} characters`,
    ]);
    expect(messagesOf({ enabled: true, fields: [field(0, { label: '' })] })).toEqual(['Label is required']);
  });
});

describe('access code strength', () => {
  it('needs 8 characters from letters, digits, - and _, 4 of them different, and 10 digits when only digits', () => {
    expect(accessCodeProblem('a')).toBe('An access code needs at least 8 characters');
    expect(accessCodeProblem('K7Q-2XM')).toBe('An access code needs at least 8 characters');
    expect(accessCodeProblem('open sesame')).toBe('An access code can use only letters, digits, - and _');
    expect(accessCodeProblem('12345678')).toBe('An access code of digits only needs at least 10 digits');
    expect(accessCodeProblem('123-456-789')).toBe('An access code of digits only needs at least 10 digits');
    expect(accessCodeProblem('aaaaaaaa')).toBe('An access code needs at least 4 different characters');
    expect(accessCodeProblem('AaAa-aAaA')).toBe('An access code needs at least 4 different characters');
    expect(accessCodeProblem('--------')).toBe('An access code needs at least 4 different characters');
    expect(accessCodeProblem('x'.repeat(101))).toBe('An access code can be at most 100 characters');
    for (const strong of ['1234567890', 'RETREAT-26', 'S3CRET-CODE', 'abcdabcd', 'K7M2Q9XZPW'])
      expect(accessCodeProblem(strong)).toBeUndefined();
  });
});
