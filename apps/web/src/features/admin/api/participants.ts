import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type ListParticipantsQuery, listParticipantsResponseSchema } from '@wheelmeet/contracts';
import { api } from '@/lib/api-client';
import { ADMIN_QUERY_KEY } from './session';

/** GET /api/admin/participants: the Users page, searchable and paged. */
export const participantsQuery = (params: ListParticipantsQuery) => {
  const search = new URLSearchParams();
  if (params.search) search.set('search', params.search);
  if (params.wheelId) search.set('wheelId', params.wheelId);
  if (params.limit !== undefined) search.set('limit', String(params.limit));
  if (params.offset !== undefined) search.set('offset', String(params.offset));
  const query = search.toString();
  return queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'participants', params],
    queryFn: () =>
      api.get(`/api/admin/participants${query ? `?${query}` : ''}`, listParticipantsResponseSchema),
    // The table keeps the current page while the next one loads.
    placeholderData: keepPreviousData,
  });
};
