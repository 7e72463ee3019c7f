import {
  REPORT_DETAILS_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
  type SafetyActionResponse,
  safetyActionRequestSchema,
} from '@wheelmeet/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFormActions } from '@/components/ui/dialog';
import { CheckboxField, FieldError, FormField, inputClasses } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api-client';
import { useSafetyAction } from '@/lib/safety-api';

export const SAFETY_ACTION_LABEL = 'Block or report';
export const SAFETY_FAILED_MESSAGE = 'Could not send this. Please try again.';
export const CHOOSE_SOMETHING = 'Choose to block, to report, or both.';
export const CHOOSE_A_REASON = 'Choose a reason for your report.';

/** What the person is told once it went through; never anything the other side sees. */
export function safetyDoneText(name: string, result: SafetyActionResponse): string {
  const parts = [
    result.blocked ? `You blocked ${name}: you will not be matched again.` : null,
    result.reported ? 'Thank you. The organiser will see your report.' : null,
  ];
  return parts.filter(Boolean).join(' ');
}

interface SafetyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The participant's own token. */
  token: string;
  matchId: string;
  /** Who would be blocked or reported, as the person sees them. */
  partnerName: string;
  /** Called once the server took it (blocked and/or reported). */
  onDone?: (result: SafetyActionResponse, text: string) => void;
  className?: string;
}

/**
 * Block someone you were matched with (never matched again; anything open between you ends),
 * report them to the organiser with a reason, or both, in one form (issue 13, decision 016).
 * The form checks with the same schema the server does.
 */
export function SafetyDialog({
  open,
  onOpenChange,
  token,
  matchId,
  partnerName,
  onDone,
  className,
}: SafetyDialogProps) {
  const action = useSafetyAction(token);
  const [block, setBlock] = useState(true);
  const [report, setReport] = useState(false);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [problem, setProblem] = useState<{ field: 'form' | 'reason' | 'details'; message: string } | null>(
    null,
  );
  const [done, setDone] = useState<string | null>(null);
  const reasonsId = useId();
  const reasonErrorId = `${reasonsId}-error`;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (report && !reason) return setProblem({ field: 'reason', message: CHOOSE_A_REASON });
    const parsed = safetyActionRequestSchema.safeParse({
      block,
      report: report && reason ? { reason, details: details.trim() || null } : null,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const onDetails = issue?.path.includes('details');
      return setProblem({
        field: onDetails ? 'details' : 'form',
        message: onDetails ? `Keep the details under ${REPORT_DETAILS_MAX} characters.` : CHOOSE_SOMETHING,
      });
    }
    setProblem(null);
    action.mutate(
      { matchId, action: parsed.data },
      {
        onSuccess: (result) => {
          const text = safetyDoneText(partnerName, result);
          setDone(text);
          onDone?.(result, text);
        },
      },
    );
  }

  const submitLabel = block && report ? 'Block and report' : report ? 'Send report' : 'Block';
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`${SAFETY_ACTION_LABEL} ${partnerName}`}
      description="They are not told. Blocking ends your match or call with them at once."
      className={className}
    >
      {done ? (
        <div className="space-y-4">
          <Alert tone="success">{done}</Alert>
          <div className="flex justify-end">
            <Button onClick={() => onOpenChange(false)}>Close</Button>
          </div>
        </div>
      ) : (
        <form className="space-y-4" noValidate onSubmit={submit}>
          <CheckboxField
            label={`Block ${partnerName}`}
            hint="You will never be matched with them again on this wheel."
            checked={block}
            onChange={(event) => setBlock(event.target.checked)}
          />
          <CheckboxField
            label={`Report ${partnerName} to the organiser`}
            hint="The organiser can remove people from the wheel."
            checked={report}
            onChange={(event) => setReport(event.target.checked)}
          />
          {report ? (
            <>
              <fieldset aria-describedby={problem?.field === 'reason' ? reasonErrorId : undefined}>
                <legend className="text-sm font-medium text-slate-800">What happened?</legend>
                <div className="mt-2 space-y-2">
                  {REPORT_REASONS.map((value) => (
                    <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
                      <input
                        type="radio"
                        name={`${reasonsId}-reason`}
                        value={value}
                        checked={reason === value}
                        onChange={() => {
                          setReason(value);
                          // The reason asked for is given: the request to choose one goes.
                          if (problem?.field === 'reason') setProblem(null);
                        }}
                        className="size-4 accent-indigo-600"
                      />
                      {REPORT_REASON_LABELS[value]}
                    </label>
                  ))}
                </div>
                <FieldError id={reasonErrorId} error={problem?.field === 'reason' ? problem.message : null} />
              </fieldset>
              <FormField
                label="Details (optional)"
                hint="Only the organiser reads this."
                error={problem?.field === 'details' ? problem.message : undefined}
              >
                {(control) => (
                  <textarea
                    {...control}
                    rows={3}
                    maxLength={REPORT_DETAILS_MAX}
                    value={details}
                    onChange={(event) => setDetails(event.target.value)}
                    className={inputClasses}
                  />
                )}
              </FormField>
            </>
          ) : null}
          {problem?.field === 'form' ? <Alert>{problem.message}</Alert> : null}
          {action.isError ? <Alert>{errorMessage(action.error, SAFETY_FAILED_MESSAGE)}</Alert> : null}
          <DialogFormActions
            onCancel={() => onOpenChange(false)}
            pending={action.isPending}
            submitLabel={submitLabel}
          />
        </form>
      )}
    </Dialog>
  );
}
