import { CONTACT_FIELD_LABELS, CONTACT_FIELDS, type MyConnections } from '@wheelmeet/contracts';

/** A mail's words, as plain text and as HTML; every value put into the HTML is escaped. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);

/** Header lines in subjects must stay one line, whatever a name holds. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

/** Label/value rows, as text lines and as an escaped HTML table. */
function rows(pairs: ReadonlyArray<readonly [string, string]>) {
  return {
    text: pairs.map(([label, value]) => `${label}: ${value}`).join('\n'),
    html: `<table>${pairs
      .map(
        ([label, value]) =>
          `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
      )
      .join('')}</table>`,
  };
}

/** Greeting paragraphs, then an optional block (a table or a list), then the site's name. */
function page(siteName: string, paragraphs: string[], block?: { text: string; html: string }) {
  const text = [...paragraphs, ...(block?.text ? [block.text] : []), `— ${siteName}`].join('\n\n');
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(block?.html ? [block.html] : []),
    `<p>— ${escapeHtml(siteName)}</p>`,
  ].join('\n');
  return { text, html };
}

const day = (iso: string) => iso.slice(0, 10);

export interface ReceiptFacts {
  siteName: string;
  firstName: string;
  companyName: string;
  planName: string;
  amountCents: number;
  currency: string;
  paidAt: string;
  paymentId: string;
  /** The end of the period paid for; null for a plan without one. */
  paidUntil: string | null;
}

/** The organiser's receipt once their payment activated the account. */
export function receiptMail(facts: ReceiptFacts): MailContent {
  const amount = `${(facts.amountCents / 100).toFixed(2)} ${facts.currency.toUpperCase()}`;
  const { text, html } = page(
    facts.siteName,
    [
      `Hello ${facts.firstName},`,
      `Thank you for your payment. Your ${facts.siteName} account for ${facts.companyName} is now active.`,
    ],
    rows([
      ['Plan', facts.planName],
      ['Amount paid', amount],
      ['Paid on', day(facts.paidAt)],
      ...(facts.paidUntil ? ([['Paid until', day(facts.paidUntil)]] as const) : []),
      ['Receipt number', facts.paymentId],
    ]),
  );
  return { subject: oneLine(`Your ${facts.siteName} receipt: ${facts.planName} plan`), text, html };
}

export interface DemoRequestFacts {
  siteName: string;
  companyName: string;
  contactPerson: string;
  email: string;
  phoneNumber: string;
  requestedAt: string;
}

/** The notice each admin gets for a demo request. */
export function demoRequestMail(facts: DemoRequestFacts): MailContent {
  const { text, html } = page(
    facts.siteName,
    [`${facts.contactPerson} of ${facts.companyName} asked for a demo.`],
    rows([
      ['Company', facts.companyName],
      ['Contact person', facts.contactPerson],
      ['Email', facts.email],
      ['Phone', facts.phoneNumber || '—'],
      ['Requested on', day(facts.requestedAt)],
    ]),
  );
  return { subject: oneLine(`New demo request from ${facts.companyName}`), text, html };
}

export interface SummaryFacts {
  siteName: string;
  wheelName: string;
  myName: string;
  connections: MyConnections['connections'];
}

/** A participant's "My connections" after the event: whom they met, and what both chose to share. */
export function summaryMail(facts: SummaryFacts): MailContent {
  const met = facts.connections;
  const intro = [
    `Hello ${facts.myName},`,
    met.length === 0
      ? `You did not meet anyone on ${facts.wheelName} this time.`
      : `Here are the ${met.length === 1 ? 'person' : `${met.length} people`} you met on ${facts.wheelName}. Contact details appear only where you both chose to share them.`,
  ];
  const entries = met.map((connection) => {
    const details = CONTACT_FIELDS.flatMap((field) => {
      const value = connection.partnerContact?.[field];
      return value ? [[CONTACT_FIELD_LABELS[field], value] as const] : [];
    });
    const heading = `${connection.partner.displayName} (round ${connection.round}${connection.declined ? ', declined' : ''})`;
    return { heading, details };
  });
  const textList = entries
    .map(({ heading, details }) =>
      [
        `• ${heading}`,
        ...(details.length ? details.map(([l, v]) => `  ${l}: ${v}`) : ['  No details shared by both.']),
      ].join('\n'),
    )
    .join('\n');
  const htmlList = entries.length
    ? `<ul>${entries
        .map(
          ({ heading, details }) =>
            `<li><strong>${escapeHtml(heading)}</strong>${
              details.length
                ? `<br>${details.map(([l, v]) => `${escapeHtml(l)}: ${escapeHtml(v)}`).join('<br>')}`
                : '<br>No details shared by both.'
            }</li>`,
        )
        .join('')}</ul>`
    : '';
  const { text, html } = page(facts.siteName, intro, { text: textList, html: htmlList });
  return { subject: oneLine(`Your connections from ${facts.wheelName}`), text, html };
}
