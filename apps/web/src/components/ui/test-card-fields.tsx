import { testPaymentConfirmRequestSchema } from '@wheelmeet/contracts';
import { Alert } from './alert';
import { FormField, inputClasses } from './form-field';

export interface TestCard {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export type TestCardErrors = Partial<Record<keyof TestCard, string>>;

export const EMPTY_TEST_CARD: TestCard = { cardNumber: '', expiry: '', cvc: '' };
export const TEST_CARD_FIELDS = [
  'cardNumber',
  'expiry',
  'cvc',
] as const satisfies readonly (keyof TestCard)[];

export const TEST_MODE_LABEL = 'Test mode — no real charge';
export const SUCCEEDING_TEST_CARD = '4242 4242 4242 4242';
export const DECLINED_TEST_CARD = '4000 0000 0000 0002';

const CARD_NUMBER_MAX_DIGITS = 19;

/** Digits only, in groups of four: `4242 4242 4242 4242`. */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, CARD_NUMBER_MAX_DIGITS);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** MM/YY, the slash added once the month is typed. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export function formatCvc(value: string): string {
  return value.replace(/\D/g, '').slice(0, 3);
}

const cardSchema = testPaymentConfirmRequestSchema.pick({ cardNumber: true, expiry: true, cvc: true });

/** The same checks the server makes, so a mistyped card never leaves the browser. */
export function validateTestCard(card: TestCard): TestCardErrors {
  const result = cardSchema.safeParse(card);
  if (result.success) return {};
  const errors: TestCardErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof TestCard;
    errors[field] ??= issue.message;
  }
  return errors;
}

interface TestCardFieldsProps {
  value: TestCard;
  onChange: (card: TestCard) => void;
  errors?: TestCardErrors;
  /** The payment's failure (a decline), shown below the fields. */
  error?: string | null;
  disabled?: boolean;
}

/**
 * The card form used when the server takes test payments instead of Stripe: Stripe's test
 * card numbers, formatted as typed, and nothing is charged.
 */
export function TestCardFields({ value, onChange, errors = {}, error, disabled }: TestCardFieldsProps) {
  return (
    <fieldset disabled={disabled} className="space-y-4">
      <legend className="flex w-full flex-wrap items-center justify-between gap-2 text-sm font-semibold text-slate-900">
        Card details
        <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-600/20 ring-inset">
          {TEST_MODE_LABEL}
        </span>
      </legend>
      <FormField
        label="Card number"
        required
        error={errors.cardNumber}
        hint={
          <>
            Use {SUCCEEDING_TEST_CARD} (succeeds) or {DECLINED_TEST_CARD} (declined), any future expiry date
            and any 3-digit CVC.
          </>
        }
      >
        {(control) => (
          <input
            {...control}
            type="text"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            className={inputClasses}
            value={value.cardNumber}
            onChange={(event) => onChange({ ...value, cardNumber: formatCardNumber(event.target.value) })}
          />
        )}
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField label="Expiry (MM/YY)" required error={errors.expiry}>
          {(control) => (
            <input
              {...control}
              type="text"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/YY"
              className={inputClasses}
              value={value.expiry}
              onChange={(event) => onChange({ ...value, expiry: formatExpiry(event.target.value) })}
            />
          )}
        </FormField>
        <FormField label="CVC" required error={errors.cvc}>
          {(control) => (
            <input
              {...control}
              type="text"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              className={inputClasses}
              value={value.cvc}
              onChange={(event) => onChange({ ...value, cvc: formatCvc(event.target.value) })}
            />
          )}
        </FormField>
      </div>
      {error ? <Alert>{error}</Alert> : null}
    </fieldset>
  );
}
