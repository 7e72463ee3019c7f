import type {
  PaymentIntentResponse,
  paymentIntentRequestSchema,
  TestPaymentConfirmResponse,
  testPaymentConfirmRequestSchema,
} from '@wheelmeet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock';
import { AppError, conflict, notFound, tooManyRequests } from '../../lib/errors';
import { centsToAmount } from '../../lib/money';
import { createKeyedQueue } from '../../lib/one-at-a-time';
import type { Random } from '../../lib/random';
import type { TokenService } from '../../lib/tokens';
import type { BusinessUsersRepository } from '../business/business-users.repository';
import { BUSINESS_USER_NOT_FOUND_MESSAGE, UNKNOWN_PLAN_MESSAGE } from '../business/business-users.service';
import type { PlansRepository } from '../business/plans.repository';
import { hasSubscriptionEnded, nextPeriodStart } from '../business/subscription-coverage';
import type { EventOutbox } from '../event-outbox/event-outbox';
import type { NewOutboxEvent } from '../event-outbox/event-outbox.repository';
import type { CreatedIntent, PaymentEvent, PaymentProvider } from './payment-provider';
import type { PaymentsRepository } from './payments.repository';
import { subscriptionEnd } from './subscription-period';

/** Payment intents one account may open per rolling hour; repeated requests reuse a pending one. */
export const PAYMENT_INTENTS_PER_ACCOUNT = { max: 5, windowMs: 3600_000 } as const;

export const SIGN_UP_REQUIRED_MESSAGE =
  'Please create your account before paying: this payment needs the sign-up made in this browser.';
export const SIGN_UP_EXPIRED_MESSAGE =
  'Your sign-up has expired. Please enter your account details again to continue.';
export const OTHER_ACCOUNT_MESSAGE = 'This payment is not for the account you signed up with.';
export const ACCOUNT_DEACTIVATED_MESSAGE =
  'This account was deactivated by an administrator. Please contact support.';
export const TOO_MANY_INTENTS_MESSAGE = 'Too many payment attempts for this account. Please try again later.';
export const ALREADY_ACTIVE_MESSAGE = 'This account is already active.';
export const OTHER_PLAN_MESSAGE = 'This account was registered for another plan.';
export const PAYMENT_NOT_FOUND_MESSAGE = 'We could not find this payment.';
export const PAYMENT_ALREADY_COMPLETED_MESSAGE = 'This payment has already been completed.';
export const PAYMENT_UNAVAILABLE_MESSAGE = 'We could not prepare the payment. Please try again.';

/** What a provider report did: only `settled` and `failed` changed anything. */
export type SettlementResult = 'settled' | 'failed' | 'already_handled' | 'unknown_payment' | 'ignored';

export function createPaymentsService(deps: {
  payments: PaymentsRepository;
  businessUsers: BusinessUsersRepository;
  plans: PlansRepository;
  provider: PaymentProvider;
  clock: Clock;
  random: Random;
  log: FastifyBaseLogger;
  /** Checks the sign-up token POST /api/business/register handed out. */
  tokens: Pick<TokenService, 'verifySignup'>;
  /** Told, even across a crash, when a payment activated an account (to send a receipt; decision 026). */
  outbox: Pick<EventOutbox, 'entry' | 'deliver'>;
}) {
  const { payments, businessUsers, plans, provider, clock, random, log, tokens } = deps;

  // One intent request per account at a time (in this process), so concurrent requests
  // cannot all see "nothing pending, under the limit" and each open an intent.
  const oneAtATime = createKeyedQueue();

  /** The account `signupToken` was issued for, which must be `businessUserId`; else 401 or 403. */
  async function requireSignup(signupToken: string | undefined, businessUserId: string): Promise<void> {
    if (!signupToken) throw new AppError('unauthorized', SIGN_UP_REQUIRED_MESSAGE);
    const signedUp = await tokens.verifySignup(signupToken);
    if (!signedUp) throw new AppError('unauthorized', SIGN_UP_EXPIRED_MESSAGE);
    if (signedUp !== businessUserId) throw new AppError('forbidden', OTHER_ACCOUNT_MESSAGE);
  }

  /**
   * The one activation path: the provider confirmed the payment, so it succeeds, its account
   * becomes active (unless an admin deactivated it) and a subscription for the plan's period
   * starts: now, or when the time already paid for ends, so periods chain and never overlap.
   * Runs once per payment and once per event id; a replayed or late report changes nothing.
   */
  async function handlePaymentSucceeded(
    providerPaymentId: string,
    eventId: string,
    eventType = 'payment_intent.succeeded',
  ): Promise<SettlementResult> {
    const now = clock.now();
    const at = now.toISOString();
    let activated: NewOutboxEvent | undefined;
    const result = await payments.transaction(async (tx): Promise<SettlementResult> => {
      activated = undefined;
      if (!(await tx.recordEvent({ id: eventId, provider: provider.name, type: eventType, received_at: at })))
        return 'already_handled';
      const payment = await tx.findByProviderPaymentId(provider.name, providerPaymentId);
      if (!payment) return 'unknown_payment';
      if (!(await tx.markSucceeded(payment.id, at))) return 'already_handled';
      await tx.lockBusinessUser(payment.business_user_id, at);
      if (await tx.activateBusinessUser(payment.business_user_id, at)) {
        activated = deps.outbox.entry('accountActivated', {
          paymentId: payment.id,
          businessUserId: payment.business_user_id,
        });
        await tx.recordOutboxEvent(activated);
      } else {
        // The money was taken, so the payment and its period stay on record, but an account
        // an admin closed stays closed until an admin opens it again.
        log.warn(
          { businessUserId: payment.business_user_id, paymentId: payment.id },
          'payment succeeded for an account an admin deactivated; it stays deactivated',
        );
      }
      const start = nextPeriodStart(await tx.subscriptionPeriods(payment.business_user_id), now);
      await tx.insertSubscription({
        id: random.uuid(),
        business_user_id: payment.business_user_id,
        plan_id: payment.plan_id,
        payment_id: payment.id,
        starts_at: start.toISOString(),
        ends_at: subscriptionEnd(start, payment.plan_period)?.toISOString() ?? null,
        created_at: at,
      });
      return 'settled';
    });
    log.info({ providerPaymentId, eventId, result }, 'payment success reported');
    // After the commit: a listener's failure cannot undo the payment, and the outbox row
    // committed with it has the event published again if this process stops first.
    if (activated) await deps.outbox.deliver(activated);
    return result;
  }

  /** The one failure path: the payment fails with the provider's message; the account stays inactive. */
  async function handlePaymentFailed(
    providerPaymentId: string,
    eventId: string,
    message: string,
    eventType = 'payment_intent.payment_failed',
  ): Promise<SettlementResult> {
    const at = clock.now().toISOString();
    const result = await payments.transaction(async (tx): Promise<SettlementResult> => {
      if (!(await tx.recordEvent({ id: eventId, provider: provider.name, type: eventType, received_at: at })))
        return 'already_handled';
      const payment = await tx.findByProviderPaymentId(provider.name, providerPaymentId);
      if (!payment) return 'unknown_payment';
      return (await tx.markFailed(payment.id, message, at)) ? 'failed' : 'already_handled';
    });
    log.info({ providerPaymentId, eventId, result }, 'payment failure reported');
    return result;
  }

  async function settle(event: PaymentEvent): Promise<SettlementResult> {
    switch (event.outcome) {
      case 'succeeded':
        return handlePaymentSucceeded(event.providerPaymentId, event.eventId, event.type);
      case 'failed':
        return handlePaymentFailed(event.providerPaymentId, event.eventId, event.message, event.type);
      default:
        return 'ignored';
    }
  }

  return {
    /** Which provider takes the payments; decides which confirmation routes exist. */
    mode: provider.name,

    /**
     * Starts paying for the plan an account registered with: the plan's price in the chosen
     * currency (the same number is shown as € and as $), recorded as a pending payment. Only
     * the browser that signed the account up may (its sign-up token), and only for an account
     * that was never paid or whose subscription ended; never for one an admin deactivated.
     * A pending intent for the same plan and currency is answered again rather than another
     * opened, and an account opens at most PAYMENT_INTENTS_PER_ACCOUNT.max per hour.
     */
    async createPaymentIntent(
      request: z.output<typeof paymentIntentRequestSchema>,
    ): Promise<PaymentIntentResponse> {
      await requireSignup(request.signupToken, request.businessUserId);
      const plan = await plans.findById(request.planId);
      if (!plan) {
        throw new AppError('validation_failed', UNKNOWN_PLAN_MESSAGE, [
          { path: 'body.planId', message: UNKNOWN_PLAN_MESSAGE },
        ]);
      }
      return oneAtATime(request.businessUserId, async () => {
        const user = await businessUsers.findById(request.businessUserId);
        if (!user) throw notFound(BUSINESS_USER_NOT_FOUND_MESSAGE);
        if (user.deactivated_at !== null) throw new AppError('forbidden', ACCOUNT_DEACTIVATED_MESSAGE);
        if (
          user.is_active &&
          !hasSubscriptionEnded(await businessUsers.subscriptionCoverage(user.id), clock.now())
        ) {
          throw conflict(ALREADY_ACTIVE_MESSAGE);
        }
        if (user.plan_id !== plan.id) throw conflict(OTHER_PLAN_MESSAGE);

        const answer = (intent: CreatedIntent): PaymentIntentResponse => ({
          clientSecret: intent.clientSecret,
          paymentIntentId: intent.id,
          amount: centsToAmount(plan.price_cents),
          currency: request.currency,
          mode: provider.name,
        });

        const pending = await payments.findPendingPayment({
          businessUserId: user.id,
          planId: plan.id,
          amountCents: plan.price_cents,
          currency: request.currency,
          provider: provider.name,
        });
        if (pending) {
          const reused = await provider.reuseIntent(pending.provider_payment_id).catch((error: unknown) => {
            log.warn({ err: error, paymentId: pending.id }, 'looking up a pending payment intent failed');
            return undefined;
          });
          if (reused) return answer(reused);
        }

        const now = clock.now();
        const windowStart = new Date(now.getTime() - PAYMENT_INTENTS_PER_ACCOUNT.windowMs).toISOString();
        const recent = await payments.paymentTimesSince(user.id, windowStart);
        if (recent.length >= PAYMENT_INTENTS_PER_ACCOUNT.max) {
          const oldest = recent[recent.length - PAYMENT_INTENTS_PER_ACCOUNT.max] as string;
          const retryAfterMs = Date.parse(oldest) + PAYMENT_INTENTS_PER_ACCOUNT.windowMs - now.getTime();
          throw tooManyRequests(TOO_MANY_INTENTS_MESSAGE, Math.max(1_000, retryAfterMs));
        }

        const paymentId = random.uuid();
        let intent: CreatedIntent;
        try {
          intent = await provider.createIntent({
            paymentId,
            amountCents: plan.price_cents,
            currency: request.currency,
            metadata: { planId: plan.id, businessUserId: user.id, paymentId },
          });
        } catch (error) {
          log.error({ err: error, businessUserId: user.id }, 'creating a payment intent failed');
          throw new AppError('service_unavailable', PAYMENT_UNAVAILABLE_MESSAGE);
        }
        const at = clock.now().toISOString();
        await payments.insertPayment({
          id: paymentId,
          business_user_id: user.id,
          plan_id: plan.id,
          provider: provider.name,
          provider_payment_id: intent.id,
          amount_cents: plan.price_cents,
          currency: request.currency,
          status: 'pending',
          failure_message: null,
          created_at: at,
          updated_at: at,
        });
        return answer(intent);
      });
    },

    /** Stripe's webhook: verified on its raw body, then settled; replays and other events change nothing. */
    async handleStripeWebhook(rawBody: Buffer, signature: string | undefined): Promise<SettlementResult> {
      if (!provider.webhooks) throw notFound('This server takes no Stripe payments.');
      return settle(provider.webhooks.verify(rawBody, signature, clock.now()));
    },

    /**
     * Test mode's stand-in for Stripe confirming a card payment: a test card is charged and the
     * result goes through the same settlement as a Stripe webhook. A decline is an error.
     */
    async confirmTestPayment(
      request: z.output<typeof testPaymentConfirmRequestSchema>,
    ): Promise<TestPaymentConfirmResponse> {
      if (!provider.testCards) throw notFound('Test payments are switched off on this server.');
      const payment = await payments.findByProviderPaymentId(provider.name, request.paymentIntentId);
      if (!payment) throw notFound(PAYMENT_NOT_FOUND_MESSAGE);
      if (payment.status === 'succeeded') throw conflict(PAYMENT_ALREADY_COMPLETED_MESSAGE);

      const charge = provider.testCards.charge(request, clock.now());
      const eventId = `evt_test_${random.uuid().replaceAll('-', '')}`;
      if (charge.outcome === 'succeeded') {
        await handlePaymentSucceeded(payment.provider_payment_id, eventId);
        return { status: 'succeeded' };
      }
      await handlePaymentFailed(payment.provider_payment_id, eventId, charge.message);
      throw new AppError('bad_request', charge.message);
    },

    handlePaymentSucceeded,
    handlePaymentFailed,
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
