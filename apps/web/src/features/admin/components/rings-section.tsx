import {
  RING_LABEL_DEFAULTS,
  RING_LABEL_MAX,
  type Ring,
  ringDescription,
  ringLabel,
} from '@wheelmeet/contracts';
import { Fragment, useId } from 'react';
import { type Control, Controller, type FieldErrors, type UseFormRegister, useWatch } from 'react-hook-form';
import { FieldError, FormField, InputField, inputClasses } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';
import { firstMessage } from '../lib/contract-resolver';
import { type PreviewSentence, ringRulePreview } from '../lib/ring-rule-preview';
import {
  hasOptions,
  NO_RING_RULE,
  parseOptions,
  type RingRuleFormValues,
  ringRuleFieldChoices,
  toRingRule,
  type WheelFormValues,
} from '../lib/wheel-form-values';

export const NO_RULE_CHOICE = 'Nobody: anyone sits anywhere';
export const EITHER_RING = 'Either ring';

type RingLabels = Parameters<typeof ringLabel>[0];
type Place = Ring | 'either';

const RING_COLOURS: Record<Ring, string> = { inner: 'bg-indigo-500', outer: 'bg-amber-400' };

const sameAnswer = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

interface RingsSectionProps {
  control: Control<WheelFormValues>;
  register: UseFormRegister<WheelFormValues>;
  errors: FieldErrors<WheelFormValues>;
}

/**
 * The wheel's rings (issue 38): their names, and the rule that keeps people with a given
 * registration answer on one ring so every pair is one of each group, with a preview in words.
 */
export function RingsSection({ control, register, errors }: RingsSectionProps) {
  const [innerName, outerName, editor] = useWatch({
    control,
    name: ['innerRingLabel', 'outerRingLabel', 'registrationFields'],
  });
  const labels: RingLabels = {
    innerRingLabel: innerName.trim() || null,
    outerRingLabel: outerName.trim() || null,
  };
  const fields = ringRuleFieldChoices(editor);

  return (
    <>
      <p className="text-sm text-slate-600">
        Name the rings after the two groups who should meet, e.g. Mentors / Mentees, Buyers / Sellers. Leave
        them empty for ‘{RING_LABEL_DEFAULTS.inner}’ and ‘{RING_LABEL_DEFAULTS.outer}’.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label="Inner ring name"
          placeholder={RING_LABEL_DEFAULTS.inner}
          maxLength={RING_LABEL_MAX}
          error={errors.innerRingLabel?.message}
          type="text"
          {...register('innerRingLabel')}
        />
        <InputField
          label="Outer ring name"
          placeholder={RING_LABEL_DEFAULTS.outer}
          maxLength={RING_LABEL_MAX}
          error={errors.outerRingLabel?.message}
          type="text"
          {...register('outerRingLabel')}
        />
      </div>
      <Controller
        control={control}
        name="ringRule"
        render={({ field }) => (
          <RingRuleEditor
            value={field.value}
            onChange={field.onChange}
            fields={fields}
            labels={labels}
            errors={errors.ringRule as RingRuleErrors | undefined}
          />
        )}
      />
    </>
  );
}

/** The contract reports on the rule's field, on its answer lists, and on the rule as a whole (an answer on both rings). */
interface RingRuleErrors {
  message?: string;
  field?: { message?: string };
  inner?: unknown;
  outer?: unknown;
}

interface RingRuleEditorProps {
  value: RingRuleFormValues;
  onChange: (value: RingRuleFormValues) => void;
  fields: ReturnType<typeof ringRuleFieldChoices>;
  labels: RingLabels;
  errors?: RingRuleErrors;
}

function RingRuleEditor({ value, onChange, fields, labels, errors }: RingRuleEditorProps) {
  const id = useId();
  const chosen = fields.find((field) => field.name === value.field);
  // A rule on a field since removed or switched off stays chosen, so the contract's message says why it cannot be kept.
  const missing = value.field !== '' && !chosen;
  const options = chosen && hasOptions(chosen.type) ? (chosen.options ?? []) : [];
  const innerAnswers = parseOptions(value.innerAnswers);
  const outerAnswers = parseOptions(value.outerAnswers);
  const placeOf = (option: string): Place =>
    innerAnswers.some((answer) => sameAnswer(answer, option))
      ? 'inner'
      : outerAnswers.some((answer) => sameAnswer(answer, option))
        ? 'outer'
        : 'either';
  const place = (option: string, where: Place) => {
    const placeOfOption = (other: string) => (other === option ? where : placeOf(other));
    const answersOn = (ring: Ring) => options.filter((other) => placeOfOption(other) === ring).join(', ');
    onChange({ ...value, innerAnswers: answersOn('inner'), outerAnswers: answersOn('outer') });
  };
  const ruleError = errors?.message;
  const optionsError = ruleError ?? firstMessage(errors?.inner) ?? firstMessage(errors?.outer);
  const optionsErrorId = `${id}-answers-error`;

  return (
    <div className="space-y-4">
      <FormField
        label="Place people by"
        hint="People whose answer is listed for a ring may sit only on that ring, so every pair is one of each group."
        error={errors?.field?.message}
      >
        {(control) => (
          <select
            {...control}
            value={value.field}
            onChange={(event) => onChange({ ...NO_RING_RULE, field: event.target.value })}
            className={inputClasses}
          >
            <option value="">{NO_RULE_CHOICE}</option>
            {fields.map((field) => (
              <option key={field.name} value={field.name}>
                {field.label || field.name}
              </option>
            ))}
            {missing ? (
              <option value={value.field}>{value.field} (not on the registration form)</option>
            ) : null}
          </select>
        )}
      </FormField>

      {chosen && options.length > 0 ? (
        <fieldset className="space-y-2" aria-describedby={optionsError ? optionsErrorId : undefined}>
          <legend className="text-sm font-medium text-slate-800">Which ring each answer sits on</legend>
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-slate-50">
            {options.map((option, index) => {
              const optionId = `${id}-option-${index}`;
              return (
                <li
                  key={option}
                  className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-3 py-2"
                >
                  <span id={optionId} className="text-sm font-medium text-slate-900">
                    {option}
                  </span>
                  <div
                    role="radiogroup"
                    aria-labelledby={optionId}
                    className="flex flex-wrap gap-x-4 gap-y-1"
                  >
                    {(['inner', 'outer', 'either'] as const).map((where) => (
                      <label key={where} className="inline-flex items-center gap-1.5 text-sm text-slate-800">
                        <input
                          type="radio"
                          name={optionId}
                          checked={placeOf(option) === where}
                          onChange={() => place(option, where)}
                          className="size-4 accent-indigo-600"
                        />
                        {where === 'either' ? EITHER_RING : ringLabel(labels, where)}
                      </label>
                    ))}
                  </div>
                </li>
              );
            })}
          </ul>
          <FieldError id={optionsErrorId} error={optionsError} />
        </fieldset>
      ) : value.field !== '' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            label="Inner ring answers"
            hint={`Answers that seat people on the ${ringDescription(labels, 'inner')}, separated by commas.`}
            error={firstMessage(errors?.inner)}
            type="text"
            value={value.innerAnswers}
            onChange={(event) => onChange({ ...value, innerAnswers: event.target.value })}
          />
          <InputField
            label="Outer ring answers"
            hint={`Answers that seat people on the ${ringDescription(labels, 'outer')}, separated by commas.`}
            error={firstMessage(errors?.outer) ?? ruleError}
            type="text"
            value={value.outerAnswers}
            onChange={(event) => onChange({ ...value, outerAnswers: event.target.value })}
          />
        </div>
      ) : null}

      <RingRulePreview sentences={ringRulePreview(labels, toRingRule(value))} />
    </div>
  );
}

/** The rule in words beside a tiny two-ring picture in the same colours. */
function RingRulePreview({ sentences }: { sentences: PreviewSentence[] }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-3"
    >
      <svg viewBox="0 0 48 48" className="size-12 shrink-0" aria-hidden="true">
        <circle cx="24" cy="24" r="20" fill="none" strokeWidth="6" className="stroke-amber-400" />
        <circle cx="24" cy="24" r="10" fill="none" strokeWidth="6" className="stroke-indigo-500" />
      </svg>
      <div className="min-w-0">
        <h3 id={headingId} className="text-sm font-medium text-slate-800">
          Preview
        </h3>
        <p className="text-sm text-slate-700">
          {sentences.map((sentence, index) => (
            <Fragment key={sentence.text}>
              {index > 0 ? ' ' : null}
              <span className="inline-flex items-baseline gap-1.5">
                {sentence.ring ? (
                  <span
                    aria-hidden="true"
                    className={cn('inline-block size-2 rounded-full', RING_COLOURS[sentence.ring])}
                  />
                ) : null}
                {sentence.text}
              </span>
            </Fragment>
          ))}
        </p>
      </div>
    </section>
  );
}
