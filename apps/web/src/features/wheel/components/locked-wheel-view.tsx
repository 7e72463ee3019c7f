import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import {
  type LockedWheel,
  type UnlockWheelRequest,
  type UnlockWheelResponse,
  unlockWheelRequestSchema,
} from '@wheelmeet/contracts';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { SubmitButton } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageTitle } from '@/components/ui/page-title';
import { errorMessage } from '@/lib/api-client';
import { unlockWheel } from '../api/unlock-wheel';

interface LockedWheelViewProps {
  wheel: LockedWheel;
  /** The open wheel and the grant that keeps it open for this browser. */
  onUnlocked: (unlocked: UnlockWheelResponse) => void;
}

export function LockedWheelView({ wheel, onUnlocked }: LockedWheelViewProps) {
  const inputId = useId();
  const errorId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<UnlockWheelRequest>({
    defaultValues: { accessCode: '' },
    // The server validates with the same schema: trimmed, not empty.
    resolver: zodResolver(unlockWheelRequestSchema),
  });
  const unlock = useMutation({
    mutationFn: (accessCode: string) => unlockWheel(wheel.id, accessCode),
    onSuccess: onUnlocked,
  });

  const fieldError = errors.accessCode?.message;
  const submitError = unlock.isError
    ? errorMessage(unlock.error, 'Could not unlock the wheel. Please try again.')
    : null;

  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:px-6">
      <PageTitle title={wheel.name} />
      <Card>
        <p className="text-sm font-semibold uppercase tracking-wide text-indigo-700">Private wheel</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">{wheel.name}</h1>
        {wheel.description ? <p className="mt-3 text-slate-600">{wheel.description}</p> : null}

        <dl className="mt-6 grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
          <div className="sm:col-span-3">
            <dt className="font-medium text-slate-500">Wheel ID</dt>
            <dd className="mt-0.5 break-all font-mono text-slate-900">{wheel.id}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-500">Slots</dt>
            <dd className="mt-0.5 text-slate-900">{wheel.slotCount}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-500">Current round</dt>
            <dd className="mt-0.5 text-slate-900">{wheel.currentRound}</dd>
          </div>
        </dl>

        <form
          noValidate
          className="mt-8 border-t border-slate-200 pt-6"
          onSubmit={handleSubmit(({ accessCode }) => unlock.mutate(accessCode))}
        >
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-900">
            Access code
          </label>
          <p className="mt-1 text-sm text-slate-600">
            This wheel is private. Enter the code you were given to join.
          </p>
          <input
            id={inputId}
            type="text"
            autoComplete="off"
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? errorId : undefined}
            required
            className="mt-3 block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 shadow-sm focus:border-indigo-600 focus:outline-2 focus:outline-indigo-600 aria-invalid:border-red-600"
            {...register('accessCode')}
          />
          {fieldError ? (
            <p id={errorId} className="mt-2 text-sm text-red-700">
              {fieldError}
            </p>
          ) : null}
          {submitError ? (
            <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              {submitError}
            </p>
          ) : null}
          <SubmitButton className="mt-6 w-full" pending={unlock.isPending}>
            Unlock Wheel
          </SubmitButton>
        </form>
      </Card>
    </div>
  );
}
