import { PROMPTS_MAX, ROUND_COUNT_MAX, ROUND_COUNT_MIN } from '@wheelmeet/contracts';
import { type Control, type FieldErrors, type UseFormRegister, useWatch } from 'react-hook-form';
import { FormField, InputField, inputClasses } from '@/components/ui/form-field';
import { firstMessage } from '../lib/contract-resolver';
import { blankToNull, promptLines, type WheelFormValues } from '../lib/wheel-form-values';

/** The browser's time zone, e.g. 'Europe/Berlin': the start is typed and shown in it. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const promptCount = (count: number) => `${count} of ${PROMPTS_MAX} prompts`;

interface EventSectionProps {
  control: Control<WheelFormValues>;
  register: UseFormRegister<WheelFormValues>;
  errors: FieldErrors<WheelFormValues>;
}

/** The wheel as an event (issue 35): when it starts, how many rounds it runs, and its icebreaker prompts. */
export function EventSection({ control, register, errors }: EventSectionProps) {
  const prompts = useWatch({ control, name: 'prompts' });
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label="Starts at"
          hint={`In your time zone (${browserTimeZone()}). Leave empty to start as soon as both rings have someone.`}
          error={errors.startsAt?.message}
          type="datetime-local"
          {...register('startsAt')}
        />
        <InputField
          label="Number of rounds"
          hint="The event ends after this many rounds. Leave empty for an endless wheel."
          error={errors.roundCount?.message}
          type="number"
          min={ROUND_COUNT_MIN}
          max={ROUND_COUNT_MAX}
          step={1}
          {...register('roundCount', { setValueAs: blankToNull })}
        />
      </div>
      <FormField
        label="Icebreaker prompts"
        hint={
          <>
            One prompt per line; each round shows the next one to the people it pairs.{' '}
            <span className="block tabular-nums">{promptCount(promptLines(prompts).length)}</span>
          </>
        }
        error={firstMessage(errors.prompts)}
      >
        {(props) => <textarea {...props} rows={5} className={inputClasses} {...register('prompts')} />}
      </FormField>
    </>
  );
}
