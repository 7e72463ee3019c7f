import { type Match, optionLabel, type Participant } from '@wheelmeet/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { participantName } from '@/lib/participant-name';

export const ACCEPT_FAILED_MESSAGE = 'Failed to accept match. Please try again.';
export const DECLINE_FAILED_MESSAGE = 'Failed to decline match. Please try again.';
export const WAITING_MESSAGE = 'Waiting for other person...';

/** The current user's side of a match: who the partner is and who has accepted. */
export function matchSides(match: Match, meId: string) {
  const iAmUser1 = match.user1.id === meId;
  return {
    partner: iAmUser1 ? match.user2 : match.user1,
    meAccepted: iAmUser1 ? match.acceptedByUser1 : match.acceptedByUser2,
    partnerAccepted: iAmUser1 ? match.acceptedByUser2 : match.acceptedByUser1,
  };
}

function StatusDot({ label, accepted }: { label: string; accepted: boolean }) {
  return (
    <li className="inline-flex items-center gap-1.5 text-sm text-slate-700">
      <span
        aria-hidden="true"
        className={cn(
          'inline-flex size-4 items-center justify-center rounded-full text-[0.6rem] font-bold',
          accepted ? 'bg-emerald-500 text-white' : 'border-2 border-slate-300 bg-white',
        )}
      >
        {accepted ? '✓' : null}
      </span>
      {label}
      <span className="sr-only">{accepted ? ': accepted' : ': not accepted yet'}</span>
    </li>
  );
}

function Profile({ partner }: { partner: Participant }) {
  const rows: Array<[string, string]> = [];
  if (partner.age !== null) rows.push(['Age', String(partner.age)]);
  if (partner.gender) rows.push(['Gender', optionLabel(partner.gender)]);
  if (partner.whoAmI) rows.push(['Who am I', optionLabel(partner.whoAmI)]);
  if (partner.shortBio) rows.push(['Short Bio', partner.shortBio]);
  if (partner.interests) rows.push(['Interests', partner.interests]);
  if (rows.length === 0) return null;
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-slate-500">{term}</dt>
          <dd className="whitespace-pre-line text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

interface MatchCardProps {
  match: Match;
  meId: string;
  onRespond: (matchId: string, accept: boolean) => Promise<boolean>;
}

function MatchCard({ match, meId, onRespond }: MatchCardProps) {
  const { partner, meAccepted, partnerAccepted } = matchSides(match, meId);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = participantName(partner);
  const settled = match.status === 'Accepted' || match.status === 'Rejected';

  async function respond(accept: boolean) {
    setPending(true);
    setError(null);
    const ok = await onRespond(match.id, accept);
    setPending(false);
    if (!ok) setError(accept ? ACCEPT_FAILED_MESSAGE : DECLINE_FAILED_MESSAGE);
  }

  return (
    <li aria-label={`Match with ${name}`} className="rounded-xl border border-slate-200 p-4">
      <h3 className="font-semibold text-slate-900">{name}</h3>
      <Profile partner={partner} />

      <ul aria-label="Who has accepted" className="mt-3 flex gap-4">
        <StatusDot label="You" accepted={meAccepted} />
        <StatusDot label="Match" accepted={partnerAccepted} />
      </ul>

      {match.status === 'Accepted' ? (
        <p className="mt-3 rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800">
          You both accepted! The video call will open shortly.
        </p>
      ) : null}
      {match.status === 'Rejected' ? (
        <p className="mt-3 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">
          This match was declined.
        </p>
      ) : null}
      {!settled && meAccepted && !partnerAccepted ? (
        <p className="mt-3 text-sm text-slate-600">{WAITING_MESSAGE}</p>
      ) : null}
      {!settled && !meAccepted ? (
        <div className="mt-4 flex gap-3">
          <Button onClick={() => void respond(true)} disabled={pending}>
            Accept
          </Button>
          <Button variant="secondary" onClick={() => void respond(false)} disabled={pending}>
            Decline
          </Button>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </li>
  );
}

interface MatchesDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  matches: Match[];
  meId: string;
  /** AcceptMatch / DeclineMatch; resolves true when the hub agreed. */
  onRespond: (matchId: string, accept: boolean) => Promise<boolean>;
}

/** The current user's matches of the round, each to accept or decline. */
export function MatchesDialog({ open, onOpenChange, matches, meId, onRespond }: MatchesDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={matches.length === 1 ? 'You have a match!' : 'Your matches'}
      description="Accept to start a video call once your match accepts too."
    >
      <ul className="space-y-4">
        {matches.map((match) => (
          <MatchCard key={match.id} match={match} meId={meId} onRespond={onRespond} />
        ))}
      </ul>
    </Dialog>
  );
}
