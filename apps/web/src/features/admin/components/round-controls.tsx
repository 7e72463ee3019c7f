import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminWheel, RoundControlRequest } from '@wheelmeet/contracts';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { controlRounds, wheelQuery, wheelsKey } from '../api/wheels';
import { useTimedMessage } from '../hooks/use-timed-message';
import { formatDateTime } from '../lib/format';
import { LiveTimingForm } from './live-timing-form';

const DONE: Record<RoundControlRequest['action'], string> = {
  'spin-now': 'The wheel is spinning now.',
  pause: 'Rounds are paused.',
  resume: 'Rounds are running again.',
  'start-now': 'The event has started.',
  'end-event': 'The event has ended.',
};

/** Spin now, pause and resume, and the timing changed live, with the wheel's current round state. */
export function RoundControls({ wheel }: { wheel: AdminWheel }) {
  const queryClient = useQueryClient();
  const done = useTimedMessage(5_000);
  const control = useMutation({
    mutationFn: (action: RoundControlRequest['action']) => controlRounds(wheel.id, action),
    onSuccess: (updated, action) => {
      queryClient.setQueryData(wheelQuery(wheel.id).queryKey, updated);
      void queryClient.invalidateQueries({ queryKey: wheelsKey, exact: true });
      done.show(DONE[action]);
    },
  });

  const nextSpin = wheel.roundsPaused
    ? 'Not while paused'
    : wheel.nextSpinAt
      ? formatDateTime(wheel.nextSpinAt)
      : 'Waiting for people on both rings';

  return (
    <Card>
      <section aria-labelledby="round-controls-heading">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="round-controls-heading" className="text-lg font-semibold text-slate-900">
            Rounds
          </h2>
          <Badge tone={wheel.roundsPaused ? 'amber' : 'green'}>
            {wheel.roundsPaused ? 'Paused' : 'Running'}
          </Badge>
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-4 text-sm sm:grid-cols-3 lg:grid-cols-6">
          <div>
            <dt className="text-slate-500">Current round</dt>
            <dd className="mt-0.5 font-medium text-slate-900">{wheel.currentRound}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Round length</dt>
            <dd className="mt-0.5 font-medium text-slate-900">
              {wheel.effectiveRoundSeconds} s{wheel.roundSeconds === null ? ' (standard)' : ''}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">Time to answer</dt>
            <dd className="mt-0.5 font-medium text-slate-900">
              {wheel.effectiveAnswerSeconds} s{wheel.answerSeconds === null ? ' (standard)' : ''}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">Call length</dt>
            <dd className="mt-0.5 font-medium text-slate-900">
              {wheel.effectiveCallMinutes} min{wheel.callMinutes === null ? ' (standard)' : ''}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">Next spin</dt>
            <dd className="mt-0.5 font-medium text-slate-900">{nextSpin}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Last spin</dt>
            <dd className="mt-0.5 font-medium text-slate-900">{formatDateTime(wheel.lastSpinDate)}</dd>
          </div>
        </dl>
        <div className="mt-4 flex flex-wrap gap-3">
          <Button onClick={() => control.mutate('spin-now')} disabled={control.isPending}>
            Spin now
          </Button>
          {wheel.roundsPaused ? (
            <Button variant="secondary" onClick={() => control.mutate('resume')} disabled={control.isPending}>
              Resume
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => control.mutate('pause')} disabled={control.isPending}>
              Pause
            </Button>
          )}
        </div>
        <div aria-live="polite" className="mt-3 text-sm text-emerald-800">
          {done.message}
        </div>
        {control.isError ? (
          <Alert className="mt-3">
            {errorMessage(control.error, 'Failed to control the rounds. Please try again.')}
          </Alert>
        ) : null}
        <LiveTimingForm wheel={wheel} />
      </section>
    </Card>
  );
}
