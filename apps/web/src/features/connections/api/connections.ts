import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Connection,
  connectionSchema,
  type FollowUpRequest,
  type MyConnections,
  myConnectionsResponseSchema,
  type SummaryEmail,
  type SummaryEmailRequest,
  summaryEmailSchema,
} from '@wheelmeet/contracts';
import { api } from '@/lib/api-client';

const withToken = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
const connectionsKey = (token: string) => ['my-connections', token] as const;

/**
 * How often the open dialog asks again, so that a partner's share (or a new call) shows while it
 * stays open. The hub pushes nothing for a follow-up; one small GET every few seconds per open
 * dialog is the whole cost, and none while it is closed or the tab is hidden.
 */
export const CONNECTIONS_REFRESH_MS = 3_000;

/** GET /api/me/connections: the people this participant met, and what both chose to share. */
export function useMyConnections(token: string, enabled: boolean) {
  return useQuery({
    queryKey: connectionsKey(token),
    queryFn: () => api.get('/api/me/connections', myConnectionsResponseSchema, withToken(token)),
    enabled,
    refetchInterval: enabled ? CONNECTIONS_REFRESH_MS : false,
  });
}

/** PUT /api/me/connections/{matchId}: this side's choice; the list shows the answer at once. */
export function useSaveFollowUp(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ matchId, choice }: { matchId: string; choice: FollowUpRequest }) =>
      api.put(`/api/me/connections/${matchId}`, choice, connectionSchema, withToken(token)),
    onSuccess: (saved: Connection) => {
      queryClient.setQueryData<MyConnections>(connectionsKey(token), (current) =>
        current
          ? {
              ...current,
              connections: current.connections.map((entry) =>
                entry.matchId === saved.matchId ? saved : entry,
              ),
            }
          : current,
      );
    },
  });
}

const summaryEmailKey = (token: string) => ['summary-email', token] as const;

/** GET /api/me/summary-email: whether this participant asked for their connections by email after the event. */
export function useSummaryEmail(token: string, enabled: boolean) {
  return useQuery({
    queryKey: summaryEmailKey(token),
    queryFn: () => api.get('/api/me/summary-email', summaryEmailSchema, withToken(token)),
    enabled,
  });
}

/** PUT /api/me/summary-email: asks for the summary (with an address) or no longer wants it. */
export function useSaveSummaryEmail(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SummaryEmailRequest) =>
      api.put('/api/me/summary-email', request, summaryEmailSchema, withToken(token)),
    onSuccess: (saved: SummaryEmail) => queryClient.setQueryData(summaryEmailKey(token), saved),
  });
}
