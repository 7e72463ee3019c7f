import { useQuery } from '@tanstack/react-query';
import type { WheelReport } from '@wheelmeet/contracts';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { errorMessage } from '@/lib/api-client';
import { wheelReportQuery } from '../api/wheels';
import { formatDateTime, formatPercent } from '../lib/format';
import { AdminPageHeader } from './admin-page-header';
import { type Column, ListTable, linkClasses } from './data-table';
import { DownloadCsvButton } from './download-csv-button';
import { TRY_AGAIN_LABEL } from './list-content';
import { ReportFigures, ReportSection } from './report-section';
import { MATCHING_REPORT_LABEL, NO_ROUNDS_YET, WHEEL_REPORT_LOAD_ERROR } from './wheel-messages';

type RoundFigures = WheelReport['rounds'][number] & { id: string };

const oneDecimal = (value: number) =>
  value.toLocaleString(undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A median of whole counts may fall between two; show a half then, a whole number otherwise. */
const count = (value: number) => value.toLocaleString(undefined, { maximumFractionDigits: 1 });

const figure = (header: string, cell: (round: RoundFigures) => string | number): Column<RoundFigures> => ({
  header,
  cell,
  alignRight: true,
  className: 'tabular-nums',
});

const ROUND_COLUMNS: Column<RoundFigures>[] = [
  {
    header: 'Round',
    cell: (round) => (
      <>
        Round {round.round}
        <span className="block text-xs font-normal text-slate-500">{formatDateTime(round.spunAt)}</span>
      </>
    ),
  },
  figure('Seated', (round) => round.seated),
  figure('Pairs', (round) => round.pairs),
  figure('Never met before', (round) => formatPercent(round.neverMetShare)),
  figure('Mean shared interests', (round) => oneDecimal(round.meanSharedInterests)),
  figure('Sat out', (round) => round.satOut),
];

/**
 * `/admin/wheels/:wheelId/report` (issue 38): how matching went on a wheel. Per round, the pairs
 * made, how many of them were new, how much the pairs had in common and who sat out; over the
 * event, how many different people each participant met.
 */
export function WheelReportPage() {
  const { wheelId = '' } = useParams();
  const report = useQuery(wheelReportQuery(wheelId));
  const actions = (
    <>
      <DownloadCsvButton wheelId={wheelId} />
      <Link to={`/admin/wheels/${encodeURIComponent(wheelId)}`} className={`${linkClasses} self-center`}>
        Back to the wheel
      </Link>
    </>
  );

  if (report.isPending) return <LoadingState />;
  if (report.isError) {
    return (
      <>
        <AdminPageHeader title={MATCHING_REPORT_LABEL} actions={actions} />
        <ErrorState
          message={errorMessage(report.error, WHEEL_REPORT_LOAD_ERROR)}
          action={
            <Button variant="secondary" onClick={() => void report.refetch()}>
              {TRY_AGAIN_LABEL}
            </Button>
          }
        />
      </>
    );
  }

  const { name, rounds, differentPeopleMet: met } = report.data;
  return (
    <>
      <AdminPageHeader
        title={`${MATCHING_REPORT_LABEL}: ${name}`}
        description="Each round's figures are taken when the wheel stops, so “never met” means never before that round."
        actions={actions}
      />
      {rounds.length === 0 ? (
        <EmptyState title={NO_ROUNDS_YET} />
      ) : (
        <div className="space-y-8">
          <ReportSection id="wheel-report-event" title="Different people each participant met">
            <ReportFigures
              figures={[
                { label: 'Median', value: count(met.median) },
                { label: 'Fewest', value: count(met.min) },
                { label: 'Participants', value: count(met.participants) },
              ]}
            />
          </ReportSection>
          <ReportSection id="wheel-report-rounds" title="Rounds">
            <ListTable
              caption="Figures per round"
              columns={ROUND_COLUMNS}
              rows={rounds.map((round) => ({ ...round, id: String(round.round) }))}
              rowHeaders
              wrapHeaders
            />
          </ReportSection>
        </div>
      )}
    </>
  );
}
