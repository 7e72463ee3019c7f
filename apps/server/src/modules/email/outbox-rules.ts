import { smtpProblem } from '@wheelmeet/contracts';

/** Attempts before a mail is given up on ('failed'): spread over about a day by RETRY_DELAYS_MS. */
export const MAX_ATTEMPTS = 8;
/** How long to wait after the n-th failed attempt (the last value repeats). */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 3 * 3600_000, 6 * 3600_000];
/** How long a process may take to send a mail it claimed before another may try it. */
export const SEND_LEASE_MS = 2 * 60_000;

/** How long to wait after `attempts` failed attempts; null: give up. */
export function retryDelayAfterFailure(attempts: number): number | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  return RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[0] ?? 60_000;
}

/** What the mailer needs from the admin settings and the stored password. */
export interface SmtpSettings {
  smtpServer: string;
  smtpPort: number;
  smtpUsername: string;
  senderName: string;
  senderEmail: string;
  enableEmailNotifications: boolean;
}

export interface SmtpConfig {
  host: string;
  port: number;
  /** Implicit TLS on 465; elsewhere STARTTLS when the server offers it. */
  secure: boolean;
  auth: { user: string; pass: string } | undefined;
  from: { name: string; address: string };
}

/** The transport settings, or why there are none (the same words the settings page shows). */
export function smtpConfigOf(
  settings: SmtpSettings,
  password: string | undefined,
): { config: SmtpConfig; problem: null } | { config: null; problem: string } {
  const problem = smtpProblem(settings);
  if (problem) return { config: null, problem };
  return {
    problem: null,
    config: {
      host: settings.smtpServer.trim(),
      port: settings.smtpPort,
      secure: settings.smtpPort === 465,
      auth: settings.smtpUsername ? { user: settings.smtpUsername, pass: password ?? '' } : undefined,
      from: { name: settings.senderName, address: settings.senderEmail },
    },
  };
}
