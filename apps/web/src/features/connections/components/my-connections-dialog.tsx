import {
  CONTACT_FIELD_LABELS,
  type Connection,
  type ContactDetails,
  type ContactField,
  type ConversationRating,
} from '@wheelmeet/contracts';
import { type FormEvent, useState } from 'react';
import { ConnectionSafety } from '@/components/safety/connection-safety';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { CheckboxField, InputField } from '@/components/ui/form-field';
import { LoadingState } from '@/components/ui/loading-state';
import { errorMessage } from '@/lib/api-client';
import { useMyConnections, useSaveFollowUp } from '../api/connections';
import { ThumbDownIcon, ThumbUpIcon } from './rating-icons';
import { SummaryEmailOptIn } from './summary-email-opt-in';

export const MY_CONNECTIONS_TITLE = 'My connections';
export const NO_CONNECTIONS_MESSAGE =
  'Nobody yet. After each call you can share your contact details here; they are shown only when you both share.';
/** The rating buttons' names; each shows a drawn thumb beside it (no emoji font needed). */
export const RATING_LABELS: Record<ConversationRating, string> = { up: 'Good', down: 'Not great' };
export const SAVE_FAILED_MESSAGE = 'Could not save your choice. Please try again.';

const INPUT_TYPES: Record<ContactField, string> = { email: 'email', linkedinUrl: 'url', phone: 'tel' };
const LINK_PREFIX: Record<ContactField, string> = { email: 'mailto:', linkedinUrl: '', phone: 'tel:' };

function PartnerContact({ contact }: { contact: ContactDetails }) {
  const fields = (Object.keys(CONTACT_FIELD_LABELS) as ContactField[]).filter((field) => contact[field]);
  return (
    <dl className="mt-2 space-y-1 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-950">
      {fields.map((field) => (
        <div key={field} className="flex flex-wrap gap-x-2">
          <dt className="font-medium">{CONTACT_FIELD_LABELS[field]}</dt>
          <dd className="min-w-0 break-all">
            <a className="underline" href={`${LINK_PREFIX[field]}${contact[field]}`}>
              {contact[field]}
            </a>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** One person met: what both shared, and this side's choice to change. */
function ConnectionCard({
  connection,
  contactFields,
  token,
}: {
  connection: Connection;
  contactFields: ContactField[];
  token: string;
}) {
  const save = useSaveFollowUp(token);
  const mine = connection.mine;
  const [share, setShare] = useState(mine?.share ?? false);
  const [contact, setContact] = useState<ContactDetails>(mine?.contact ?? {});
  const [rating, setRating] = useState<ConversationRating | null>(mine?.rating ?? null);
  const [note, setNote] = useState(mine?.note ?? '');
  const [saved, setSaved] = useState(false);
  const name = connection.partner.displayName;

  function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const given = Object.fromEntries(
      Object.entries(contact).filter(([, value]) => typeof value === 'string' && value.trim() !== ''),
    );
    save.mutate(
      {
        matchId: connection.matchId,
        choice: { share, contact: share ? given : {}, rating, note: note.trim() || null },
      },
      { onSuccess: () => setSaved(true) },
    );
  }

  return (
    <li className="rounded-xl border border-slate-200 p-4">
      <h3 className="font-semibold text-slate-900">{name}</h3>
      <p className="text-sm text-slate-600">
        Round {connection.round} · {connection.declined ? 'Declined match' : 'You had a call'}
      </p>
      {connection.partnerContact ? (
        <PartnerContact contact={connection.partnerContact} />
      ) : (
        <p className="mt-2 text-sm text-slate-600">
          Their details appear here once you have both chosen to share.
        </p>
      )}
      <form className="mt-3 space-y-3" onSubmit={submit}>
        <CheckboxField
          label={`Share my contact details with ${name}`}
          checked={share}
          onChange={(event) => setShare(event.currentTarget.checked)}
        />
        {share
          ? contactFields.map((field) => (
              <InputField
                key={field}
                label={CONTACT_FIELD_LABELS[field]}
                type={INPUT_TYPES[field]}
                value={contact[field] ?? ''}
                onChange={(event) => setContact({ ...contact, [field]: event.currentTarget.value })}
              />
            ))
          : null}
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">How was the conversation?</legend>
          <div className="mt-1 flex gap-2">
            {(['up', 'down'] as const).map((value) => (
              <Button
                key={value}
                type="button"
                variant={rating === value ? 'primary' : 'secondary'}
                aria-pressed={rating === value}
                onClick={() => setRating(rating === value ? null : value)}
              >
                {value === 'up' ? <ThumbUpIcon /> : <ThumbDownIcon />}
                {RATING_LABELS[value]}
              </Button>
            ))}
          </div>
        </fieldset>
        <InputField
          label="Note to the organiser (optional)"
          hint={`${name} never sees it.`}
          maxLength={1000}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </Button>
          <p aria-live="polite" className="text-sm">
            {save.isError ? (
              <span className="text-red-700">{errorMessage(save.error, SAVE_FAILED_MESSAGE)}</span>
            ) : saved ? (
              <span className="text-emerald-700">Saved.</span>
            ) : null}
          </p>
        </div>
      </form>
      <ConnectionSafety
        token={token}
        matchId={connection.matchId}
        partnerId={connection.partner.id}
        partnerName={name}
      />
    </li>
  );
}

/** "My connections" for the participant's wheel: everyone they met, and keeping in touch (issue 13). */
export function MyConnectionsDialog({
  token,
  open,
  onOpenChange,
}: {
  token: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const query = useMyConnections(token, open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={MY_CONNECTIONS_TITLE} className="max-w-xl">
      <SummaryEmailOptIn token={token} open={open} />
      {/* Kept once loaded: a refresh that fails leaves the list (and what is typed in it) alone. */}
      {query.data === undefined && query.isPending ? (
        <LoadingState label="Loading your connections…" />
      ) : query.data === undefined ? (
        <ErrorState
          headingLevel={3}
          message={errorMessage(query.error, 'Could not load your connections.')}
          action={
            <Button variant="secondary" onClick={() => void query.refetch()}>
              Try again
            </Button>
          }
        />
      ) : query.data.connections.length === 0 ? (
        <p className="text-slate-700">{NO_CONNECTIONS_MESSAGE}</p>
      ) : (
        // The dialog's body scrolls, under its title: no scroll box of its own inside it.
        <ul className="space-y-3">
          {query.data.connections.map((connection) => (
            <ConnectionCard
              key={connection.matchId}
              connection={connection}
              contactFields={query.data.contactFields}
              token={token}
            />
          ))}
        </ul>
      )}
    </Dialog>
  );
}
