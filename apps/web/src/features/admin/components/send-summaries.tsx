import { useMutation } from '@tanstack/react-query';
import type { SendSummariesResponse } from '@wheelmeet/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { sendSummaries } from '../api/email';

export const SEND_SUMMARIES_ERROR = 'The summaries could not be sent.';

export function summariesOutcome({ queued, alreadySent }: SendSummariesResponse): string {
  const people = (n: number) => `${n} ${n === 1 ? 'participant' : 'participants'}`;
  if (queued === 0 && alreadySent === 0) return 'Nobody on this wheel has asked for their summary yet.';
  const parts = [
    ...(queued > 0 ? [`Summaries are on their way to ${people(queued)}.`] : []),
    ...(alreadySent > 0 ? [`${people(alreadySent)} already got theirs.`] : []),
  ];
  return parts.join(' ');
}

/** "After the event": the organiser emails each participant who asked their 'My connections', once. */
export function SendSummaries({ wheelId }: { wheelId: string }) {
  const send = useMutation({ mutationFn: () => sendSummaries(wheelId) });
  return (
    <Card>
      <section aria-labelledby="send-summaries-heading" className="space-y-3">
        <h2 id="send-summaries-heading" className="text-lg font-semibold text-slate-900">
          After the event
        </h2>
        <p className="text-sm text-slate-600">
          Email each participant who asked for it the people they met and the details both shared. Each person
          gets their summary once; pressing again sends only to people who asked since.
        </p>
        <Button onClick={() => send.mutate()} disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send summaries'}
        </Button>
        {send.isError ? <Alert>{errorMessage(send.error, SEND_SUMMARIES_ERROR)}</Alert> : null}
        {send.data ? <Alert tone="success">{summariesOutcome(send.data)}</Alert> : null}
      </section>
    </Card>
  );
}
