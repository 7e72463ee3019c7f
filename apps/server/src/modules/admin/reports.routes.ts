import { businessUserReportSchema, errorBodySchema } from '@wheelmeet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthService } from '../auth/auth.service';
import { staffGuard, staffOf } from '../auth/staff-guard';
import type { ReportsService } from './reports.service';

/** `/api/admin/reports/business-user/{id}`: admins read any report, a business user their own. */
export const reportsRoutes: FastifyPluginAsyncZod<{ auth: AuthService; reports: ReportsService }> = async (
  app,
  { auth, reports },
) => {
  app.addHook('onRequest', staffGuard(auth, 'any'));
  app.get(
    '/api/admin/reports/business-user/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'How a business user’s events went: wheels, participants, rounds, matches, calls, payments',
        params: z.object({ id: z.uuid() }),
        response: {
          200: businessUserReportSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    (request) => reports.forBusinessUser(staffOf(request), request.params.id),
  );
};
