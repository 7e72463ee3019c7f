import { Dialog as RadixDialog } from 'radix-ui';
import { IcebreakerPrompt } from '@/components/event/icebreaker-prompt';
import { cn } from '@/lib/cn';
import type { CallState } from '../hooks/call-reducer';
import { formatCallDuration } from '../hooks/use-call-clock';
import {
  CALL_ENDED_LABEL,
  CONNECTED_LABEL,
  CONNECTING_LABEL,
  type ConnectionLabel,
  connectionLabel,
  RECONNECTING_LABEL,
} from './call-messages';

const LABEL_DOT: Record<ConnectionLabel, string> = {
  [CONNECTING_LABEL]: 'bg-amber-400 motion-safe:animate-pulse',
  [CONNECTED_LABEL]: 'bg-emerald-500',
  [RECONNECTING_LABEL]: 'bg-amber-400 motion-safe:animate-pulse',
  [CALL_ENDED_LABEL]: 'bg-slate-400',
};

/**
 * The call's title, how the connection is doing, the time since it started and the time left,
 * and the round's icebreaker when the wheel has one.
 */
export function CallHeader({
  state,
  partner,
  elapsed,
  secondsLeft,
  endingSoon,
}: {
  state: CallState;
  partner: string;
  elapsed: number | null;
  secondsLeft: number | null;
  endingSoon: boolean;
}) {
  const label = connectionLabel(state);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <RadixDialog.Title className="min-w-0 text-xl font-semibold break-words">
        Video call with {partner}
      </RadixDialog.Title>
      <div className="flex items-center gap-2 text-sm">
        <p role="status" className="inline-flex items-center gap-2 rounded-full bg-slate-800 px-3 py-1">
          <span aria-hidden="true" className={cn('size-2.5 rounded-full', LABEL_DOT[label])} />
          <span data-testid="call-state" data-peer-state={state.peerState}>
            {label}
          </span>
        </p>
        {/* Not a live region: a clock announced every second would drown everything else. */}
        {elapsed !== null ? (
          <p className="rounded-full bg-slate-800 px-3 py-1 font-mono tabular-nums">
            <span className="sr-only">Call time </span>
            <span data-testid="call-timer">{formatCallDuration(elapsed)}</span>
          </p>
        ) : null}
        {secondsLeft !== null ? (
          <p
            className={cn(
              'rounded-full px-3 py-1 font-mono tabular-nums',
              endingSoon ? 'bg-amber-400 text-slate-950' : 'bg-slate-800',
            )}
          >
            <span data-testid="call-time-left">{formatCallDuration(secondsLeft)}</span>
            <span> left</span>
          </p>
        ) : null}
      </div>
      {state.prompt ? (
        <IcebreakerPrompt prompt={state.prompt} className="w-full bg-slate-800 text-slate-100" />
      ) : null}
    </div>
  );
}
