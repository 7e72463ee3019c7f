import type { Server } from 'node:net';
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

/** The settings accept only mail ports (issue 36); 2525 is the one a test may listen on unprivileged. */
export const TEST_SMTP_PORT = 2525;

/** A random loopback address (127.x.y.z, never 127.0.0.1) so that tests running side by side each get their own port 2525. */
export function randomLoopbackHost(): string {
  const byte = () => 1 + Math.floor(Math.random() * 254);
  return `127.${byte()}.${byte()}.${byte()}`;
}

/** Listens on port 2525 of a free random loopback address; answers the address. */
export async function listenOnMailPort(server: Server): Promise<string> {
  for (let attempt = 0; ; attempt += 1) {
    const host = randomLoopbackHost();
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(TEST_SMTP_PORT, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      return host;
    } catch (error) {
      if (attempt >= 10 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
  }
}

/**
 * A local SMTP server on port 2525 of a random loopback address that keeps every mail it accepts. `down()`
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
  const host = await listenOnMailPort(server.server);
  return {
    host,
    port: TEST_SMTP_PORT,
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
export function settingsSendingTo(smtp: Pick<SmtpCapture, 'host' | 'port'>): UpdateSettingsRequest {
  return {
    ...DEFAULT_SETTINGS,
    smtpServer: smtp.host,
    smtpPort: smtp.port,
    senderName: 'WheelMeet Events',
    senderEmail: 'events@wheelmeet.test',
    enableEmailNotifications: true,
  };
}
