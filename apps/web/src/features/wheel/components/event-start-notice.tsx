import { formatDayAndTime, formatTimeLeft } from '@/lib/format';
import { useCountdown } from '../hooks/use-countdown';

export const EVENT_COUNTDOWN_LABEL = 'Time until the event starts';
export const ADD_TO_CALENDAR_LABEL = 'Add to calendar';
export const EARLY_SEAT_HINT = 'You can take a seat now: the first round spins when the event starts.';

/** Before an event (issue 35): when it starts in the person's time, the time left, and a calendar file. */
export function EventStartNotice({
  wheelId,
  startsAt,
  clockOffsetMs,
}: {
  wheelId: string;
  startsAt: string;
  /** Server clock minus browser clock. */
  clockOffsetMs: number;
}) {
  const seconds = useCountdown(startsAt, clockOffsetMs) ?? 0;
  return (
    <div
      data-testid="event-start"
      className="w-full space-y-1 rounded-lg bg-indigo-50 px-4 py-3 text-left text-sm text-indigo-950"
    >
      <p className="font-semibold">
        Starts <time dateTime={startsAt}>{formatDayAndTime(startsAt)}</time>
      </p>
      {/* A timer is not a live region: a screen reader reads it when asked, not every second. */}
      <p role="timer" aria-label={EVENT_COUNTDOWN_LABEL} className="tabular-nums">
        The event starts in {formatTimeLeft(seconds)}
      </p>
      <p>{EARLY_SEAT_HINT}</p>
      <a
        href={`/api/wheels/${wheelId}/event.ics`}
        download
        className="inline-flex min-h-11 items-center font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900"
      >
        {ADD_TO_CALENDAR_LABEL}
      </a>
    </div>
  );
}
