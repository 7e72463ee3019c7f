import { useQuery } from '@tanstack/react-query';
import type { BusinessUserReport } from '@wheelmeet/contracts';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { errorMessage } from '@/lib/api-client';
import { businessUserReportQuery } from '../api/business-users';
import { useAdminSession } from '../hooks/use-admin-session';
import { formatDateTime, formatDuration, formatMoney, formatPercent } from '../lib/format';
import { AdminPageHeader } from './admin-page-header';
import { type Column, ListTable, linkClasses } from './data-table';
import { OverTimeChart } from './over-time-chart';
import { type ReportFigure, ReportFigures, ReportSection } from './report-section';
import { StatusBadge } from './status-badge';
import { WheelLink, wheelReportPath } from './wheel-link';
import { MATCHING_REPORT_LABEL, REGISTERED_LABEL } from './wheel-messages';

export const REPORT_LOAD_ERROR = 'Failed to load the report. Please try again.';

type WheelFigures = BusinessUserReport['wheels'][number];
type Payment = BusinessUserReport['payments'][number];

/** A figure's column: right-aligned numbers. */
const figure = (header: string, cell: (wheel: WheelFigures) => ReactNode): Column<WheelFigures> => ({
  header,
  cell,
  alignRight: true,
  className: 'tabular-nums',
});

/** The wheel and its status, then its figures. */
const WHEEL_COLUMNS: Column<WheelFigures>[] = [
  { header: 'Wheel', cell: (wheel) => <WheelLink id={wheel.id} name={wheel.name} /> },
  { header: 'Status', cell: (wheel) => <StatusBadge status={wheel.status} /> },
  figure(REGISTERED_LABEL, (wheel) => wheel.participants),
  figure('Rounds', (wheel) => wheel.rounds),
  figure('Matches', (wheel) => wheel.matches),
  figure('Accepted', (wheel) => wheel.acceptedMatches),
  figure('Acceptance rate', (wheel) => formatPercent(wheel.acceptanceRate)),
  figure('Calls', (wheel) => wheel.callsStarted),
  figure('Call time', (wheel) => formatDuration(wheel.callSeconds)),
  figure('Connections', (wheel) => wheel.connections),
  figure('Rated positive', (wheel) => (wheel.ratings === 0 ? '—' : formatPercent(wheel.positiveRatingRate))),
];

const PAYMENT_STATUS_LABELS: Record<Payment['status'], string> = {
  succeeded: 'Succeeded',
  failed: 'Failed',
  pending: 'Pending',
};

const PAYMENT_COLUMNS: Column<Payment>[] = [
  {
    header: 'Date',
    cell: (payment) => formatDateTime(payment.createdAt),
    className: 'font-medium whitespace-nowrap',
  },
  {
    header: 'Amount',
    cell: (payment) => formatMoney(payment.amount, payment.currency),
    alignRight: true,
    className: 'tabular-nums',
  },
  { header: 'Status', cell: (payment) => <StatusBadge status={PAYMENT_STATUS_LABELS[payment.status]} /> },
];

/** `/admin/reports/business-user/:id`: how a business user's events went. */
export function BusinessUserReportPage() {
  const { id = '' } = useParams();
  const { userType } = useAdminSession();
  const report = useQuery(businessUserReportQuery(id));
  const back =
    userType === 'Admin' ? (
      <Link to="/admin/business-users" className={linkClasses}>
        Back to the business users
      </Link>
    ) : (
      <Link to="/admin/dashboard" className={linkClasses}>
        Back to the dashboard
      </Link>
    );

  if (report.isPending) return <LoadingState />;
  if (report.isError) {
    return (
      <>
        <AdminPageHeader title="Business User Report" />
        <ErrorState message={errorMessage(report.error, REPORT_LOAD_ERROR)} action={back} />
      </>
    );
  }

  const { totals, wheels, overTime, payments } = report.data;
  const revenue = Object.entries(totals.revenueByCurrency);
  const figures: ReportFigure[] = [
    { label: 'Wheels', value: totals.wheels.toLocaleString() },
    // Everyone who registered on these wheels (nobody stays seated after an event).
    { label: REGISTERED_LABEL, value: totals.participants.toLocaleString() },
    { label: 'Rounds', value: totals.rounds.toLocaleString() },
    { label: 'Matches', value: totals.matches.toLocaleString() },
    { label: 'Acceptance rate', value: formatPercent(totals.acceptanceRate) },
    { label: 'Calls started', value: totals.callsStarted.toLocaleString() },
    { label: 'Average call length', value: formatDuration(totals.averageCallSeconds) },
    // Keeping in touch (issue 13): both chose to share after a call.
    { label: 'Connections made', value: totals.connections.toLocaleString() },
    { label: 'Mutual-share rate', value: formatPercent(totals.mutualShareRate) },
    {
      label: 'Rated positive',
      value: totals.ratings === 0 ? 'No ratings yet' : formatPercent(totals.positiveRatingRate),
      detail: totals.ratings === 0 ? undefined : `of ${totals.ratings.toLocaleString()} ratings`,
    },
    {
      label: 'Revenue',
      value: revenue.length
        ? revenue.map(([currency, amount]) => formatMoney(amount, currency)).join(' · ')
        : formatMoney(0, 'USD'),
    },
  ];

  return (
    <>
      <AdminPageHeader title={`Report: ${report.data.companyName}`} actions={back} />
      <div className="space-y-8">
        <ReportSection id="report-totals" title="Totals">
          <ReportFigures figures={figures} />
        </ReportSection>

        <ReportSection id="report-over-time" title="Over time">
          {overTime.length === 0 ? (
            <EmptyState title="No activity yet" />
          ) : (
            <Card>
              <OverTimeChart days={overTime} />
            </Card>
          )}
        </ReportSection>

        <ReportSection id="report-wheels" title="Wheels">
          {wheels.length === 0 ? (
            <EmptyState title="No wheels found" />
          ) : (
            <ListTable
              caption="Figures per wheel"
              columns={WHEEL_COLUMNS}
              rows={wheels}
              rowHeaders
              wrapHeaders
              actions={(wheel) => (
                <Link
                  to={wheelReportPath(wheel.id)}
                  aria-label={`${MATCHING_REPORT_LABEL} of ${wheel.name}`}
                  className={linkClasses}
                >
                  {MATCHING_REPORT_LABEL}
                </Link>
              )}
            />
          )}
        </ReportSection>

        <ReportSection id="report-payments" title="Payments">
          {payments.length === 0 ? (
            <EmptyState title="No payments yet" />
          ) : (
            <ListTable caption="Payments" columns={PAYMENT_COLUMNS} rows={payments} />
          )}
        </ReportSection>
      </div>
    </>
  );
}
