import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import {
  effectiveRegistrationFields,
  type OpenWheel,
  optionLabel,
  PARTICIPANT_AGE_MAX,
  PARTICIPANT_AGE_MIN,
  type RegistrationData,
  type RegistrationField,
  registrationDataSchema,
  ringFor,
} from '@wheelmeet/contracts';
import { type ReactNode, useId, useMemo, useRef, useState } from 'react';
import {
  type Control,
  Controller,
  type FieldErrors,
  type UseFormRegister,
  useForm,
  useWatch,
} from 'react-hook-form';
import { SubmitButton } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/form-field';
import { ApiError, errorMessage, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import type { StoredParticipant } from '@/lib/auth-storage';
import { registerParticipant } from '../api/register-participant';
import { futureRingText, type RingNaming } from '../hooks/ring-texts';

export const REGISTER_FAILED_MESSAGE = 'Failed to register user';
const DETAIL_PREFIX = 'registrationData.';

type FormValues = Record<string, unknown>;

function defaultValue(field: RegistrationField): string | boolean | string[] {
  if (field.type === 'checkbox') return false;
  // Several options: the chosen ones as a list, which the schema joins into one answer.
  return field.type === 'multiselect' ? [] : '';
}

const inputClasses =
  'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 shadow-sm focus:border-indigo-600 focus:outline-2 focus:outline-indigo-600 aria-invalid:border-red-600';

interface FieldProps {
  field: RegistrationField;
  register: UseFormRegister<FormValues>;
  control: Control<FormValues>;
  errors: FieldErrors<FormValues>;
}

function FormField({ field, register, control, errors }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const message = errors[field.name]?.message;
  const error = typeof message === 'string' ? message : null;
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    'aria-required': field.required || undefined,
    ...register(field.name),
  };

  const label = (
    <>
      {field.label}
      {field.required ? (
        <span aria-hidden="true" className="ml-0.5 text-red-600">
          *
        </span>
      ) : null}
    </>
  );

  if (field.type === 'multiselect') {
    return (
      <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
        <legend className="text-sm font-medium text-slate-900">{label}</legend>
        <Controller
          name={field.name}
          control={control}
          render={({ field: { value, onChange, onBlur } }) => {
            const chosen = Array.isArray(value) ? (value as string[]) : [];
            return (
              <div className="mt-1 grid gap-1 sm:grid-cols-2">
                {(field.options ?? []).map((option) => (
                  <label key={option} className="flex min-h-11 items-center gap-2 text-sm text-slate-900">
                    <input
                      type="checkbox"
                      className="size-4 rounded border-slate-300 text-indigo-600"
                      checked={chosen.includes(option)}
                      onBlur={onBlur}
                      onChange={(event) =>
                        onChange(
                          event.target.checked
                            ? [...chosen, option]
                            : chosen.filter((other) => other !== option),
                        )
                      }
                    />
                    {optionLabel(option)}
                  </label>
                ))}
              </div>
            );
          }}
        />
        <FieldError id={errorId} error={error} />
      </fieldset>
    );
  }

  if (field.type === 'checkbox') {
    return (
      <div>
        <div className="flex items-center gap-2">
          <input type="checkbox" className="size-4 rounded border-slate-300 text-indigo-600" {...common} />
          <label htmlFor={id} className="text-sm font-medium text-slate-900">
            {label}
          </label>
        </div>
        <FieldError id={errorId} error={error} />
      </div>
    );
  }

  let input: ReactNode;
  switch (field.type) {
    case 'textarea':
      input = <textarea rows={3} className={inputClasses} {...common} />;
      break;
    case 'number': {
      const isAge = field.name === 'age';
      input = (
        <input
          type="number"
          inputMode="numeric"
          step={1}
          min={isAge ? PARTICIPANT_AGE_MIN : undefined}
          max={isAge ? PARTICIPANT_AGE_MAX : undefined}
          className={inputClasses}
          {...common}
        />
      );
      break;
    }
    case 'select':
      input = (
        <select className={inputClasses} {...common}>
          <option value="">Select {field.label}</option>
          {(field.options ?? []).map((option) => (
            <option key={option} value={option}>
              {optionLabel(option)}
            </option>
          ))}
        </select>
      );
      break;
    default:
      input = <input type="text" className={inputClasses} {...common} />;
  }

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      {input}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

interface RegistrationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  wheel: Pick<OpenWheel, 'id' | 'registrationFields'> & RingNaming;
  /** The grant that unlocked a private wheel; the registration carries it (issue 33). */
  accessGrant?: string | null;
  /** The hub connection id to register with, when there is one. */
  getConnectionId: () => string | null;
  onRegistered: (participant: StoredParticipant) => void;
  /**
   * The server refused the registration because the organiser removed this browser's
   * participant from the wheel (decision 016): the screen around says so instead of the form.
   * Without it the refusal is said in the dialog like any other.
   */
  onRemoved?: () => void;
  /** Where focus goes when the dialog closes (the seat that opened it); see Dialog. */
  onCloseAutoFocus?: (event: Event) => void;
}

/** 'Register to Join': the wheel's registration form, checked with the same schema as the server's. */
export function RegistrationDialog({
  open,
  onOpenChange,
  wheel,
  accessGrant = null,
  getConnectionId,
  onRegistered,
  onRemoved,
  onCloseAutoFocus,
}: RegistrationDialogProps) {
  const formRef = useRef<HTMLFormElement>(null);
  // Why registering failed, said in the dialog (no native alert).
  const [failure, setFailure] = useState<string | null>(null);
  const fields = useMemo(
    () => effectiveRegistrationFields(wheel.registrationFields),
    [wheel.registrationFields],
  );
  const schema = useMemo(() => registrationDataSchema(fields), [fields]);
  const defaultValues = useMemo(
    () => Object.fromEntries(fields.map((field) => [field.name, defaultValue(field)])),
    [fields],
  );
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<FormValues, unknown, RegistrationData>({ defaultValues, resolver: zodResolver(schema) });
  // Issue 38: once the ring rule's question is answered, where that answer seats the person.
  const rule = wheel.ringRule;
  const ruleAnswer = useWatch({ control, name: rule?.field ?? '', disabled: !rule });
  const answered =
    typeof ruleAnswer === 'string' ? ruleAnswer.trim() !== '' : typeof ruleAnswer === 'boolean';
  const ringLine =
    rule && answered
      ? futureRingText(wheel, ringFor(rule, { [rule.field]: ruleAnswer as string | boolean }))
      : null;

  const registration = useMutation({
    mutationFn: (registrationData: RegistrationData) => {
      setFailure(null);
      return registerParticipant({
        wheelId: wheel.id,
        connectionId: getConnectionId(),
        registrationData,
        accessGrant,
      });
    },
    onSuccess: ({ user, token }, answers) => {
      reset(defaultValues);
      // The answers stay with the participant: the wheel's ring rule reads them (issue 38).
      onRegistered({ ...user, token, answers });
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) {
        setFailure(REGISTER_FAILED_MESSAGE);
        return;
      }
      // Field errors from the server land beside their fields, like the form's own.
      const names = new Set(fields.map((field) => field.name));
      let placed = false;
      for (const detail of error.details ?? []) {
        const name = detail.path.startsWith(DETAIL_PREFIX) ? detail.path.slice(DETAIL_PREFIX.length) : '';
        if (names.has(name)) {
          setError(name, { type: 'server', message: detail.message });
          placed = true;
        }
      }
      if (placed) return;
      if (onRemoved && error.reason === 'removed_from_wheel') {
        reset(defaultValues);
        onRemoved();
        return;
      }
      if (error.code === 'network_error') setFailure(NETWORK_ERROR_MESSAGE);
      else if (error.code === 'invalid_response') setFailure(REGISTER_FAILED_MESSAGE);
      else setFailure(errorMessage(error, REGISTER_FAILED_MESSAGE));
    },
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setFailure(null);
        onOpenChange(next);
      }}
      title="Register to Join"
      description="Tell the others a little about yourself, then take your seat."
      onOpenAutoFocus={(event) => {
        // The first field, not the close button, so a keyboard user can start typing.
        const first = formRef.current?.querySelector<HTMLElement>('input, select, textarea');
        if (!first) return;
        event.preventDefault();
        first.focus();
      }}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <form
        ref={formRef}
        noValidate
        className="space-y-4"
        onSubmit={handleSubmit((data) => registration.mutate(data))}
      >
        {fields.map((field) => (
          <FormField key={field.id} field={field} register={register} control={control} errors={errors} />
        ))}
        <p role="status" className="text-sm font-medium text-indigo-800 empty:hidden">
          {ringLine}
        </p>
        <p className="text-xs text-slate-500">
          <span aria-hidden="true" className="text-red-600">
            *
          </span>{' '}
          Required
        </p>
        {/*
          Issue 33: kept at the foot of the dialog, which scrolls within the screen, so 'Join
          Wheel' and why it failed are in view however long the wheel's form is.
        */}
        <div
          data-testid="registration-actions"
          className="sticky -bottom-6 -mx-6 -mb-6 space-y-3 border-t border-slate-100 bg-white px-6 pt-3 pb-6"
        >
          {failure ? (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              {failure}
            </p>
          ) : null}
          <SubmitButton className="w-full" pending={registration.isPending}>
            Join Wheel
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
