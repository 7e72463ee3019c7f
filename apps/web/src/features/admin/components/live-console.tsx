import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AdminWheel,
  displayNameOf,
  type RoundControlAction,
  type WheelLive,
} from '@wheelmeet/contracts';
import { type ReactNode, useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { controlRounds, wheelLiveQuery, wheelQuery, wheelsKey } from '../api/wheels';
import { useNow } from '../hooks/use-now';
import { useTimedMessage } from '../hooks/use-timed-message';
import { formatCountdown, formatDateTime } from '../lib/format';
import { AnnounceForm } from './announce-form';
import { LiveTimingForm } from './live-timing-form';

export const LIVE_CONSOLE_LABEL = 'Live console';
export const END_EVENT_QUESTION = 'End the event now? Nobody can take a seat afterwards.';
export const WAITING_FOR_BOTH_RINGS = 'Waiting for people on both rings';
/** The rings turn, or people answer their matches: the next countdown has not begun. */
export const SPINNING_NOW = 'Spinning now';
const LIVE_LOAD_ERROR = 'Failed to load the live figures. Trying again…';
const CONTROL_FAILED = 'Failed to control the rounds. Please try again.';

const DONE: Record<RoundControlAction, string> = {
  'spin-now': 'The wheel is spinning now.',
  pause: 'Rounds are paused.',
  resume: 'Rounds are running again.',
  'start-now': 'The event has started.',
  'end-event': 'The event has ended.',
};

/**
 * The organiser's live console (issue 35): where the event stands, asked again every few
 * seconds, with its controls (start, spin, pause, end), announcements and the timing changed live.
 */
export function LiveConsole({ wheel }: { wheel: AdminWheel }) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const live = useQuery(wheelLiveQuery(wheel.id));
  const done = useTimedMessage(5_000);
  const [confirmingEnd, setConfirmingEnd] = useState(false);
  const control = useMutation({
    mutationFn: (action: RoundControlAction) => controlRounds(wheel.id, action),
    onSuccess: async (updated, action) => {
      queryClient.setQueryData(wheelQuery(wheel.id).queryKey, updated);
      void queryClient.invalidateQueries({ queryKey: wheelsKey, exact: true });
      setConfirmingEnd(false);
      done.show(DONE[action]);
      // Waited for, so the buttons change with the figures instead of one poll before them.
      await queryClient.invalidateQueries({ queryKey: wheelLiveQuery(wheel.id).queryKey });
    },
  });
  const now = useNow();
  const figures = live.data;
  // The server's clock at this moment: countdowns agree with it whatever this computer's clock says.
  const serverNow = figures ? now + Date.parse(figures.serverTime) - live.dataUpdatedAt : now;
  const controlError = control.isError ? errorMessage(control.error, CONTROL_FAILED) : null;

  return (
    <Card>
      <section aria-labelledby={headingId}>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {LIVE_CONSOLE_LABEL}
          </h2>
          {figures ? (
            <>
              <PhaseBadge live={figures} serverNow={serverNow} />
              <span className="text-sm font-medium text-slate-700">{roundText(figures)}</span>
            </>
          ) : null}
        </div>

        {figures ? (
          <LiveFigures live={figures} wheel={wheel} serverNow={serverNow} />
        ) : live.isError ? (
          <Alert className="mt-4">{LIVE_LOAD_ERROR}</Alert>
        ) : (
          <p className="mt-4 flex items-center gap-2 text-sm text-slate-600">
            <Spinner className="size-4" /> Loading the live figures…
          </p>
        )}

        {figures && figures.phase !== 'ended' ? (
          <div className="mt-4 flex flex-wrap gap-3">
            {figures.phase === 'before' ? (
              <Button onClick={() => control.mutate('start-now')} disabled={control.isPending}>
                Start now
              </Button>
            ) : (
              <Button onClick={() => control.mutate('spin-now')} disabled={control.isPending}>
                Spin now
              </Button>
            )}
            <Button
              variant="secondary"
              onClick={() => control.mutate(figures.roundsPaused ? 'resume' : 'pause')}
              disabled={control.isPending}
            >
              {figures.roundsPaused ? 'Resume' : 'Pause'}
            </Button>
            <Button
              variant="secondary"
              className="text-red-700"
              onClick={() => {
                control.reset();
                setConfirmingEnd(true);
              }}
              disabled={control.isPending}
            >
              End event
            </Button>
          </div>
        ) : null}
        <div aria-live="polite" className="mt-3 text-sm text-emerald-800">
          {done.message}
        </div>
        {controlError && !confirmingEnd ? <Alert className="mt-3">{controlError}</Alert> : null}

        <AnnounceForm wheelId={wheel.id} />
        {figures?.phase === 'ended' ? null : <LiveTimingForm wheel={wheel} />}
      </section>
      <ConfirmDialog
        open={confirmingEnd}
        onOpenChange={setConfirmingEnd}
        title="End event"
        message={END_EVENT_QUESTION}
        confirmLabel="End event"
        onConfirm={() => control.mutate('end-event')}
        pending={control.isPending}
        error={controlError}
      />
    </Card>
  );
}

const roundText = ({ currentRound, roundCount }: WheelLive) =>
  roundCount === null ? `Round ${currentRound}` : `Round ${currentRound} of ${roundCount}`;

const PHASE_TONES: Record<WheelLive['phase'], BadgeTone> = {
  before: 'blue',
  running: 'green',
  ended: 'slate',
};

function PhaseBadge({ live, serverNow }: { live: WheelLive; serverNow: number }) {
  const text =
    live.phase === 'ended'
      ? `Ended at ${formatDateTime(live.eventEndedAt)}`
      : live.phase === 'before' && live.startsAt
        ? `Starts in ${formatCountdown(Date.parse(live.startsAt) - serverNow)}`
        : 'Running';
  return <Badge tone={PHASE_TONES[live.phase]}>{text}</Badge>;
}

function nextSpinText(live: WheelLive, serverNow: number): string {
  if (live.roundsPaused) return 'Paused';
  if (live.nextSpinAt) return formatCountdown(Date.parse(live.nextSpinAt) - serverNow);
  if (live.spinning) return SPINNING_NOW;
  return live.phase === 'before' ? 'At the start' : WAITING_FOR_BOTH_RINGS;
}

const standard = (own: number | null) => (own === null ? ' (standard)' : '');

/** The figures change with every poll; they are read on demand, not announced, to keep screen readers quiet. */
function LiveFigures({ live, wheel, serverNow }: { live: WheelLive; wheel: AdminWheel; serverNow: number }) {
  const satOut = live.satOutLastRound.map(displayNameOf).join(', ') || 'Nobody';
  return (
    <dl className="mt-4 grid grid-cols-2 gap-4 text-sm sm:grid-cols-3 lg:grid-cols-4">
      {live.phase === 'ended' ? null : (
        <Figure label="Next spin">
          <span className="tabular-nums">{nextSpinText(live, serverNow)}</span>
        </Figure>
      )}
      <Figure label="Seated">{live.seated}</Figure>
      <Figure label="In calls">{live.inCalls}</Figure>
      <Figure label="Waiting for an answer">{live.awaitingAnswer}</Figure>
      <Figure label="Sat out last round">{satOut}</Figure>
      <Figure label="Round length">
        {wheel.effectiveRoundSeconds} s{standard(wheel.roundSeconds)}
      </Figure>
      <Figure label="Time to answer">
        {wheel.effectiveAnswerSeconds} s{standard(wheel.answerSeconds)}
      </Figure>
      <Figure label="Call length">
        {wheel.effectiveCallMinutes} min{standard(wheel.callMinutes)}
      </Figure>
      <Figure label="Last spin">{formatDateTime(wheel.lastSpinDate)}</Figure>
      <Figure label="Latest announcement" className="col-span-full">
        {live.announcement ? (
          <>
            {live.announcement.message}{' '}
            <span className="font-normal text-slate-500">
              (sent at{' '}
              <time dateTime={live.announcement.sentAt}>{formatDateTime(live.announcement.sentAt)}</time>)
            </span>
          </>
        ) : (
          'None yet'
        )}
      </Figure>
    </dl>
  );
}

function Figure({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <dt className="text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words font-medium text-slate-900">{children}</dd>
    </div>
  );
}
