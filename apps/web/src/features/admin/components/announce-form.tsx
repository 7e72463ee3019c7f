import { useQueryClient } from '@tanstack/react-query';
import {
  ANNOUNCEMENT_MAX_LENGTH,
  type AnnouncementRequest,
  announcementRequestSchema,
} from '@wheelmeet/contracts';
import { useId } from 'react';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/ui/button';
import { FormField, inputClasses } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';
import { announce, wheelLiveQuery } from '../api/wheels';
import { useAdminForm } from '../hooks/use-admin-form';
import { useTimedMessage } from '../hooks/use-timed-message';
import { contractResolver } from '../lib/contract-resolver';

export const ANNOUNCEMENT_SENT = 'Announcement sent.';
const ANNOUNCEMENT_FAILED = 'Failed to send the announcement. Please try again.';
const FIELD_NAMES = ['message'] as const;
const resolver = contractResolver<AnnouncementRequest>(announcementRequestSchema);

/** The host speaks to everyone on the wheel, people in a call included (issue 35). */
export function AnnounceForm({ wheelId }: { wheelId: string }) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const sent = useTimedMessage(5_000);
  const {
    register,
    watch,
    reset,
    formState: { errors, isSubmitting },
    submit,
    formError,
  } = useAdminForm<AnnouncementRequest>({
    defaultValues: { message: '' },
    resolver,
    fieldNames: FIELD_NAMES,
    fallbackError: ANNOUNCEMENT_FAILED,
    save: async ({ message }) => {
      const announcement = await announce(wheelId, message);
      // The console shows the latest announcement at once rather than at the next poll.
      queryClient.setQueryData(wheelLiveQuery(wheelId).queryKey, (live) => live && { ...live, announcement });
      reset();
      sent.show(ANNOUNCEMENT_SENT);
    },
  });
  const length = watch('message').length;

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby={headingId}
      className="mt-6 border-t border-slate-200 pt-4"
    >
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        Announce
      </h3>
      <p className="mt-1 text-sm text-slate-600">Everyone on the wheel sees it, people in a call included.</p>
      {formError ? <Alert className="mt-3">{formError}</Alert> : null}
      <FormField
        label="Announcement"
        className="mt-3"
        hint={
          <span className={cn('tabular-nums', length > ANNOUNCEMENT_MAX_LENGTH && 'text-red-700')}>
            {length} / {ANNOUNCEMENT_MAX_LENGTH}
          </span>
        }
        error={errors.message?.message}
      >
        {(props) => <textarea {...props} rows={3} className={inputClasses} {...register('message')} />}
      </FormField>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <SubmitButton pending={isSubmitting}>Send announcement</SubmitButton>
        <p aria-live="polite" className="text-sm text-emerald-800">
          {sent.message}
        </p>
      </div>
    </form>
  );
}
