import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AdminWheel,
  CALL_MINUTES_MAX,
  CALL_MINUTES_MIN,
  type WheelTimingRequest,
  wheelTimingRequestSchema,
} from '@wheelmeet/contracts';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/ui/button';
import { InputField } from '@/components/ui/form-field';
import { changeTiming, wheelQuery, wheelsKey } from '../api/wheels';
import { useAdminForm } from '../hooks/use-admin-form';
import { useTimedMessage } from '../hooks/use-timed-message';
import { contractResolver } from '../lib/contract-resolver';
import { blankToNull } from '../lib/wheel-form-values';

export const TIMING_APPLIED = 'New timing applied: everyone on the wheel sees it now.';
const TIMING_FAILED = 'Failed to change the timing. Please try again.';
const FIELD_NAMES = ['roundSeconds', 'callMinutes'] as const;

const resolver = contractResolver<WheelTimingRequest>(wheelTimingRequestSchema);

/**
 * The organiser's live controls for timing: a new round length moves the countdown under way,
 * a new call length moves the end of every call running on the wheel (decision 020).
 */
export function LiveTimingForm({ wheel }: { wheel: AdminWheel }) {
  const queryClient = useQueryClient();
  const applied = useTimedMessage(5_000);
  const save = useMutation({
    mutationFn: (timing: WheelTimingRequest) => changeTiming(wheel.id, timing),
    onSuccess: (updated) => {
      queryClient.setQueryData(wheelQuery(wheel.id).queryKey, updated);
      void queryClient.invalidateQueries({ queryKey: wheelsKey, exact: true });
      applied.show(TIMING_APPLIED);
    },
  });
  const {
    register,
    formState: { errors, isSubmitting },
    submit,
    formError,
  } = useAdminForm<WheelTimingRequest>({
    defaultValues: { roundSeconds: wheel.roundSeconds, callMinutes: wheel.callMinutes },
    resolver,
    fieldNames: FIELD_NAMES,
    fallbackError: TIMING_FAILED,
    save: (values) => save.mutateAsync(values),
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="live-timing-heading"
      className="mt-6 border-t border-slate-200 pt-4"
    >
      <h3 id="live-timing-heading" className="text-base font-semibold text-slate-900">
        Change timing now
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        The countdown under way and the calls running follow the new lengths at once. Leave a field empty for
        the standard length.
      </p>
      {formError ? <Alert className="mt-3">{formError}</Alert> : null}
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <InputField
          label="New round length (seconds)"
          error={errors.roundSeconds?.message}
          type="number"
          min={10}
          max={3600}
          step={1}
          placeholder={String(wheel.effectiveRoundSeconds)}
          {...register('roundSeconds', { setValueAs: blankToNull })}
        />
        <InputField
          label="New call length (minutes)"
          error={errors.callMinutes?.message}
          type="number"
          min={CALL_MINUTES_MIN}
          max={CALL_MINUTES_MAX}
          step={1}
          placeholder={String(wheel.effectiveCallMinutes)}
          {...register('callMinutes', { setValueAs: blankToNull })}
        />
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <SubmitButton pending={isSubmitting}>Apply now</SubmitButton>
        <p aria-live="polite" className="text-sm text-emerald-800">
          {applied.message}
        </p>
      </div>
    </form>
  );
}
