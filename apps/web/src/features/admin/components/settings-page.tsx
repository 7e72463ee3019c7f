import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_SETTINGS,
  isSmtpPort,
  SMTP_PORTS,
  SMTP_SUPER_ADMIN_ONLY,
  type Settings,
  type UpdateSettingsRequest,
  updateSettingsRequestSchema,
} from '@wheelmeet/contracts';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button, SubmitButton } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { CheckboxField, FormField, InputField, inputClasses } from '@/components/ui/form-field';
import { LoadingState } from '@/components/ui/loading-state';
import { saveSettings, settingsKey, settingsQuery } from '../api/settings';
import { useAdminForm } from '../hooks/use-admin-form';
import { useAdminSession } from '../hooks/use-admin-session';
import { useTimedMessage } from '../hooks/use-timed-message';
import { contractResolver } from '../lib/contract-resolver';
import { AdminPageHeader } from './admin-page-header';
import { EmailSettingsStatus } from './email-settings-status';
import { FormSection } from './form-section';
import { hasRole } from './require-role';

export const SETTINGS_SAVED = 'Settings saved successfully.';
export const SETTINGS_LOAD_ERROR = 'Failed to load settings';
export const SETTINGS_SAVE_ERROR = 'Failed to save settings';
/**
 * What the two wheel figures really do: the spec's settings form keeps them, and nothing reads
 * them. Said plainly, since 'Max wheel participants: from 2 to 100' read as a cap beside plans
 * that sell 200 seats and unlimited ones.
 */
export const WHEEL_SETTINGS_NOTE =
  "These two figures are saved with the settings but limit nothing: each wheel's number of seats is set in its own form, up to what its organiser's plan allows, and how long matches and calls last is set by each wheel's timing.";
/** The success message stays this long (spec section 9). */
export const SETTINGS_MESSAGE_MS = 3_000;

export type SettingsFormValues = Omit<Settings, 'smtpPasswordSet'> & { smtpPassword: string };

const FIELD_NAMES: (keyof SettingsFormValues)[] = [
  ...(Object.keys(DEFAULT_SETTINGS) as (keyof typeof DEFAULT_SETTINGS)[]),
  'smtpPassword',
];

/** A blank SMTP password is left out, so the stored one stays. */
export function toSettingsBody({ smtpPassword, ...rest }: SettingsFormValues): UpdateSettingsRequest {
  return { ...rest, ...(smtpPassword ? { smtpPassword } : {}) };
}

const resolver = contractResolver<SettingsFormValues>(updateSettingsRequestSchema, toSettingsBody);

const toFormValues = ({ smtpPasswordSet: _set, ...settings }: Settings): SettingsFormValues => ({
  ...settings,
  smtpPassword: '',
});

/** The mail server a plain admin sees but may not change (the server refuses it: issue 36). */
function MailServerReadOnly({ settings }: { settings: Settings }) {
  const rows: [string, string][] = [
    ['SMTP server', settings.smtpServer || 'Not set'],
    ['SMTP port', String(settings.smtpPort)],
    ['SMTP username', settings.smtpUsername || 'None'],
    ['SMTP password', settings.smtpPasswordSet ? 'Set' : 'Not set'],
  ];
  return (
    <div className="space-y-2 sm:col-span-2">
      <p className="text-sm text-slate-600">{SMTP_SUPER_ADMIN_ONLY}</p>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt className="font-medium text-slate-700">{term}</dt>
            <dd className="text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function SettingsForm({ settings }: { settings: Settings }) {
  const mayChangeMailServer = hasRole(useAdminSession(), 'super-admin');
  const queryClient = useQueryClient();
  const saved = useTimedMessage(SETTINGS_MESSAGE_MS);
  const {
    register,
    reset,
    formState: { errors, isSubmitting },
    submit,
    formError,
  } = useAdminForm<SettingsFormValues>({
    defaultValues: toFormValues(settings),
    resolver,
    fieldNames: FIELD_NAMES,
    fallbackError: SETTINGS_SAVE_ERROR,
    save: async (values) => {
      saved.clear();
      const answer = await saveSettings(toSettingsBody(values));
      queryClient.setQueryData(settingsKey, answer);
      reset(toFormValues(answer));
      saved.show(SETTINGS_SAVED);
    },
  });

  const number = { valueAsNumber: true } as const;
  // A port saved before the ports were limited is shown, so the select does not hide it.
  const portChoices = isSmtpPort(settings.smtpPort) ? SMTP_PORTS : [...SMTP_PORTS, settings.smtpPort];
  // A plain admin's restore leaves the mail server alone: changing it is not theirs to do.
  const restored: SettingsFormValues = mayChangeMailServer
    ? { ...DEFAULT_SETTINGS, smtpPassword: '' }
    : {
        ...DEFAULT_SETTINGS,
        smtpServer: settings.smtpServer,
        smtpPort: settings.smtpPort,
        smtpUsername: settings.smtpUsername,
        smtpPassword: '',
      };

  return (
    <form noValidate onSubmit={submit} className="space-y-6">
      {formError ? <Alert>{formError}</Alert> : null}
      <FormSection title="Site">
        <InputField
          label="Site name"
          error={errors.siteName?.message}
          type="text"
          {...register('siteName')}
        />
        <FormField label="Site description" error={errors.siteDescription?.message}>
          {(props) => (
            <textarea {...props} rows={2} className={inputClasses} {...register('siteDescription')} />
          )}
        </FormField>
        <InputField
          label="Contact email"
          error={errors.contactEmail?.message}
          type="email"
          {...register('contactEmail')}
        />
      </FormSection>
      <FormSection title="Wheels and matches">
        <p className="text-sm text-slate-600">{WHEEL_SETTINGS_NOTE}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            label="Max wheel participants"
            hint="A number from 2 to 100, kept for reference."
            error={errors.maxWheelParticipants?.message}
            type="number"
            min={2}
            max={100}
            step={1}
            {...register('maxWheelParticipants', number)}
          />
          <InputField
            label="Default match duration (days)"
            hint="A number from 1 to 30 days, kept for reference."
            error={errors.defaultMatchDuration?.message}
            type="number"
            min={1}
            max={30}
            step={1}
            {...register('defaultMatchDuration', number)}
          />
        </div>
      </FormSection>
      <FormSection title="Email">
        <EmailSettingsStatus settings={settings} mayTest={mayChangeMailServer} />
        <CheckboxField label="Enable email notifications" {...register('enableEmailNotifications')} />
        <div className="grid gap-4 sm:grid-cols-2">
          {mayChangeMailServer ? (
            <>
              <InputField
                label="SMTP server"
                error={errors.smtpServer?.message}
                type="text"
                {...register('smtpServer')}
              />
              <FormField label="SMTP port" error={errors.smtpPort?.message}>
                {(props) => (
                  <select
                    {...props}
                    defaultValue={settings.smtpPort}
                    className={inputClasses}
                    {...register('smtpPort', number)}
                  >
                    {portChoices.map((port) => (
                      <option key={port} value={port}>
                        {port}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
              <InputField
                label="SMTP username"
                error={errors.smtpUsername?.message}
                type="text"
                autoComplete="off"
                {...register('smtpUsername')}
              />
              <InputField
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
                type="password"
                autoComplete="new-password"
                {...register('smtpPassword')}
              />
            </>
          ) : (
            <MailServerReadOnly settings={settings} />
          )}
          <InputField
            label="Sender name"
            error={errors.senderName?.message}
            type="text"
            {...register('senderName')}
          />
          <InputField
            label="Sender email"
            error={errors.senderEmail?.message}
            type="email"
            {...register('senderEmail')}
          />
        </div>
      </FormSection>
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-6">
        <SubmitButton pending={isSubmitting}>Save Settings</SubmitButton>
        <Button variant="secondary" onClick={() => reset(restored, { keepDefaultValues: true })}>
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
