import { describe, expect, it } from 'vitest';
import type { RegistrationConfig } from './http/wheels';
import {
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
});
