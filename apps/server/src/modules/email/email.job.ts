import type { FastifyBaseLogger } from 'fastify';
import type { JobKind } from '../jobs/job-queue';
import type { EmailRepository, OutboxRow } from './email.repository';
import { retryDelayAfterFailure, SEND_LEASE_MS, type SmtpSettings, smtpConfigOf } from './outbox-rules';
import { type Mailer, type OutgoingMail, smtpErrorMessage } from './smtp-mailer';

export const EMAIL_JOB = 'email';
/** Mails one pass takes at most; the next pass takes the rest. */
const BATCH = 20;

/** One pass's SMTP connection, opened with the first mail it sends (none when nothing is due). */
interface MailPass {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * The mails of the outbox as jobs (decision 019): sent over one SMTP connection per pass, one
 * after another, retried over about a day (RETRY_DELAYS_MS), then marked failed.
 */
export function emailJob(deps: {
  email: EmailRepository;
  /** The admin settings and the write-only SMTP password, read afresh for each pass. */
  settings: { get(): Promise<SmtpSettings>; smtpPassword(): Promise<string | undefined> };
  mailer: Mailer;
  log: FastifyBaseLogger;
}): JobKind<{ id: string; attempts: number }, OutboxRow, void, MailPass> {
  const { email, mailer, log } = deps;
  return {
    name: EMAIL_JOB,
    batch: BATCH,
    leaseMs: () => SEND_LEASE_MS,
    retryDelayMs: retryDelayAfterFailure,

    async openPass() {
      const settings = await deps.settings.get();
      const { config, problem } = smtpConfigOf(settings, await deps.settings.smtpPassword());
      // Switched off or unset since the mail was queued: it waits, untouched, until mail can go.
      if (!config || !settings.enableEmailNotifications) {
        if (problem) log.debug(problem);
        return null;
      }
      let transport: ReturnType<Mailer['open']> | undefined;
      return {
        send(mail) {
          transport ??= mailer.open(config);
          return transport.send(mail);
        },
        close: () => transport?.close(),
      };
    },
    closePass: (pass) => pass.close(),

    due: (now, limit) => email.dueMails(now, limit),
    claim: (candidate, now, leaseUntil) => email.claim(candidate.id, candidate.attempts, now, leaseUntil),
    perform: (mail, pass) =>
      pass.send({ to: mail.recipient, subject: mail.subject, text: mail.text_body, html: mail.html_body }),
    succeeded: (mail, _result, at) => email.markSent(mail.id, at),

    async failed(mail, error, retryAt) {
      const message = smtpErrorMessage(error);
      await email.markAttemptFailed(mail.id, message, retryAt);
      log.warn(
        { mailId: mail.id, kind: mail.kind, attempts: mail.attempts, retryAt, err: message },
        retryAt ? 'sending an email failed; it will be tried again' : 'sending an email failed; giving up',
      );
    },
  };
}
