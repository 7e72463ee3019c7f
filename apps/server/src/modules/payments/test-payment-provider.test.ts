import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { chargeTestCard, isExpiryInFuture } from './test-payment-provider';

const NOW = new Date('2026-11-22T10:00:00.000Z');
const card = (cardNumber: string, expiry = '12/30') => ({ cardNumber, expiry, cvc: '123' });

function errorOf(work: () => unknown): AppError {
  try {
    work();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('test cards', () => {
  it("charges Stripe's success and decline numbers", () => {
    expect(chargeTestCard(card('4242424242424242'), NOW)).toEqual({ outcome: 'succeeded' });
    expect(chargeTestCard(card('4000000000000002'), NOW)).toEqual({
      outcome: 'declined',
      message: 'Your card was declined.',
    });
    expect(chargeTestCard(card('4000000000009995'), NOW)).toEqual({
      outcome: 'declined',
      message: 'Your card has insufficient funds.',
    });
  });

  it('refuses other numbers and past expiry dates as field errors', () => {
    const number = errorOf(() => chargeTestCard(card('4111111111111111'), NOW));
    expect(number).toMatchObject({
      code: 'validation_failed',
      reason: 'validation_failed',
      message: 'Your card number is invalid.',
    });
    expect(number.details).toEqual([{ path: 'body.cardNumber', message: 'Your card number is invalid.' }]);

    const expired = errorOf(() => chargeTestCard(card('4242424242424242', '10/26'), NOW));
    expect(expired).toMatchObject({
      code: 'validation_failed',
      reason: 'validation_failed',
      message: 'Your card has expired.',
    });
    expect(expired.details).toEqual([{ path: 'body.expiry', message: 'Your card has expired.' }]);
  });

  it('treats a card as valid through the last day of its expiry month', () => {
    expect(isExpiryInFuture('11/26', NOW)).toBe(true);
    expect(isExpiryInFuture('11/26', new Date('2026-11-30T23:59:59.999Z'))).toBe(true);
    expect(isExpiryInFuture('11/26', new Date('2026-12-01T00:00:00.000Z'))).toBe(false);
    expect(isExpiryInFuture('10/26', NOW)).toBe(false);
    expect(isExpiryInFuture('01/27', NOW)).toBe(true);
  });
});
