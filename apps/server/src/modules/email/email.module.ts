import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { DomainEvents } from '../../lib/domain-events';
import type { Random } from '../../lib/random';
import type { TokenService } from '../../lib/tokens';
import type { AuthService } from '../auth/auth.service';
import type { ConnectionsService } from '../connections/connections.service';
import { createJobQueue } from '../jobs/job-queue';
import type { Jobs } from '../jobs/jobs.module';
import { createSettingsRepository } from '../settings/settings.repository';
import { type SettingsService, SMTP_PASSWORD_KEY } from '../settings/settings.service';
import { EMAIL_JOB, emailJob } from './email.job';
import { createEmailRepository } from './email.repository';
import { emailRoutes } from './email.routes';
import { createEmailService, type EmailService } from './email.service';
import { type Mailer, smtpMailer } from './smtp-mailer';

/**
 * Email notifications (issue 13, decision 019): the module registers its routes, listens for
 * the events that send mail, and adds the sending of queued mail to the jobs loop (decision 030).
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
    jobs: Jobs;
    mailer?: Mailer;
  },
): Promise<EmailService> {
  const settingsRepository = createSettingsRepository(deps.db);
  const repository = createEmailRepository(deps.db);
  const settings = {
    get: deps.settings.get,
    smtpPassword: () => settingsRepository.get(SMTP_PASSWORD_KEY, z.string()),
  };
  const mailer = deps.mailer ?? smtpMailer;
  const email = createEmailService({
    email: repository,
    settings,
    connections: deps.connections,
    mailer,
    clock: deps.clock,
    random: deps.random,
    log: app.log,
    onQueued: () => deps.jobs.wake(EMAIL_JOB),
  });
  deps.jobs.add(
    createJobQueue(emailJob({ email: repository, settings, mailer, log: app.log }), {
      clock: deps.clock,
      log: app.log,
    }),
  );
  deps.events.subscribe('accountActivated', (event) => email.onAccountActivated(event.paymentId));
  deps.events.subscribe('demoRequested', (request) => email.onDemoRequested(request));
  await app.register(emailRoutes, { email, auth: deps.auth, tokens: deps.tokens });
  return email;
}
