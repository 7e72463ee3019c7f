import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { ConnectionState } from '@/lib/realtime-client';

const LABELS: Record<ConnectionState, string> = {
  Connected: 'Connected',
  Connecting: 'Connecting...',
  Reconnecting: 'Reconnecting...',
  Disconnecting: 'Disconnecting...',
  Disconnected: 'Disconnected',
};

const DOT: Record<ConnectionState, string> = {
  Connected: 'bg-emerald-500',
  Connecting: 'bg-amber-400 motion-safe:animate-pulse',
  Reconnecting: 'bg-amber-400 motion-safe:animate-pulse',
  Disconnecting: 'bg-slate-400',
  Disconnected: 'bg-red-500',
};

/** The live connection's state in words, with a way back once automatic reconnecting has given up. */
export function ConnectionIndicator({
  state,
  onReconnect,
}: {
  state: ConnectionState;
  onReconnect: () => void;
}) {
  return (
    <div className="inline-flex items-center gap-3">
      <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-slate-700 shadow-sm ring-1 ring-slate-200">
        <span aria-hidden="true" className={cn('size-2.5 rounded-full', DOT[state])} />
        <span className="sr-only">Live connection: </span>
        <span data-testid="connection-state">{LABELS[state]}</span>
      </p>
      {state === 'Disconnected' ? (
        <Button variant="secondary" onClick={onReconnect}>
          Reconnect
        </Button>
      ) : null}
    </div>
  );
}
