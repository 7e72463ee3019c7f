import type { RegistrationConfig, RegistrationField } from '@wheelmeet/contracts';

/** Registration fields journeys build their wheels' forms from, so people show up by name. */
export const USERNAME_FIELD: RegistrationField = {
  id: 'username',
  name: 'username',
  label: 'Username',
  type: 'text',
  required: true,
  enabled: true,
};
export const AGE_FIELD: RegistrationField = {
  id: 'age',
  name: 'age',
  label: 'Age',
  type: 'number',
  required: true,
  enabled: true,
};
export const GENDER_FIELD: RegistrationField = {
  id: 'gender',
  name: 'gender',
  label: 'Gender',
  type: 'select',
  required: true,
  options: ['male', 'female', 'other'],
  enabled: true,
};

/** A form that asks for a name, an age and a gender, so people show up by name. */
export const NAMED_FORM: RegistrationConfig = {
  enabled: true,
  fields: [USERNAME_FIELD, AGE_FIELD, GENDER_FIELD],
};
