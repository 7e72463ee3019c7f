import {
  errorBodySchema,
  sendSummariesResponseSchema,
  summaryEmailRequestSchema,
  summaryEmailSchema,
  testEmailRequestSchema,
  testEmailResponseSchema,
} from '@wheelmeet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { bearerToken } from '../../lib/http';
import { adminErrorResponses, idParamsSchema } from '../../lib/route-schemas';
import type { TokenService } from '../../lib/tokens';
import type { AuthService } from '../auth/auth.service';
import { staffGuard, staffOf } from '../auth/staff-guard';
import type { EmailService } from './email.service';

/** The admin's test mail and 'Send summaries', and the participant's wish for their summary. */
export const emailRoutes: FastifyPluginAsyncZod<{
  email: EmailService;
  auth: AuthService;
  tokens: TokenService;
}> = async (app, { email, auth, tokens }) => {
  async function participantOf(authorization: string | undefined) {
    const token = bearerToken(authorization);
    const participant = token ? await tokens.verifyParticipant(token) : undefined;
    if (!participant)
      throw new AppError('unauthorized', 'Register on a wheel to get your connections by email.');
    return participant;
  }
  const participantErrors = { 400: errorBodySchema, 401: errorBodySchema };

  app.post(
    '/api/admin/email/test',
    {
      // Super admins only, like changing the mail server (issue 36): the test opens a connection
      // to the saved host and port, and only those who may choose them need to probe them.
      onRequest: staffGuard(auth, 'super-admin'),
      schema: {
        tags: ['admin'],
        summary:
          'Sends a test email now with the saved SMTP settings (super admins); answers only sent or not sent',
        body: testEmailRequestSchema,
        response: { 200: testEmailResponseSchema, ...adminErrorResponses },
      },
    },
    (request) => email.sendTest(staffOf(request), request.body.to),
  );

  app.post(
    '/api/admin/wheels/:id/summaries',
    {
      onRequest: staffGuard(auth, 'any'),
      schema: {
        tags: ['admin wheels'],
        summary: "After the event: emails each participant who asked for it their 'My connections', once",
        params: idParamsSchema,
        response: { 200: sendSummariesResponseSchema, ...adminErrorResponses },
      },
    },
    (request) => email.sendSummaries(staffOf(request), request.params.id),
  );

  app.get(
    '/api/me/summary-email',
    {
      schema: {
        tags: ['participants'],
        summary: "Whether the participant asked for their 'My connections' by email after the event",
        response: { 200: summaryEmailSchema, ...participantErrors },
      },
    },
    async (request, reply) => {
      const me = await participantOf(request.headers.authorization);
      reply.header('cache-control', 'no-store');
      return email.summaryWish(me.participantId);
    },
  );

  app.put(
    '/api/me/summary-email',
    {
      schema: {
        tags: ['participants'],
        summary: "Asks for (or no longer wants) 'My connections' by email after the event",
        body: summaryEmailRequestSchema,
        response: { 200: summaryEmailSchema, ...participantErrors },
      },
    },
    async (request, reply) => {
      const me = await participantOf(request.headers.authorization);
      reply.header('cache-control', 'no-store');
      return email.setSummaryWish(me.wheelId, me.participantId, request.body);
    },
  );
};
