import type { SmtpConfig } from './outbox-rules';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends mail over SMTP; a rejection carries the server's (or the network's) reason. */
export interface Mailer {
  /** Opens one connection for a batch of mails; `close` ends it. */
  open(config: SmtpConfig): { send(mail: OutgoingMail): Promise<void>; close(): void };
}

/** Give up on an unreachable or silent SMTP server quickly: the worker tries again later. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** Nodemailer is loaded with the first mail: a server that sends none never holds it. */
let nodemailerLoaded: Promise<typeof import('nodemailer')> | undefined;
const loadNodemailer = () => {
  nodemailerLoaded ??= import('nodemailer');
  return nodemailerLoaded;
};

export const smtpMailer: Mailer = {
  open(config) {
    const transport = loadNodemailer().then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        host: config.host,
        port: config.port,
        secure: config.secure,
        auth: config.auth,
        pool: true,
        maxConnections: 1,
        ...TIMEOUTS,
      }),
    );
    return {
      async send(mail) {
        await (await transport).sendMail({ from: config.from, ...mail });
      },
      // A transport that never loaded has nothing to close; its error reached `send`.
      close: () =>
        void transport.then(
          (opened) => opened.close(),
          () => {},
        ),
    };
  },
};

/** An error's message, for the outbox row and the settings page (never the password). */
export const smtpErrorMessage = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500);
