import { useMutation } from '@tanstack/react-query';
import { emailNotificationsProblem, type Settings } from '@wheelmeet/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { sendTestEmail } from '../api/email';

export const TEST_EMAIL_ERROR = 'The test email could not be sent.';

/**
 * Whether the saved settings send email (decision 019), and a test email that says sent or not
 * sent (the reason is in the server log). Unsaved changes are not used: the server sends with
 * what is saved. Only super admins may test, as only they may change the mail server (issue 36).
 */
export function EmailSettingsStatus({ settings, mayTest }: { settings: Settings; mayTest: boolean }) {
  const problem = emailNotificationsProblem(settings);
  const test = useMutation({ mutationFn: sendTestEmail });
  const outcome = test.data;

  return (
    <div className="space-y-3">
      <Alert tone="info">
        {problem ? (
          <>
            <strong className="font-semibold">Email is not being sent.</strong> {problem}
          </>
        ) : (
          <>
            <strong className="font-semibold">Email notifications are on.</strong> Receipts, demo-request
            notices and connection summaries are sent through {settings.smtpServer}:{settings.smtpPort} from{' '}
            {settings.senderEmail}.
          </>
        )}
      </Alert>
      {mayTest ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={() => test.mutate()} disabled={test.isPending}>
            {test.isPending ? 'Sending…' : 'Send a test email'}
          </Button>
          <span className="text-sm text-slate-500">
            Uses the saved settings; goes to your own email address.
          </span>
        </div>
      ) : null}
      {test.isError ? <Alert>{errorMessage(test.error, TEST_EMAIL_ERROR)}</Alert> : null}
      {outcome ? <Alert tone={outcome.sent ? 'success' : 'error'}>{outcome.message}</Alert> : null}
    </div>
  );
}
