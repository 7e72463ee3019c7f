import {
  ADMIN_DEFAULT_REGISTRATION_CONFIG,
  type AdminWheel,
  CONTACT_FIELDS,
  type ContactField,
  type CreateWheelRequest,
  effectiveRegistrationFields,
  type RegistrationConfig,
  type RegistrationField,
  type RegistrationFieldType,
  type UpdateWheelRequest,
  WHEEL_SLOT_COUNT_DEFAULT,
  type WheelStatus,
} from '@wheelmeet/contracts';

/** One registration field as the editor holds it: the options of a choice field as editable text. */
export interface EditorField {
  id: string;
  name: string;
  label: string;
  type: RegistrationFieldType;
  required: boolean;
  enabled: boolean;
  /** Options of a choice field (select or multiselect), comma-separated. */
  optionsText: string;
  /** Added by the organiser: its type can change and it can be removed. */
  custom: boolean;
}

export interface EditorConfig {
  enabled: boolean;
  fields: EditorField[];
}

/**
 * The ring rule as the form holds it: the field it reads ('' for no rule) and each ring's
 * answers as comma-separated text. A choice field's Inner / Outer / Either buttons write the
 * same text, so a rule keeps its answers when the field it reads is removed and the contract
 * can say what is wrong instead of the rule quietly vanishing.
 */
export interface RingRuleFormValues {
  field: string;
  innerAnswers: string;
  outerAnswers: string;
}

export const NO_RING_RULE: RingRuleFormValues = { field: '', innerAnswers: '', outerAnswers: '' };

export interface WheelFormValues {
  name: string;
  description: string;
  /** Only sent when creating: the slot count is fixed once the wheel exists. */
  slotCount: number;
  isPrivate: boolean;
  accessCode: string;
  price: number;
  /** 'YYYY-MM-DD' from the date input, or ''. */
  expiresAt: string;
  rules: string;
  guidelines: string;
  /** Only sent when editing. */
  status: WheelStatus;
  /** null: the server's default round length. */
  roundSeconds: number | null;
  /** null: the standard answer window (MATCH_ANSWER_WINDOW_MS). */
  answerSeconds: number | null;
  /** null: the standard call length (CALL_MINUTES_DEFAULT). */
  callMinutes: number | null;
  /** The contact details people may share after a call; all of them is the standard. */
  contactFields: ContactField[];
  registrationFields: EditorConfig;
  /** What the wheel calls its rings; '' for the standard names. */
  innerRingLabel: string;
  outerRingLabel: string;
  ringRule: RingRuleFormValues;
  /** 'YYYY-MM-DDTHH:mm' in the browser's time zone, from the datetime-local input; '' for no start. */
  startsAt: string;
  /** null: an endless wheel. */
  roundCount: number | null;
  /** The icebreaker prompts, one per line. */
  prompts: string;
  /**
   * Only sent when an admin creates a wheel: the owning business user's id, '' for WheelMeet.
   * Left out for business users, whose wheels are always their own.
   */
  businessUserId?: string;
}

const BUILT_IN_FIELD_IDS = new Set(ADMIN_DEFAULT_REGISTRATION_CONFIG.fields.map((field) => field.id));

export const parseOptions = (text: string): string[] =>
  text
    .split(',')
    .map((option) => option.trim())
    .filter((option) => option !== '');

/** Types whose answers come from the organiser's own options. */
export const hasOptions = (type: RegistrationFieldType) => type === 'select' || type === 'multiselect';

export function toEditorConfig(config: RegistrationConfig): EditorConfig {
  return {
    enabled: config.enabled,
    fields: config.fields.map((field) => ({
      id: field.id,
      name: field.name,
      label: field.label,
      type: field.type,
      required: field.required,
      enabled: field.enabled,
      optionsText: (field.options ?? []).join(', '),
      custom: !BUILT_IN_FIELD_IDS.has(field.id),
    })),
  };
}

export function fromEditorConfig(editor: EditorConfig): RegistrationConfig {
  return {
    enabled: editor.enabled,
    fields: editor.fields.map((field) => ({
      id: field.id,
      name: field.name,
      label: field.label.trim(),
      type: field.type,
      required: field.required,
      enabled: field.enabled,
      ...(hasOptions(field.type) ? { options: parseOptions(field.optionsText) } : {}),
    })),
  };
}

/** A new custom field: a text field the organiser then names and shapes. */
export function newCustomField(): EditorField {
  const key = crypto.randomUUID().slice(0, 8);
  return {
    id: `custom-${key}`,
    name: `custom_${key}`,
    label: '',
    type: 'text',
    required: false,
    enabled: true,
    optionsText: '',
    custom: true,
  };
}

/**
 * A new wheel starts from the admin-side defaults (spec section 3); `chooseOwner` (admins) adds
 * the owner, WheelMeet until one is picked.
 */
export function newWheelFormValues({ chooseOwner = false }: { chooseOwner?: boolean } = {}): WheelFormValues {
  return {
    name: '',
    description: '',
    slotCount: WHEEL_SLOT_COUNT_DEFAULT,
    isPrivate: false,
    accessCode: '',
    price: 0,
    expiresAt: '',
    rules: '',
    guidelines: '',
    status: 'Active',
    roundSeconds: null,
    answerSeconds: null,
    callMinutes: null,
    contactFields: [...CONTACT_FIELDS],
    registrationFields: toEditorConfig(ADMIN_DEFAULT_REGISTRATION_CONFIG),
    innerRingLabel: '',
    outerRingLabel: '',
    ringRule: NO_RING_RULE,
    startsAt: '',
    roundCount: null,
    prompts: '',
    ...(chooseOwner ? { businessUserId: '' } : {}),
  };
}

export function wheelToFormValues(wheel: AdminWheel): WheelFormValues {
  return {
    name: wheel.name,
    description: wheel.description,
    slotCount: wheel.slotCount,
    isPrivate: wheel.isPrivate,
    accessCode: wheel.accessCode ?? '',
    price: wheel.price,
    expiresAt: wheel.expiresAt ? wheel.expiresAt.slice(0, 10) : '',
    rules: wheel.rules ?? '',
    guidelines: wheel.guidelines ?? '',
    status: wheel.status,
    roundSeconds: wheel.roundSeconds,
    answerSeconds: wheel.answerSeconds,
    callMinutes: wheel.callMinutes,
    contactFields: wheel.contactFields ?? [...CONTACT_FIELDS],
    // A wheel without its own form shows the admin defaults switched off: participants keep
    // getting the standard form until the organiser turns this one on.
    registrationFields: wheel.registrationFields
      ? toEditorConfig(wheel.registrationFields)
      : { ...toEditorConfig(ADMIN_DEFAULT_REGISTRATION_CONFIG), enabled: false },
    innerRingLabel: wheel.innerRingLabel ?? '',
    outerRingLabel: wheel.outerRingLabel ?? '',
    ringRule: wheel.ringRule
      ? {
          field: wheel.ringRule.field,
          innerAnswers: wheel.ringRule.inner.join(', '),
          outerAnswers: wheel.ringRule.outer.join(', '),
        }
      : NO_RING_RULE,
    startsAt: wheel.startsAt ? toLocalDateTime(wheel.startsAt) : '',
    roundCount: wheel.roundCount,
    prompts: wheel.prompts.join('\n'),
  };
}

/** An empty number input means the standard (or no limit): null, not NaN or 0. */
export const blankToNull = (value: unknown) => (value === '' || value === null ? null : Number(value));

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** An instant as a datetime-local input shows it: the wall-clock time in the browser's time zone. */
export function toLocalDateTime(iso: string): string {
  const date = new Date(iso);
  return (
    `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}` +
    `T${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`
  );
}

/**
 * A datetime-local value back to an instant: without an offset the browser reads it in its own
 * time zone. Anything it cannot read goes as typed, so the contract says what is wrong.
 */
export function fromLocalDateTime(local: string): string | null {
  if (local === '') return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

/** The prompts the organiser wrote: one per line, blank lines dropped as the contract drops them. */
export const promptLines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** The fields a ring rule may read: those participants are asked, as the contract counts them. */
export const ringRuleFieldChoices = (editor: EditorConfig): RegistrationField[] =>
  effectiveRegistrationFields(fromEditorConfig(editor));

/** The rule to send: null for none; otherwise as typed, so the contract checks the field it reads. */
export function toRingRule(rule: RingRuleFormValues) {
  if (rule.field === '') return null;
  return {
    field: rule.field,
    inner: parseOptions(rule.innerAnswers),
    outer: parseOptions(rule.outerAnswers),
  };
}

const optional = (text: string): string | undefined => {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : trimmed;
};

/** The fields create and update share; empty optional text is left out. */
function commonBody(values: WheelFormValues) {
  const accessCode = values.isPrivate ? optional(values.accessCode) : undefined;
  const rules = optional(values.rules);
  const guidelines = optional(values.guidelines);
  return {
    name: values.name,
    description: values.description,
    isPrivate: values.isPrivate,
    ...(accessCode ? { accessCode } : {}),
    price: values.price,
    // The server stores midnight UTC of this day.
    ...(values.expiresAt ? { expiresAt: values.expiresAt } : {}),
    ...(rules ? { rules } : {}),
    ...(guidelines ? { guidelines } : {}),
    ...(values.roundSeconds === null ? {} : { roundSeconds: values.roundSeconds }),
    ...(values.answerSeconds === null ? {} : { answerSeconds: values.answerSeconds }),
    ...(values.callMinutes === null ? {} : { callMinutes: values.callMinutes }),
    // Unticked boxes leave an empty list, which the contract refuses with its own message.
    contactFields: values.contactFields || [],
    registrationFields: fromEditorConfig(values.registrationFields),
    innerRingLabel: values.innerRingLabel,
    outerRingLabel: values.outerRingLabel,
    ringRule: toRingRule(values.ringRule),
    startsAt: fromLocalDateTime(values.startsAt),
    roundCount: values.roundCount,
    prompts: promptLines(values.prompts),
  };
}

/** POST /api/admin/wheels: an admin's owner choice goes along, null for WheelMeet. */
export function toCreateWheelBody(values: WheelFormValues): CreateWheelRequest {
  return {
    ...commonBody(values),
    slotCount: values.slotCount,
    ...(values.businessUserId === undefined ? {} : { businessUserId: values.businessUserId || null }),
  };
}

/** PUT /api/admin/wheels/{id}: no slot count. */
export function toUpdateWheelBody(values: WheelFormValues): UpdateWheelRequest {
  return { ...commonBody(values), status: values.status };
}
