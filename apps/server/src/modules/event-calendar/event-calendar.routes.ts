import { errorBodySchema, wheelParamsSchema } from '@wheelmeet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { slugOf } from '../../lib/slug';
import { eventCalendar, wheelPageUrl } from './event-calendar';
import { WHEEL_NOT_FOUND } from '../wheels/wheels.service';
import type { EventCalendarRepository } from './event-calendar.repository';

export const NO_START_TIME = 'This wheel has no start time';

/**
 * `/api/wheels/{id}/event.ics`, public like the wheel's own page: a wheel behind an access code
 * shows its name in its locked view anyway, and the file carries nothing more private.
 */
export const eventCalendarRoutes: FastifyPluginAsyncZod<{
  wheels: EventCalendarRepository;
  clock: Clock;
  /** The configured public origin; unset: the one the request came to. */
  publicOrigin: string | undefined;
  defaultRoundSeconds: number;
}> = async (app, { wheels, clock, publicOrigin, defaultRoundSeconds }) => {
  app.get(
    '/api/wheels/:id/event.ics',
    {
      schema: {
        tags: ['wheels'],
        summary: "The wheel's event for a calendar (iCalendar); a wheel without a start time answers 404",
        params: wheelParamsSchema,
        response: {
          200: {
            description: 'An iCalendar file with one event',
            content: { 'text/calendar': { schema: z.string() } },
          },
          400: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const wheel = await wheels.findWheel(request.params.id);
      if (!wheel) throw notFound(WHEEL_NOT_FOUND);
      if (!wheel.starts_at) throw notFound(NO_START_TIME);
      const origin = publicOrigin ?? `${request.protocol}://${request.host}`;
      const calendar = eventCalendar({
        wheel: {
          id: wheel.id,
          name: wheel.name,
          description: wheel.description,
          startsAt: wheel.starts_at,
          roundCount: wheel.round_count,
          roundSeconds: wheel.round_seconds ?? defaultRoundSeconds,
          callMinutes: wheel.call_minutes,
        },
        pageUrl: wheelPageUrl(origin, wheel.id),
        now: clock.now(),
      });
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${slugOf(wheel.name, 'event')}.ics"`)
        .send(calendar);
    },
  );
};
