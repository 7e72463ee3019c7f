import { createHmac } from 'node:crypto';
import { AppError } from '../../lib/errors';
import type { Random } from '../../lib/random';
import type { PaymentProvider, TestCard, TestCharge } from './payment-provider';

export const CARD_DECLINED_MESSAGE = 'Your card was declined.';
export const INVALID_CARD_NUMBER_MESSAGE = 'Your card number is invalid.';
export const EXPIRED_CARD_MESSAGE = 'Your card has expired.';

/** A subset of Stripe's test cards, with the messages Stripe gives for them. */
const TEST_CARDS: ReadonlyMap<string, TestCharge> = new Map([
  ['4242424242424242', { outcome: 'succeeded' }],
  ['4000056655665556', { outcome: 'succeeded' }],
  ['5555555555554444', { outcome: 'succeeded' }],
  ['4000000000000002', { outcome: 'declined', message: CARD_DECLINED_MESSAGE }],
  ['4000000000009995', { outcome: 'declined', message: 'Your card has insufficient funds.' }],
  ['4000000000000069', { outcome: 'declined', message: EXPIRED_CARD_MESSAGE }],
  ['4000000000000127', { outcome: 'declined', message: "Your card's security code is incorrect." }],
]);

const fieldError = (field: string, message: string) =>
  new AppError('validation_failed', message, [{ path: `body.${field}`, message }]);

/** True when a card expiring `expiry` (MM/YY, valid through the end of that month) is still valid at `now`. */
export function isExpiryInFuture(expiry: string, now: Date): boolean {
  const [month, year] = expiry.split('/').map(Number);
  if (!month || year === undefined || Number.isNaN(year)) return false;
  const firstDayAfter = Date.UTC(2000 + year, month, 1); // Date.UTC months are 0-based: `month` is the next one.
  return now.getTime() < firstDayAfter;
}

/**
 * Checks a test card the way Stripe's card form and Stripe itself would. A number or expiry
 * that is not acceptable is a field error (nothing is charged); a known card is charged.
 */
export function chargeTestCard(card: TestCard, now: Date): TestCharge {
  const charge = TEST_CARDS.get(card.cardNumber);
  if (!charge) throw fieldError('cardNumber', INVALID_CARD_NUMBER_MESSAGE);
  if (!isExpiryInFuture(card.expiry, now)) throw fieldError('expiry', EXPIRED_CARD_MESSAGE);
  return charge;
}

/** The built-in provider used when no Stripe keys are configured: local intents, test cards only. */
export function createTestPaymentProvider(deps: { random: Random }): PaymentProvider {
  const hex = () => deps.random.uuid().replaceAll('-', '');
  // Test cards are confirmed by intent id; the secret only has to look like Stripe's and stay
  // the same for one intent, so it is derived from the id rather than stored.
  const key = hex();
  const secretOf = (id: string) =>
    `${id}_secret_${createHmac('sha256', key).update(id).digest('hex').slice(0, 32)}`;
  return {
    name: 'test',
    async createIntent() {
      const id = `pi_test_${hex().slice(0, 24)}`;
      return { id, clientSecret: secretOf(id) };
    },
    async reuseIntent(id) {
      return { id, clientSecret: secretOf(id) };
    },
    testCards: { charge: chargeTestCard },
  };
}
