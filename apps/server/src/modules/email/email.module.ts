import {
  errorBodySchema,
  sendSummariesResponseSchema,
  summaryEmailRequestSchema,
  summaryEmailSchema,
  testEmailRequestSchema,
  testEmailResponseSchema,
} from '@wheelmeet/contracts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { DomainEvents } from '../../lib/domain-events';
import { AppError } from '../../lib/errors';
import { bearerToken } from '../../lib/http';
import type { Random } from '../../lib/random';
import { adminErrorResponses, idParamsSchema } from '../../lib/route-schemas';
import type { TokenService } from '../../lib/tokens';
import type { AuthService } from '../auth/auth.service';
import { staffGuard, staffOf } from '../auth/staff-guard';
import type { ConnectionsService } from '../connections/connections.service';
import { createSettingsRepository } from '../settings/settings.repository';
import { type SettingsService, SMTP_PASSWORD_KEY } from '../settings/settings.service';
import { createEmailRepository } from './email.repository';
import { createEmailService, type EmailService } from './email.service';
import { type Mailer, smtpMailer } from './smtp-mailer';

/** How often the worker looks for due mail (queued mail also wakes it at once). */
export const OUTBOX_POLL_MS = 5_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Email notifications; tests drive `deliverDue()` with their own clock. */
    emailNotifications: EmailService;
  }
}

const routes: FastifyPluginAsyncZod<{
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
      onRequest: staffGuard(auth, 'admin'),
      schema: {
        tags: ['admin'],
        summary:
          "Sends a test email now with the saved SMTP settings; answers the SMTP server's refusal if any",
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

/**
 * Email notifications (issue 13, decision 019): the module registers its routes, listens for
 * the events that send mail, and runs the outbox worker ('manual': tests call `deliverDue`).
 */
export async function registerEmail(
  app: FastifyInstance,
  deps: {
    db: Kysely<Database>;
    clock: Clock;
    random: Random;
    auth: AuthService;
    tokens: TokenService;
    settings: SettingsService;
    connections: ConnectionsService;
    events: DomainEvents;
    worker: 'timer' | 'manual';
    mailer?: Mailer;
  },
) {
  const settingsRepository = createSettingsRepository(deps.db);
  let wake = () => {};
  const email = createEmailService({
    email: createEmailRepository(deps.db),
    settings: {
      get: deps.settings.get,
      smtpPassword: () => settingsRepository.get(SMTP_PASSWORD_KEY, z.string()),
    },
    connections: deps.connections,
    mailer: deps.mailer ?? smtpMailer,
    clock: deps.clock,
    random: deps.random,
    log: app.log,
    onQueued: () => wake(),
  });
  deps.events.subscribe('accountActivated', (event) => email.onAccountActivated(event.paymentId));
  deps.events.subscribe('demoRequested', (request) => email.onDemoRequested(request));

  if (deps.worker === 'timer') {
    const pass = () =>
      void email
        .deliverDue()
        .catch((error: unknown) => app.log.error({ err: error }, 'email outbox pass failed'));
    const timer = setInterval(pass, OUTBOX_POLL_MS);
    timer.unref();
    wake = () => setImmediate(pass);
    app.addHook('preClose', async () => {
      clearInterval(timer);
      wake = () => {};
    });
  }
  app.decorate('emailNotifications', email);
  await app.register(routes, { email, auth: deps.auth, tokens: deps.tokens });
  return email;
}
