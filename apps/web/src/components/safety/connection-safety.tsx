import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useMyBlocks, useUnblock } from '@/lib/safety-api';
import { SafetyButton } from './safety-button';

export const UNBLOCK_LABEL = 'Unblock';

/**
 * Under a person in "My connections": says so when they are blocked, with a way to take the
 * block back (later rounds may pair the two again), and offers to block or report them
 * (decision 016). Reporting someone already blocked is still possible.
 */
export function ConnectionSafety({
  token,
  matchId,
  partnerId,
  partnerName,
}: {
  token: string;
  matchId: string;
  partnerId: string;
  partnerName: string;
}) {
  const blocks = useMyBlocks(token);
  const unblock = useUnblock(token);
  const blocked = blocks.data?.blockedIds.includes(partnerId) ?? false;
  return (
    <div className="mt-3 border-t border-slate-100 pt-2">
      <div className="flex flex-wrap items-center gap-2">
        {blocked ? <p className="text-sm text-slate-600">You blocked {partnerName}.</p> : null}
        {blocked ? (
          <Button variant="ghost" disabled={unblock.isPending} onClick={() => unblock.mutate(partnerId)}>
            {UNBLOCK_LABEL}
            <span className="sr-only"> {partnerName}</span>
          </Button>
        ) : null}
        <SafetyButton token={token} target={{ matchId, partnerName }} className="-ml-2" />
      </div>
      <div aria-live="polite" className="text-sm">
        {unblock.isSuccess && !blocked ? (
          <p className="text-slate-600">
            {partnerName} is unblocked: the wheel may pair you again in a later round.
          </p>
        ) : null}
        {unblock.isError ? (
          <p role="alert" className="text-red-700">
            {errorMessage(unblock.error, 'Could not unblock them. Please try again.')}
          </p>
        ) : null}
      </div>
    </div>
  );
}
