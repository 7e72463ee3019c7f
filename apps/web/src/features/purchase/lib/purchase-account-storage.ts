import { type BusinessRegistrationResponse, businessRegistrationResponseSchema } from '@wheelmeet/contracts';

/**
 * The account step 1 of `/purchase/:planId` created, with the sign-up token that lets this
 * browser pay for it, kept in sessionStorage until its payment succeeds: a reload then resumes
 * at the payment instead of registering the email again. The token is the server's only proof
 * that this browser created the account; it lasts 2 hours.
 */
export const PURCHASE_ACCOUNT_KEY = 'purchase_account';

/** What the payment and confirmation steps need of the new, still inactive, account. */
export type PurchaseAccount = Pick<BusinessRegistrationResponse, 'id' | 'email' | 'planId' | 'signupToken'>;

// An entry without a token (stored before tokens existed) cannot pay: it starts over at step 1.
const purchaseAccountSchema = businessRegistrationResponseSchema.pick({
  id: true,
  email: true,
  planId: true,
  signupToken: true,
});

// Storage can throw (privacy modes, quota); the purchase then simply does not survive a reload.

/** The stored account if it was created for `planId`; another plan's, or anything unreadable, is null. */
export function getStoredPurchaseAccount(planId: string): PurchaseAccount | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(PURCHASE_ACCOUNT_KEY);
    if (!raw) return null;
    const parsed = purchaseAccountSchema.safeParse(JSON.parse(raw));
    return parsed.success && parsed.data.planId === planId ? parsed.data : null;
  } catch {
    return null;
  }
}

export function savePurchaseAccount({ id, email, planId, signupToken }: PurchaseAccount): void {
  try {
    globalThis.sessionStorage?.setItem(
      PURCHASE_ACCOUNT_KEY,
      JSON.stringify({ id, email, planId, signupToken }),
    );
  } catch {
    // A reload starts the purchase over.
  }
}

export function clearPurchaseAccount(): void {
  try {
    globalThis.sessionStorage?.removeItem(PURCHASE_ACCOUNT_KEY);
  } catch {
    // Nothing to clear.
  }
}
