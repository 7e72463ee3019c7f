import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Connection,
  connectionSchema,
  type FollowUpRequest,
  type MyConnections,
  myConnectionsResponseSchema,
} from '@wheelmeet/contracts';
import { api } from '@/lib/api-client';

const withToken = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
const connectionsKey = (token: string) => ['my-connections', token] as const;

/** GET /api/me/connections: the people this participant met, and what both chose to share. */
export function useMyConnections(token: string, enabled: boolean) {
  return useQuery({
    queryKey: connectionsKey(token),
    queryFn: () => api.get('/api/me/connections', myConnectionsResponseSchema, withToken(token)),
    enabled,
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
