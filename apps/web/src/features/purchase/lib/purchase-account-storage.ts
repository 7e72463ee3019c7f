import { type BusinessUser, businessUserSchema } from '@wheelmeet/contracts';

/**
 * The account step 1 of `/purchase/:planId` created, kept in sessionStorage until its payment
 * succeeds: a reload then resumes at the payment instead of registering the email again (409).
 */
export const PURCHASE_ACCOUNT_KEY = 'purchase_account';

/** What the payment and confirmation steps need of the new, still inactive, account. */
export type PurchaseAccount = Pick<BusinessUser, 'id' | 'email' | 'planId'>;

const purchaseAccountSchema = businessUserSchema.pick({ id: true, email: true, planId: true });

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

export function savePurchaseAccount({ id, email, planId }: PurchaseAccount): void {
  try {
    globalThis.sessionStorage?.setItem(PURCHASE_ACCOUNT_KEY, JSON.stringify({ id, email, planId }));
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
