import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { REPORT_REASON_LABELS, type SafetyReport } from '@wheelmeet/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { errorMessage } from '@/lib/api-client';
import { removeParticipant, safetyReportsQuery } from '../api/safety';
import { useTimedMessage } from '../hooks/use-timed-message';
import { formatDateTime } from '../lib/format';

export const SAFETY_REPORTS_TITLE = 'Reports';
export const NO_REPORTS_MESSAGE = 'No reports. Participants can report someone they were matched with.';
export const REMOVE_LABEL = 'Remove from wheel';

/**
 * What participants reported about each other on this wheel, and a way to remove someone
 * (issue 13, decision 016): the organiser for their own wheels, admins for any.
 */
export function WheelSafetyReports({ wheelId }: { wheelId: string }) {
  const queryClient = useQueryClient();
  const query = useQuery(safetyReportsQuery(wheelId));
  const [confirming, setConfirming] = useState<SafetyReport['reported'] | null>(null);
  const done = useTimedMessage(6_000);
  const remove = useMutation({
    mutationFn: (person: SafetyReport['reported']) => removeParticipant(wheelId, person.id),
    onSuccess: (_removed, person) => {
      done.show(`${person.displayName} was removed from the wheel.`);
      setConfirming(null);
      void queryClient.invalidateQueries({ queryKey: safetyReportsQuery(wheelId).queryKey });
    },
  });

  return (
    <Card>
      <section aria-labelledby="safety-reports-heading">
        <h2 id="safety-reports-heading" className="text-lg font-semibold text-slate-900">
          {SAFETY_REPORTS_TITLE}
        </h2>
        <div aria-live="polite">
          {done.message ? (
            <Alert tone="success" className="mt-3">
              {done.message}
            </Alert>
          ) : null}
        </div>
        {query.isPending ? (
          <LoadingState label="Loading reports…" />
        ) : query.isError ? (
          <ErrorState
            headingLevel={3}
            message={errorMessage(query.error, 'Could not load the reports.')}
            action={
              <Button variant="secondary" onClick={() => void query.refetch()}>
                Try again
              </Button>
            }
          />
        ) : query.data.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">{NO_REPORTS_MESSAGE}</p>
        ) : (
          <ul className="mt-4 divide-y divide-slate-200">
            {query.data.map((report) => (
              <li key={report.id} aria-label={`Report about ${report.reported.displayName}`} className="py-3">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900 break-words">
                      {report.reported.displayName}{' '}
                      <span className="font-normal text-slate-600">
                        reported by {report.reporter.displayName}
                      </span>
                    </p>
                    <p className="mt-1 text-sm text-slate-800">{REPORT_REASON_LABELS[report.reason]}</p>
                    {report.details ? (
                      <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-600">
                        “{report.details}”
                      </p>
                    ) : null}
                    <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-500">
                      {formatDateTime(report.createdAt)}
                      {report.blocked ? <Badge tone="amber">Blocked by reporter</Badge> : null}
                    </p>
                  </div>
                  {report.reported.removed ? (
                    <Badge tone="red">Removed</Badge>
                  ) : (
                    <Button
                      variant="secondary"
                      className="min-h-11"
                      onClick={() => {
                        remove.reset();
                        setConfirming(report.reported);
                      }}
                    >
                      {REMOVE_LABEL}
                      <span className="sr-only"> {report.reported.displayName}</span>
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={`Remove ${confirming?.displayName ?? ''}?`}
        message="They leave the wheel at once: their seat frees, their match or call ends, and they cannot come back with this registration."
        confirmLabel="Remove"
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, 'Could not remove them. Please try again.') : null}
        onConfirm={() => confirming && remove.mutate(confirming)}
      />
    </Card>
  );
}
