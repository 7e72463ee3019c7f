import { useMyBlocks } from '@/lib/safety-api';
import { SafetyButton } from './safety-button';

/**
 * Under a person in "My connections": says so when they are blocked, and offers to block or
 * report them (decision 016). Reporting someone already blocked is still possible.
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
  const blocked = blocks.data?.blockedIds.includes(partnerId) ?? false;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-slate-100 pt-2">
      {blocked ? <p className="text-sm text-slate-600">You blocked {partnerName}.</p> : null}
      <SafetyButton token={token} target={{ matchId, partnerName }} className="-ml-2 min-h-11" />
    </div>
  );
}
