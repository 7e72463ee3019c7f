import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';

export const TRY_AGAIN_LABEL = 'Try again';

interface ListContentProps<T> {
  query: UseQueryResult<T[]>;
  /** Shown when the list fails to load. */
  loadError: string;
  /** Shown when the list loaded with no rows. */
  empty: string;
  /** What to do about an empty list, under `empty`. */
  emptyDetail?: ReactNode;
  loadingLabel?: string;
  /** The error's heading level, for a list in a section (3) rather than a page (2). */
  headingLevel?: 2 | 3;
  /** Offer to load the list again after a failure. */
  retry?: boolean;
  /** The rows, once there are some. */
  children: (rows: T[]) => ReactNode;
}

/** The body of an admin list: loading, the load failure, 'nothing yet', or the rows. */
export function ListContent<T>({
  query,
  loadError,
  empty,
  emptyDetail,
  loadingLabel,
  headingLevel,
  retry = false,
  children,
}: ListContentProps<T>) {
  if (query.isPending) return <LoadingState label={loadingLabel} />;
  if (query.isError) {
    return (
      <ErrorState
        headingLevel={headingLevel}
        message={loadError}
        action={
          retry ? (
            <Button variant="secondary" onClick={() => void query.refetch()}>
              {TRY_AGAIN_LABEL}
            </Button>
          ) : undefined
        }
      />
    );
  }
  if (query.data.length === 0) return <EmptyState title={empty}>{emptyDetail}</EmptyState>;
  return children(query.data);
}
