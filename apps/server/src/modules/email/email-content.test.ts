import { describe, expect, it } from 'vitest';
import { demoRequestMail, escapeHtml, receiptMail, summaryMail } from './email-content';
import { MAX_ATTEMPTS, retryDelayAfterFailure, smtpConfigOf } from './outbox-rules';

const now = new Date('2026-11-24T10:00:00.000Z');

describe('email content', () => {
  it('escapes every value put into HTML, and keeps subjects on one line', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const mail = demoRequestMail({
      siteName: 'WheelMeet',
      companyName: 'Evil <img src=x onerror=alert(1)>\r\nBcc: all@x.test',
      contactPerson: '<script>x</script>',
      email: 'a@b.test',
      phoneNumber: '',
      requestedAt: now.toISOString(),
    });
    expect(mail.html).not.toMatch(/<script>|<img/);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.text).toContain('Phone: —');
  });

  it('writes the receipt with the amount in the currency paid', () => {
    const mail = receiptMail({
      siteName: 'WheelMeet',
      firstName: 'Ada',
      companyName: 'Engines',
      planName: 'Starter',
      amountCents: 2900,
      currency: 'usd',
      paidAt: now.toISOString(),
      paymentId: 'p-1',
      paidUntil: '2026-12-24T10:00:00.000Z',
    });
    expect(mail.subject).toBe('Your WheelMeet receipt: Starter plan');
    expect(mail.text).toContain('Amount paid: 29.00 USD');
    expect(mail.text).toContain('Paid until: 2026-12-24');
  });

  it('lists the people met, with details only where both shared', () => {
    const mail = summaryMail({
      siteName: 'WheelMeet',
      wheelName: 'Spring mixer',
      myName: 'Ada',
      connections: [
        {
          matchId: 'm1',
          round: 1,
          partner: { id: 'b', displayName: 'Bo' },
          metAt: now.toISOString(),
          declined: false,
          mine: null,
          partnerContact: { linkedinUrl: 'https://www.linkedin.com/in/bo' },
        },
        {
          matchId: 'm2',
          round: 2,
          partner: { id: 'c', displayName: 'Cy' },
          metAt: null,
          declined: true,
          mine: null,
          partnerContact: null,
        },
      ],
    });
    expect(mail.text).toContain('• Bo (round 1)\n  LinkedIn profile: https://www.linkedin.com/in/bo');
    expect(mail.text).toContain('• Cy (round 2, declined)\n  No details shared by both.');
    expect(summaryMail({ siteName: 'W', wheelName: 'X', myName: 'A', connections: [] }).text).toContain(
      'You did not meet anyone on X this time.',
    );
  });
});

describe('outbox rules', () => {
  it('retries later and later, then gives up', () => {
    const retryAt = (attempts: number) => {
      const delay = retryDelayAfterFailure(attempts);
      return delay === null ? null : new Date(now.getTime() + delay).toISOString();
    };
    expect(retryAt(1)).toBe('2026-11-24T10:01:00.000Z');
    expect(retryAt(2)).toBe('2026-11-24T10:05:00.000Z');
    expect(retryAt(MAX_ATTEMPTS - 1)).toBe('2026-11-24T16:00:00.000Z');
    expect(retryAt(MAX_ATTEMPTS)).toBeNull();
  });

  it('has no transport without a server or a sender, and logs in only with a username', () => {
    const base = {
      smtpServer: 'smtp.example.test',
      smtpPort: 465,
      smtpUsername: '',
      senderName: 'Events',
      senderEmail: 'events@example.test',
      enableEmailNotifications: false,
    };
    expect(smtpConfigOf({ ...base, smtpServer: ' ' }, 'pw').problem).toBe(
      'No SMTP server is set, so no email is sent.',
    );
    expect(smtpConfigOf({ ...base, senderEmail: '' }, 'pw').problem).toBe(
      'No sender email is set, so no email is sent.',
    );
    expect(smtpConfigOf(base, 'pw').config).toMatchObject({ secure: true, auth: undefined });
    expect(smtpConfigOf({ ...base, smtpPort: 587, smtpUsername: 'u' }, 'pw').config).toMatchObject({
      secure: false,
      auth: { user: 'u', pass: 'pw' },
    });
  });
});
