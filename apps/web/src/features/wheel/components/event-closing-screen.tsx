import { type Connection, EVENT_ENDED_MESSAGE } from '@wheelmeet/contracts';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { useMyConnections } from '@/features/connections/api/connections';
import { MY_CONNECTIONS_TITLE } from '@/features/connections/components/my-connections-dialog';
import { SummaryEmailOptIn } from '@/features/connections/components/summary-email-opt-in';
import { errorMessage } from '@/lib/api-client';
import { formatTime } from '@/lib/format';

export const CLOSING_TITLE = 'Thank you for taking part';
export const PEOPLE_MET_TITLE = 'People you met';
export const NOBODY_MET_MESSAGE = 'You did not meet anyone this time.';

/** The people this participant had a call with: a declined match was no meeting. */
function PeopleMet({ token, headingLevel }: { token: string; headingLevel: 2 | 3 }) {
  const query = useMyConnections(token, true);
  const Heading = `h${headingLevel}` as const;
  const headingId = useId();
  const met = (query.data?.connections ?? []).filter(
    (connection): connection is Connection & { metAt: string } =>
      !connection.declined && connection.metAt !== null,
  );
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <Heading id={headingId} className="text-lg font-semibold text-slate-900">
        {PEOPLE_MET_TITLE}
      </Heading>
      {query.data === undefined && query.isPending ? (
        <LoadingState label="Loading the people you met…" />
      ) : query.data === undefined ? (
        <ErrorState
          headingLevel={3}
          message={errorMessage(query.error, 'Could not load the people you met.')}
          action={
            <Button variant="secondary" onClick={() => void query.refetch()}>
              Try again
            </Button>
          }
        />
      ) : met.length === 0 ? (
        <p className="mt-2 text-slate-700">{NOBODY_MET_MESSAGE}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {met.map((connection) => (
            <li key={connection.matchId} className="flex flex-wrap justify-between gap-x-4 px-4 py-3">
              <span className="font-medium text-slate-900">{connection.partner.displayName}</span>
              <span className="text-sm text-slate-600">
                Round {connection.round}, met at{' '}
                <time dateTime={connection.metAt}>{formatTime(connection.metAt)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * What replaces the wheel once the event is over (issue 35): thanks, and for a participant the
 * people they met, their connections and the summary by email. A visitor gets the thanks only.
 */
export function EventClosingScreen({
  wheelName,
  headingLevel,
  token,
  onOpenConnections,
}: {
  wheelName: string;
  headingLevel: 1 | 2;
  /** The participant's token; null for a visitor who never registered. */
  token: string | null;
  onOpenConnections: () => void;
}) {
  const Title = `h${headingLevel}` as const;
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="mx-auto max-w-2xl text-left">
      <p className="text-sm font-medium text-indigo-700">{wheelName}</p>
      <Title id={titleId} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {CLOSING_TITLE}
      </Title>
      <p className="mt-2 text-slate-700">{EVENT_ENDED_MESSAGE}</p>
      {token ? (
        <>
          <PeopleMet token={token} headingLevel={headingLevel === 1 ? 2 : 3} />
          <Button variant="secondary" className="mt-4" onClick={onOpenConnections}>
            {MY_CONNECTIONS_TITLE}
          </Button>
          <div className="mt-6">
            <SummaryEmailOptIn token={token} open />
          </div>
        </>
      ) : null}
    </section>
  );
}
