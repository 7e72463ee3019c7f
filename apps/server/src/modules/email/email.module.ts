import fp from 'fastify-plugin';
import { z } from 'zod';
import { createJobQueue } from '../jobs/job-queue';
import { createSettingsRepository } from '../settings/settings.repository';
import { SMTP_PASSWORD_KEY } from '../settings/settings.service';
import { EMAIL_JOB, emailJob } from './email.job';
import { createEmailRepository } from './email.repository';
import { emailRoutes } from './email.routes';
import { createEmailService } from './email.service';
import { smtpMailer } from './smtp-mailer';

/**
 * Email notifications (issue 13, decision 019): the module registers its routes, listens for
 * the events that send mail, and adds the sending of queued mail to the jobs loop (decision 030).
 */
export const emailModule = fp(
  async (app) => {
    const { clock, log, jobs, events } = app;
    const settingsRepository = createSettingsRepository(app.db);
    const repository = createEmailRepository(app.db);
    const settings = {
      get: app.settings.get,
      smtpPassword: () => settingsRepository.get(SMTP_PASSWORD_KEY, z.string()),
    };
    const email = createEmailService({
      email: repository,
      settings,
      connections: app.connections,
      mailer: smtpMailer,
      clock,
      random: app.random,
      log,
      onQueued: () => jobs.wake(EMAIL_JOB),
    });
    jobs.add(
      createJobQueue(emailJob({ email: repository, settings, mailer: smtpMailer, log }), { clock, log }),
    );
    events.subscribe('accountActivated', (event) => email.onAccountActivated(event.paymentId));
    events.subscribe('demoRequested', (request) => email.onDemoRequested(request));
    events.subscribe('eventEnded', (event) => email.onEventEnded(event.wheelId));
    await app.register(emailRoutes, { email, auth: app.auth, tokens: app.tokens });
  },
  { name: 'email', dependencies: ['infrastructure', 'jobs', 'auth', 'settings', 'connections'] },
);
