import type { AddressInfo } from 'node:net';
import { DEFAULT_SETTINGS, type UpdateSettingsRequest } from '@wheelmeet/contracts';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/**
 * A local SMTP server on 127.0.0.1 and a random port that keeps every mail it accepts. `down()`
 * makes it refuse mail (as a broken relay would) until `up()`; `close()` stops it for good.
 */
export async function startSmtpCapture(options: { username?: string; password?: string } = {}) {
  const mails: CapturedMail[] = [];
  let refusing = false;
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    disabledCommands: options.username ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: true,
    authOptional: !options.username,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.username && auth.password === options.password)
        callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onMailFrom(_address, _session, callback) {
      if (refusing) {
        const error = new Error('Mailbox unavailable, try later') as Error & { responseCode: number };
        error.responseCode = 451;
        callback(error);
      } else callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    mails,
    down() {
      refusing = true;
    },
    up() {
      refusing = false;
    },
    /** Resolves once `count` mails have arrived (or after `timeoutMs`, with what arrived). */
    async waitFor(count: number, timeoutMs = 5_000): Promise<CapturedMail[]> {
      const until = Date.now() + timeoutMs;
      while (mails.length < count && Date.now() < until)
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      return mails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>;

/** The admin settings that send every notification through `smtp`. */
export function settingsSendingTo(smtp: Pick<SmtpCapture, 'port'>): UpdateSettingsRequest {
  return {
    ...DEFAULT_SETTINGS,
    smtpServer: '127.0.0.1',
    smtpPort: smtp.port,
    senderName: 'WheelMeet Events',
    senderEmail: 'events@wheelmeet.test',
    enableEmailNotifications: true,
  };
}
