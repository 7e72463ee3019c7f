/** Money is stored as integer cents; the API speaks decimal amounts (spec: price with step 0.01). */
export const centsToAmount = (cents: number): number => cents / 100;
export const amountToCents = (amount: number): number => Math.round(amount * 100);
