import { CALL_MINUTES_DEFAULT, estimatedEventEnd } from '@wheelmeet/contracts';
import ical from 'ical-generator';

/** An endless wheel has no end to compute; calendars still need one, so it takes an hour's slot. */
const ENDLESS_EVENT_MS = 60 * 60 * 1000;

export interface CalendarWheel {
  id: string;
  name: string;
  description: string;
  startsAt: string;
  roundCount: number | null;
  /** The wheel's own round length, or the server's default. */
  roundSeconds: number;
  callMinutes: number | null;
}

/**
 * A wheel's event as an iCalendar file (RFC 5545) with one VEVENT, in UTC so every calendar
 * shows it in its own time zone. ical-generator escapes the text and folds long lines.
 */
export function eventCalendar(input: { wheel: CalendarWheel; pageUrl: string; now: Date }): string {
  const { wheel, pageUrl } = input;
  const start = new Date(wheel.startsAt);
  const estimatedEnd = estimatedEventEnd(wheel.startsAt, wheel.roundCount, {
    roundSeconds: wheel.roundSeconds,
    callMinutes: wheel.callMinutes ?? CALL_MINUTES_DEFAULT,
  });
  const calendar = ical({ prodId: { company: 'WheelMeet', product: 'Events' } });
  calendar.createEvent({
    id: `${wheel.id}@${new URL(pageUrl).hostname}`,
    stamp: input.now,
    start,
    end: estimatedEnd ? new Date(estimatedEnd) : new Date(start.getTime() + ENDLESS_EVENT_MS),
    summary: wheel.name,
    description: [wheel.description.trim(), pageUrl].filter((part) => part !== '').join('\n\n'),
    url: pageUrl,
  });
  return calendar.toString();
}

/** The wheel's page in the web app (apps/web/src/app/router.tsx: /wheel/:wheelId). */
export const wheelPageUrl = (origin: string, wheelId: string) => `${origin}/wheel/${wheelId}`;
