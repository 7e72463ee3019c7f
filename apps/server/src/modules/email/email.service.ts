import {
  type DemoRequestView,
  displayNameOf,
  emailNotificationsProblem,
  type MyConnections,
  type SendSummariesResponse,
  type Settings,
  type SummaryEmail,
  type SummaryEmailRequest,
  TEST_EMAIL_NOT_SENT,
  type TestEmailResponse,
  testEmailSentMessage,
} from '@wheelmeet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import { conflict, notFound } from '../../lib/errors';
import type { Random } from '../../lib/random';
import type { Staff } from '../auth/auth.service';
import type { EmailRepository, OutboxRow } from './email.repository';
import { demoRequestMail, type MailContent, receiptMail, summaryMail } from './email-content';
import { smtpConfigOf } from './outbox-rules';
import { type Mailer, smtpErrorMessage } from './smtp-mailer';

export const WHEEL_NOT_FOUND = 'Wheel not found';

export interface EmailServiceDeps {
  email: EmailRepository;
  /** The admin settings and the write-only SMTP password. */
  settings: { get(): Promise<Settings>; smtpPassword(): Promise<string | undefined> };
  /** "My connections" as the participant sees it, so the summary shares exactly what the page shows. */
  connections: { myConnections(wheelId: string, participantId: string): Promise<MyConnections> };
  mailer: Mailer;
  clock: Clock;
  random: Random;
  log: FastifyBaseLogger;
  /** Called after a mail was queued, so the jobs loop sends it soon. */
  onQueued?: () => void;
}

/** Email notifications (decision 019): mails are queued in the outbox on events; the email job (email.job.ts) sends them. */
export function createEmailService(deps: EmailServiceDeps) {
  const { email, settings, connections, mailer, clock, random, log } = deps;
  const summaryKey = (participantId: string) => `summary:${participantId}`;

  /**
   * Queues a mail once per dedupe key, only while notifications are on: with SMTP missing or
   * notifications off nothing is queued, so switching them on later does not send old news.
   */
  async function queue(
    kind: OutboxRow['kind'],
    dedupeKey: string,
    to: string,
    content: MailContent,
    current?: Settings,
  ): Promise<boolean> {
    const problem = emailNotificationsProblem(current ?? (await settings.get()));
    if (problem) {
      log.info({ kind, dedupeKey }, `email not queued: ${problem}`);
      return false;
    }
    const now = clock.now().toISOString();
    const queued = await email.enqueue({
      id: random.uuid(),
      dedupe_key: dedupeKey,
      kind,
      recipient: to,
      subject: content.subject,
      text_body: content.text,
      html_body: content.html,
      status: 'pending',
      next_attempt_at: now,
      created_at: now,
    });
    if (queued) deps.onQueued?.();
    return queued;
  }

  async function smtpConfig() {
    const current = await settings.get();
    return { current, ...smtpConfigOf(current, await settings.smtpPassword()) };
  }

  async function summaryWish(participantId: string): Promise<SummaryEmail> {
    const [wish, sent] = await Promise.all([
      email.findSummaryWish(participantId),
      email.findByDedupeKey(summaryKey(participantId)),
    ]);
    return { optIn: wish !== undefined, email: wish?.email ?? null, sentAt: sent?.created_at ?? null };
  }

  /** Each summary asked for on the wheel, queued at most once per participant (the outbox's dedupe key). */
  async function queueSummaries(
    wheel: { name: string; id: string },
    current: Settings,
  ): Promise<SendSummariesResponse> {
    const wishes = await email.summaryWishesOn(wheel.id);
    const answer = { queued: 0, alreadySent: 0 };
    for (const wish of wishes) {
      const key = summaryKey(wish.participant_id);
      if (await email.findByDedupeKey(key)) {
        answer.alreadySent += 1;
        continue;
      }
      const mine = await connections.myConnections(wheel.id, wish.participant_id);
      const content = summaryMail({
        siteName: current.siteName,
        wheelName: wheel.name,
        myName: displayNameOf({ id: wish.participant_id, username: wish.username }),
        connections: mine.connections,
      });
      // A press (or the event's end) at the same moment elsewhere may have queued it first: then it counts as sent.
      if (await queue('summary', key, wish.email, content, current)) answer.queued += 1;
      else answer.alreadySent += 1;
    }
    return answer;
  }

  return {
    /** (1) The organiser's receipt, once their payment activated the account. */
    async onAccountActivated(paymentId: string): Promise<void> {
      const facts = await email.receiptFacts(paymentId);
      if (!facts?.is_active) return;
      const current = await settings.get();
      await queue(
        'receipt',
        `receipt:${paymentId}`,
        facts.email,
        receiptMail({
          siteName: current.siteName,
          firstName: facts.first_name,
          companyName: facts.company_name,
          planName: facts.plan_name,
          amountCents: facts.amount_cents,
          currency: facts.currency,
          paidAt: facts.updated_at,
          paymentId: facts.id,
          paidUntil: facts.ends_at,
        }),
        current,
      );
    },

    /** (2) Every active admin hears of each demo request. */
    async onDemoRequested(request: DemoRequestView): Promise<void> {
      const current = await settings.get();
      if (emailNotificationsProblem(current)) return;
      const content = demoRequestMail({
        siteName: current.siteName,
        companyName: request.companyName,
        contactPerson: request.contactPerson,
        email: request.email,
        phoneNumber: request.phoneNumber ?? '',
        requestedAt: request.requestDate,
      });
      for (const admin of await email.activeAdmins())
        await queue('demo_request', `demo:${request.id}:${admin.id}`, admin.email, content, current);
    },

    summaryWish,

    async setSummaryWish(
      wheelId: string,
      participantId: string,
      request: SummaryEmailRequest,
    ): Promise<SummaryEmail> {
      if (request.optIn)
        await email.saveSummaryWish({
          participant_id: participantId,
          wheel_id: wheelId,
          email: request.email,
          updated_at: clock.now().toISOString(),
        });
      else await email.deleteSummaryWish(participantId);
      return summaryWish(participantId);
    },

    /**
     * (3) "After the event": the organiser sends each participant who asked their summary, at
     * most once per participant (the outbox's dedupe key); pressing again sends only new ones.
     */
    async sendSummaries(staff: Staff, wheelId: string): Promise<SendSummariesResponse> {
      const wheel = await email.findWheel(wheelId);
      if (!wheel || (staff.kind === 'BusinessUser' && wheel.business_user_id !== staff.id))
        throw notFound(WHEEL_NOT_FOUND);
      const current = await settings.get();
      const problem = emailNotificationsProblem(current);
      if (problem) throw conflict(`${problem} Ask an administrator to set up email.`);
      return queueSummaries(wheel, current);
    },

    /**
     * The event is over (issue 35): the summaries go out by themselves, as if the organiser had
     * pressed 'Send summaries'; with email not set up nobody is told, as for the other mails.
     */
    async onEventEnded(wheelId: string): Promise<void> {
      const wheel = await email.findWheel(wheelId);
      const current = await settings.get();
      if (!wheel || emailNotificationsProblem(current)) return;
      await queueSummaries(wheel, current);
    },

    /**
     * The settings page's test: sent now (not queued). The answer is only sent or not sent; why
     * not goes to the log, since telling refused, timed out and non-SMTP apart maps ports (issue 36).
     */
    async sendTest(staff: Staff, to: string | undefined): Promise<TestEmailResponse> {
      const { current, config, problem } = await smtpConfig();
      if (!config) throw conflict(problem);
      const recipient = to ?? staff.profile.email;
      const transport = mailer.open(config);
      try {
        await transport.send({
          to: recipient,
          subject: `${current.siteName} test email`,
          text: `This is a test email from ${current.siteName}. Your SMTP settings work.`,
          html: `<p>This is a test email. Your SMTP settings work.</p>`,
        });
        return { sent: true, to: recipient, message: testEmailSentMessage(recipient) };
      } catch (error) {
        log.warn(
          { host: config.host, port: config.port, reason: smtpErrorMessage(error) },
          'test email not sent',
        );
        return { sent: false, to: recipient, message: TEST_EMAIL_NOT_SENT };
      } finally {
        transport.close();
      }
    },
  };
}

export type EmailService = ReturnType<typeof createEmailService>;
