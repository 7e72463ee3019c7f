import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';

interface ListContentProps<T> {
  query: UseQueryResult<T[]>;
  /** Shown when the list fails to load. */
  loadError: string;
  /** Shown when the list loaded with no rows. */
  empty: string;
  /** The rows, once there are some. */
  children: (rows: T[]) => ReactNode;
}

/** The body of an admin list page: loading, the load failure, 'nothing yet', or the rows. */
export function ListContent<T>({ query, loadError, empty, children }: ListContentProps<T>) {
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState message={loadError} />;
  if (query.data.length === 0) return <EmptyState title={empty} />;
  return children(query.data);
}
