import fp from 'fastify-plugin';
import { createEventCalendarRepository } from './event-calendar.repository';
import { eventCalendarRoutes } from './event-calendar.routes';

/** A wheel's event as a calendar file (issue 35), for people to put it in their own calendar. */
export const eventCalendarModule = fp(
  async (app) => {
    await app.register(eventCalendarRoutes, {
      wheels: createEventCalendarRepository(app.db),
      clock: app.clock,
      publicOrigin: app.config.publicOrigin,
      defaultRoundSeconds: app.config.wheelRoundSeconds,
    });
  },
  { name: 'event-calendar', dependencies: ['infrastructure'] },
);
