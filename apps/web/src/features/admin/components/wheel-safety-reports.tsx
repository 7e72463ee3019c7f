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
import { markReportHandled, removeParticipant, safetyReportsQuery } from '../api/safety';
import { useTimedMessage } from '../hooks/use-timed-message';
import { formatDateTime } from '../lib/format';

export const SAFETY_REPORTS_TITLE = 'Reports';
export const NO_REPORTS_MESSAGE = 'No reports. Participants can report someone they were matched with.';
export const ALL_HANDLED_MESSAGE = 'Nothing to look at: every report is handled.';
export const REMOVE_LABEL = 'Remove from wheel';
export const MARK_HANDLED_LABEL = 'Mark as handled';
export const REOPEN_LABEL = 'Reopen';

/**
 * What participants reported about each other on this wheel, and a way to remove someone
 * (issue 13, decision 016): the organiser for their own wheels, admins for any. Reports dealt
 * with are marked handled and folded away, so the list shows what still needs looking at.
 */
export function WheelSafetyReports({ wheelId }: { wheelId: string }) {
  const queryClient = useQueryClient();
  const query = useQuery(safetyReportsQuery(wheelId));
  const [confirming, setConfirming] = useState<SafetyReport['reported'] | null>(null);
  const done = useTimedMessage(6_000);
  const refresh = () => queryClient.invalidateQueries({ queryKey: safetyReportsQuery(wheelId).queryKey });
  const remove = useMutation({
    mutationFn: (person: SafetyReport['reported']) => removeParticipant(wheelId, person.id),
    onSuccess: (_removed, person) => {
      done.show(`${person.displayName} was removed from the wheel.`);
      setConfirming(null);
      void refresh();
    },
  });
  const handle = useMutation({
    mutationFn: ({ report, handled }: { report: SafetyReport; handled: boolean }) =>
      markReportHandled(wheelId, report.id, handled),
    onSuccess: (_result, { report, handled }) => {
      done.show(
        handled
          ? `The report about ${report.reported.displayName} is handled.`
          : `The report about ${report.reported.displayName} is open again.`,
      );
      void refresh();
    },
  });

  const reportItem = (report: SafetyReport) => (
    <li key={report.id} aria-label={`Report about ${report.reported.displayName}`} className="py-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium text-slate-900 break-words">
            {report.reported.displayName}{' '}
            <span className="font-normal text-slate-600">reported by {report.reporter.displayName}</span>
          </p>
          <p className="mt-1 text-sm text-slate-800">{REPORT_REASON_LABELS[report.reason]}</p>
          {report.details ? (
            <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-600">“{report.details}”</p>
          ) : null}
          <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-500">
            {formatDateTime(report.createdAt)}
            {report.blocked ? <Badge tone="amber">Blocked by reporter</Badge> : null}
            {report.handledAt ? <span>Handled {formatDateTime(report.handledAt)}</span> : null}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="secondary"
            disabled={handle.isPending && handle.variables?.report.id === report.id}
            onClick={() => handle.mutate({ report, handled: report.handledAt === null })}
          >
            {report.handledAt === null ? MARK_HANDLED_LABEL : REOPEN_LABEL}
            <span className="sr-only"> the report about {report.reported.displayName}</span>
          </Button>
          {report.reported.removed ? (
            <Badge tone="red">Removed</Badge>
          ) : (
            <Button
              variant="secondary"
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
      </div>
    </li>
  );

  const open = query.data?.filter((report) => report.handledAt === null) ?? [];
  const handled = query.data?.filter((report) => report.handledAt !== null) ?? [];

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
          {handle.isError ? (
            <Alert tone="error" className="mt-3">
              {errorMessage(handle.error, 'Could not change the report. Please try again.')}
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
          <>
            {open.length === 0 ? (
              <p className="mt-3 text-sm text-slate-600">{ALL_HANDLED_MESSAGE}</p>
            ) : (
              <ul aria-label="Open reports" className="mt-4 divide-y divide-slate-200">
                {open.map(reportItem)}
              </ul>
            )}
            {handled.length > 0 ? (
              <details className="mt-4 border-t border-slate-200 pt-3">
                <summary className="cursor-pointer text-sm font-medium text-slate-700">
                  Handled ({handled.length})
                </summary>
                <ul aria-label="Handled reports" className="divide-y divide-slate-200">
                  {handled.map(reportItem)}
                </ul>
              </details>
            ) : null}
          </>
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
