import { useQuery } from '@tanstack/react-query';
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
import { DataTable, linkClasses, RowTh, Tbody, Td, Th, Thead, Tr } from './data-table';
import { OverTimeChart } from './over-time-chart';
import { StatusBadge } from './status-badge';
import { WheelLink } from './wheel-link';
import { REGISTERED_LABEL } from './wheel-messages';

export const REPORT_LOAD_ERROR = 'Failed to load the report. Please try again.';

/** The per-wheel figures' column headings, right-aligned numbers after the wheel and its status. */
const FIGURE_COLUMNS = [
  REGISTERED_LABEL,
  'Rounds',
  'Matches',
  'Accepted',
  'Acceptance rate',
  'Calls',
  'Call time',
  'Connections',
  'Rated positive',
];

function ReportSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

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
  const figures = [
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
          <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            {figures.map((figure) => (
              <Card key={figure.label} className="p-4">
                <dt className="text-sm text-slate-500">{figure.label}</dt>
                <dd className="mt-1 text-2xl font-bold tracking-tight text-slate-900">
                  {figure.value}
                  {'detail' in figure && figure.detail ? (
                    <span className="ml-2 text-sm font-normal text-slate-500">{figure.detail}</span>
                  ) : null}
                </dd>
              </Card>
            ))}
          </dl>
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
            <DataTable caption="Figures per wheel" captionHidden>
              <Thead>
                <tr>
                  <Th wrap>Wheel</Th>
                  <Th wrap>Status</Th>
                  {FIGURE_COLUMNS.map((label) => (
                    <Th key={label} wrap className="text-right">
                      {label}
                    </Th>
                  ))}
                </tr>
              </Thead>
              <Tbody>
                {wheels.map((wheel) => (
                  <Tr key={wheel.id}>
                    <RowTh className="max-sm:text-base">
                      <WheelLink id={wheel.id} name={wheel.name} />
                    </RowTh>
                    <Td label="Status">
                      <StatusBadge status={wheel.status} />
                    </Td>
                    <Td label={REGISTERED_LABEL} className="text-right tabular-nums">
                      {wheel.participants}
                    </Td>
                    <Td label="Rounds" className="text-right tabular-nums">
                      {wheel.rounds}
                    </Td>
                    <Td label="Matches" className="text-right tabular-nums">
                      {wheel.matches}
                    </Td>
                    <Td label="Accepted" className="text-right tabular-nums">
                      {wheel.acceptedMatches}
                    </Td>
                    <Td label="Acceptance rate" className="text-right tabular-nums">
                      {formatPercent(wheel.acceptanceRate)}
                    </Td>
                    <Td label="Calls" className="text-right tabular-nums">
                      {wheel.callsStarted}
                    </Td>
                    <Td label="Call time" className="text-right tabular-nums">
                      {formatDuration(wheel.callSeconds)}
                    </Td>
                    <Td label="Connections" className="text-right tabular-nums">
                      {wheel.connections}
                    </Td>
                    <Td label="Rated positive" className="text-right tabular-nums">
                      {wheel.ratings === 0 ? '—' : formatPercent(wheel.positiveRatingRate)}
                    </Td>
                  </Tr>
                ))}
              </Tbody>
            </DataTable>
          )}
        </ReportSection>

        <ReportSection id="report-payments" title="Payments">
          {payments.length === 0 ? (
            <EmptyState title="No payments yet" />
          ) : (
            <DataTable caption="Payments" captionHidden>
              <Thead>
                <tr>
                  <Th>Date</Th>
                  <Th className="text-right">Amount</Th>
                  <Th>Status</Th>
                </tr>
              </Thead>
              <Tbody>
                {payments.map((payment) => (
                  <Tr key={payment.id}>
                    <Td className="font-medium whitespace-nowrap">{formatDateTime(payment.createdAt)}</Td>
                    <Td label="Amount" className="text-right tabular-nums">
                      {formatMoney(payment.amount, payment.currency)}
                    </Td>
                    <Td label="Status">
                      <StatusBadge
                        status={
                          payment.status === 'succeeded'
                            ? 'Succeeded'
                            : payment.status === 'failed'
                              ? 'Failed'
                              : 'Pending'
                        }
                      />
                    </Td>
                  </Tr>
                ))}
              </Tbody>
            </DataTable>
          )}
        </ReportSection>
      </div>
    </>
  );
}
