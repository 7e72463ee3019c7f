import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  myBlocksResponseSchema,
  type SafetyActionRequest,
  type SafetyActionResponse,
  safetyActionResponseSchema,
} from '@wheelmeet/contracts';
import { api } from './api-client';

const withToken = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
const blocksKey = (token: string) => ['my-blocks', token] as const;

/** GET /api/me/safety/blocks: whom this participant blocked (decision 016). */
export function useMyBlocks(token: string, enabled = true) {
  return useQuery({
    queryKey: blocksKey(token),
    queryFn: () => api.get('/api/me/safety/blocks', myBlocksResponseSchema, withToken(token)),
    enabled,
  });
}

/** POST /api/me/safety/{matchId}: block and/or report the other person of the match. */
export function useSafetyAction(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ matchId, action }: { matchId: string; action: SafetyActionRequest }) =>
      api.post(`/api/me/safety/${matchId}`, action, safetyActionResponseSchema, withToken(token)),
    onSuccess: (result: SafetyActionResponse) => {
      if (result.blocked) void queryClient.invalidateQueries({ queryKey: blocksKey(token) });
    },
  });
}

/** DELETE /api/me/safety/blocks/{participantId}: takes a block back; later rounds may pair the two again. */
export function useUnblock(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (participantId: string) =>
      api.delete(
        `/api/me/safety/blocks/${encodeURIComponent(participantId)}`,
        myBlocksResponseSchema,
        withToken(token),
      ),
    onSuccess: (blocks) => queryClient.setQueryData(blocksKey(token), blocks),
  });
}
