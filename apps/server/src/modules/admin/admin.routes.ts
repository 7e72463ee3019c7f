import {
  dashboardStatsSchema,
  errorBodySchema,
  listParticipantsQuerySchema,
  listParticipantsResponseSchema,
  settingsSchema,
  updateSettingsRequestSchema,
} from '@wheelmeet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';
import { centsToAmount } from '../../lib/money';
import type { AuthService } from '../auth/auth.service';
import { staffGuard, staffOf } from '../auth/staff-guard';
import type { ParticipantsService } from '../participants/participants.service';
import type { SettingsService } from '../settings/settings.service';
import type { DashboardRepository } from './dashboard.repository';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

export interface AdminRoutesOptions {
  auth: AuthService;
  dashboard: DashboardRepository;
  settings: SettingsService;
  participants: ParticipantsService;
  /** Whose 'now' decides which subscriptions are running. */
  clock: Clock;
}

/** Platform-wide screens for admins: dashboard figures, participants (the Users page), settings. */
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, options) => {
  app.addHook('onRequest', staffGuard(options.auth, 'admin'));
  const tags = ['admin'];

  app.get(
    '/api/admin/dashboard/stats',
    { schema: { tags, response: { 200: dashboardStatsSchema, ...errors } } },
    async () => {
      const stats = await options.dashboard.stats(options.clock.now().toISOString());
      const revenueByCurrency = Object.fromEntries(
        stats.revenueCentsByCurrency.map(({ currency, cents }) => [currency, centsToAmount(cents)]),
      );
      return {
        totalUsers: stats.participants,
        activeWheels: stats.activeWheels,
        businessUsers: stats.payingBusinessUsers,
        businessSignUps: stats.businessSignUps,
        totalRevenue: Object.values(revenueByCurrency).reduce((sum, amount) => sum + amount, 0),
        revenueByCurrency,
      };
    },
  );

  app.get(
    '/api/admin/participants',
    {
      schema: {
        tags,
        querystring: listParticipantsQuerySchema,
        response: { 200: listParticipantsResponseSchema, ...errors },
      },
    },
    (request) => options.participants.listForAdmin(request.query),
  );

  app.get('/api/admin/settings', { schema: { tags, response: { 200: settingsSchema, ...errors } } }, () =>
    options.settings.get(),
  );

  app.put(
    '/api/admin/settings',
    {
      schema: {
        tags,
        summary:
          'Saves the settings; only a super admin may change the SMTP server, port, username or password (403)',
        body: updateSettingsRequestSchema,
        response: { 200: settingsSchema, ...errors },
      },
    },
    (request) => {
      const staff = staffOf(request);
      return options.settings.update(request.body, {
        superAdmin: staff.kind === 'Admin' && staff.isSuperAdmin,
      });
    },
  );
};
