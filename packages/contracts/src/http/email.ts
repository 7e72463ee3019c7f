import { z } from 'zod';

/**
 * Issue 13 (6): email notifications (decision 019). Mail goes out only when the admin settings
 * name an SMTP server and a sender address and notifications are switched on.
 */

/**
 * The only ports the SMTP settings may name (issue 36): any other port would let the settings
 * and the test email make the server probe arbitrary services.
 */
export const SMTP_PORTS = [25, 465, 587, 2525] as const;
export const SMTP_PORT_MESSAGE = 'SMTP port must be one of 25, 465, 587 or 2525';
export const isSmtpPort = (port: number): boolean => (SMTP_PORTS as readonly number[]).includes(port);

/** The settings fields that decide whether mail can go out. */
export interface EmailSettingsFields {
  smtpServer: string;
  smtpPort: number;
  senderEmail: string;
  enableEmailNotifications: boolean;
}

/** Why no mail can be sent with these settings at all (not even a test email); null when it can. */
export function smtpProblem(
  settings: Pick<EmailSettingsFields, 'smtpServer' | 'smtpPort' | 'senderEmail'>,
): string | null {
  if (settings.smtpServer.trim() === '') return 'No SMTP server is set, so no email is sent.';
  // Saved before the ports were limited: never connect there, even for the test email.
  if (!isSmtpPort(settings.smtpPort)) return `${SMTP_PORT_MESSAGE}, so no email is sent.`;
  if (settings.senderEmail.trim() === '') return 'No sender email is set, so no email is sent.';
  return null;
}

/** Why notifications are not sent with these settings; null when they are. */
export function emailNotificationsProblem(settings: EmailSettingsFields): string | null {
  return (
    smtpProblem(settings) ??
    (settings.enableEmailNotifications ? null : 'Email notifications are switched off, so no email is sent.')
  );
}

const emailAddress = z.string().trim().max(254).pipe(z.email('Please enter a valid email address'));

/** POST /api/admin/email/test: to the signed-in admin's own address unless another is given. */
export const testEmailRequestSchema = z.object({ to: emailAddress.optional() });
export type TestEmailRequest = z.infer<typeof testEmailRequestSchema>;

export const TEST_EMAIL_NOT_SENT = 'The test email could not be sent. Check the settings and the server log.';
export const testEmailSentMessage = (to: string) => `Test email sent to ${to}.`;

/**
 * The outcome of a test email: sent or not sent, nothing more (issue 36). The SMTP library's
 * reason stays in the server log: refused, timed out and "not an SMTP server" read alike, so
 * the test cannot tell which ports are open.
 */
export const testEmailResponseSchema = z
  .object({ sent: z.boolean(), to: z.string(), message: z.string() })
  .meta({ id: 'TestEmailResponse' });
export type TestEmailResponse = z.infer<typeof testEmailResponseSchema>;

/** GET and PUT /api/me/summary-email: a participant's wish to get "My connections" by email after the event. */
export const summaryEmailRequestSchema = z.discriminatedUnion('optIn', [
  z.object({ optIn: z.literal(true), email: emailAddress }),
  z.object({ optIn: z.literal(false) }),
]);
export type SummaryEmailRequest = z.infer<typeof summaryEmailRequestSchema>;

export const summaryEmailSchema = z
  .object({
    optIn: z.boolean(),
    email: z.string().nullable(),
    /** When the summary was queued for sending; it is sent at most once. */
    sentAt: z.string().nullable(),
  })
  .meta({ id: 'SummaryEmail' });
export type SummaryEmail = z.infer<typeof summaryEmailSchema>;

/** POST /api/admin/wheels/{id}/summaries: how many summaries were queued now, and how many went before. */
export const sendSummariesResponseSchema = z
  .object({ queued: z.number().int(), alreadySent: z.number().int() })
  .meta({ id: 'SendSummariesResponse' });
export type SendSummariesResponse = z.infer<typeof sendSummariesResponseSchema>;
