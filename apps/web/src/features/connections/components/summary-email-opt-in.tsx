import { type SummaryEmail, summaryEmailRequestSchema } from '@wheelmeet/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CheckboxField, InputField } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api-client';
import { useSaveSummaryEmail, useSummaryEmail } from '../api/connections';

export const SUMMARY_OPT_IN_LABEL = 'Email me this list after the event';
export const SUMMARY_LOAD_FAILED = 'Could not load your email choice.';
export const SUMMARY_SAVE_FAILED = 'Could not save your email choice. Please try again.';

function OptInForm({ token, current }: { token: string; current: SummaryEmail }) {
  const save = useSaveSummaryEmail(token);
  const [optIn, setOptIn] = useState(current.optIn);
  const [email, setEmail] = useState(current.email ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  if (current.sentAt)
    return (
      <p className="text-sm text-slate-700">
        Your summary was emailed to {current.email ?? 'you'} after the event.
      </p>
    );

  function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    // The same schema the server checks with, so a typo is caught before sending.
    const parsed = summaryEmailRequestSchema.safeParse(optIn ? { optIn, email } : { optIn });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
      return;
    }
    setProblem(null);
    save.mutate(parsed.data, { onSuccess: () => setSaved(true) });
  }

  return (
    <form className="space-y-3" onSubmit={submit} noValidate>
      <CheckboxField
        label={SUMMARY_OPT_IN_LABEL}
        checked={optIn}
        onChange={(event) => {
          setOptIn(event.currentTarget.checked);
          setSaved(false);
        }}
      />
      {optIn ? (
        <InputField
          label="Your email"
          hint="Only for this summary: the people you met and the details you both shared. Sent once, when the organiser closes the event."
          type="email"
          autoComplete="email"
          value={email}
          error={problem ?? undefined}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="secondary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save email choice'}
        </Button>
        <p aria-live="polite" className="text-sm">
          {save.isError ? (
            <span className="text-red-700">{errorMessage(save.error, SUMMARY_SAVE_FAILED)}</span>
          ) : saved ? (
            <span className="text-emerald-700">
              {current.optIn
                ? 'Saved. We will email you this list after the event.'
                : 'Saved. No email will be sent.'}
            </span>
          ) : null}
        </p>
      </div>
    </form>
  );
}

/** The participant's opt-in to get "My connections" by email after the event (decision 019). */
export function SummaryEmailOptIn({ token, open }: { token: string; open: boolean }) {
  const query = useSummaryEmail(token, open);
  return (
    <section aria-label="Email summary" className="mb-4 rounded-xl border border-slate-200 bg-slate-50 p-4">
      {query.isPending ? (
        <p className="text-sm text-slate-600" role="status">
          Loading your email choice…
        </p>
      ) : query.isError ? (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <span className="text-red-700">{errorMessage(query.error, SUMMARY_LOAD_FAILED)}</span>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <OptInForm token={token} current={query.data} />
      )}
    </section>
  );
}
