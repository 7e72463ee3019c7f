import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_SETTINGS,
  type Settings,
  type UpdateSettingsRequest,
  updateSettingsRequestSchema,
} from '@wheelmeet/contracts';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { CheckboxField, FormField, inputClasses } from '@/components/ui/form-field';
import { LoadingState } from '@/components/ui/loading-state';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { saveSettings, settingsKey, settingsQuery } from '../api/settings';
import { useTimedMessage } from '../hooks/use-timed-message';
import { contractResolver } from '../lib/contract-resolver';
import { applyServerFieldErrors } from '../lib/server-errors';
import { AdminPageHeader } from './admin-page-header';

export const SETTINGS_SAVED = 'Settings saved successfully.';
export const SETTINGS_LOAD_ERROR = 'Failed to load settings';
export const SETTINGS_SAVE_ERROR = 'Failed to save settings';
/** The success message stays this long (spec section 9). */
export const SETTINGS_MESSAGE_MS = 3_000;

export type SettingsFormValues = Omit<Settings, 'smtpPasswordSet'> & { smtpPassword: string };

const FIELD_NAMES = [...Object.keys(DEFAULT_SETTINGS), 'smtpPassword'];

/** A blank SMTP password is left out, so the stored one stays. */
export function toSettingsBody({ smtpPassword, ...rest }: SettingsFormValues): UpdateSettingsRequest {
  return { ...rest, ...(smtpPassword ? { smtpPassword } : {}) };
}

const resolver = contractResolver<SettingsFormValues>(updateSettingsRequestSchema, toSettingsBody);

const toFormValues = ({ smtpPasswordSet: _set, ...settings }: Settings): SettingsFormValues => ({
  ...settings,
  smtpPassword: '',
});

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 border-t border-slate-200 pt-6 first:border-t-0 first:pt-0">
      <legend className="mb-2 text-base font-semibold text-slate-900">{title}</legend>
      {children}
    </fieldset>
  );
}

function SettingsForm({ settings }: { settings: Settings }) {
  const queryClient = useQueryClient();
  const saved = useTimedMessage(SETTINGS_MESSAGE_MS);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<SettingsFormValues>({ defaultValues: toFormValues(settings), resolver });

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    saved.clear();
    try {
      const answer = await saveSettings(toSettingsBody(values));
      queryClient.setQueryData(settingsKey, answer);
      reset(toFormValues(answer));
      saved.show(SETTINGS_SAVED);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, FIELD_NAMES)) {
        setFormError(errorMessage(error, SETTINGS_SAVE_ERROR));
      }
    }
  });

  const number = { valueAsNumber: true } as const;

  return (
    <form noValidate onSubmit={submit} className="space-y-6">
      {formError ? <Alert>{formError}</Alert> : null}
      <Section title="Site">
        <FormField label="Site name" error={errors.siteName?.message}>
          {(props) => <input {...props} type="text" className={inputClasses} {...register('siteName')} />}
        </FormField>
        <FormField label="Site description" error={errors.siteDescription?.message}>
          {(props) => (
            <textarea {...props} rows={2} className={inputClasses} {...register('siteDescription')} />
          )}
        </FormField>
        <FormField label="Contact email" error={errors.contactEmail?.message}>
          {(props) => (
            <input {...props} type="email" className={inputClasses} {...register('contactEmail')} />
          )}
        </FormField>
      </Section>
      <Section title="Wheels and matches">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="Max wheel participants"
            hint="From 2 to 100."
            error={errors.maxWheelParticipants?.message}
          >
            {(props) => (
              <input
                {...props}
                type="number"
                min={2}
                max={100}
                step={1}
                className={inputClasses}
                {...register('maxWheelParticipants', number)}
              />
            )}
          </FormField>
          <FormField
            label="Default match duration (days)"
            hint="From 1 to 30 days."
            error={errors.defaultMatchDuration?.message}
          >
            {(props) => (
              <input
                {...props}
                type="number"
                min={1}
                max={30}
                step={1}
                className={inputClasses}
                {...register('defaultMatchDuration', number)}
              />
            )}
          </FormField>
        </div>
      </Section>
      <Section title="Email">
        <CheckboxField label="Enable email notifications" {...register('enableEmailNotifications')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="SMTP server" error={errors.smtpServer?.message}>
            {(props) => <input {...props} type="text" className={inputClasses} {...register('smtpServer')} />}
          </FormField>
          <FormField label="SMTP port" error={errors.smtpPort?.message}>
            {(props) => (
              <input
                {...props}
                type="number"
                min={1}
                max={65535}
                className={inputClasses}
                {...register('smtpPort', number)}
              />
            )}
          </FormField>
          <FormField label="SMTP username" error={errors.smtpUsername?.message}>
            {(props) => (
              <input
                {...props}
                type="text"
                autoComplete="off"
                className={inputClasses}
                {...register('smtpUsername')}
              />
            )}
          </FormField>
          <FormField
            label={
              <span className="inline-flex items-center gap-2">
                SMTP password{' '}
                {settings.smtpPasswordSet ? <Badge tone="green">Set</Badge> : <Badge>Not set</Badge>}
              </span>
            }
            hint={
              settings.smtpPasswordSet
                ? 'Leave blank to keep the stored password.'
                : 'The password is stored and never shown again.'
            }
            error={errors.smtpPassword?.message}
          >
            {(props) => (
              <input
                {...props}
                type="password"
                autoComplete="new-password"
                className={inputClasses}
                {...register('smtpPassword')}
              />
            )}
          </FormField>
          <FormField label="Sender name" error={errors.senderName?.message}>
            {(props) => <input {...props} type="text" className={inputClasses} {...register('senderName')} />}
          </FormField>
          <FormField label="Sender email" error={errors.senderEmail?.message}>
            {(props) => (
              <input {...props} type="email" className={inputClasses} {...register('senderEmail')} />
            )}
          </FormField>
        </div>
      </Section>
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-6">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner className="size-4 border-white/40 border-t-white" /> : null}
          Save Settings
        </Button>
        <Button
          variant="secondary"
          onClick={() => reset({ ...DEFAULT_SETTINGS, smtpPassword: '' }, { keepDefaultValues: true })}
        >
          Restore defaults
        </Button>
      </div>
      {saved.message ? <Alert tone="success">{saved.message}</Alert> : null}
    </form>
  );
}

/** `/admin/settings` (admins). */
export function SettingsPage() {
  const settings = useQuery(settingsQuery());
  return (
    <>
      <AdminPageHeader title="Settings" />
      {settings.isPending ? (
        <LoadingState />
      ) : settings.isError ? (
        <ErrorState message={SETTINGS_LOAD_ERROR} />
      ) : (
        <Card>
          <SettingsForm settings={settings.data} />
        </Card>
      )}
    </>
  );
}
