import {
  displayNameOf,
  effectiveRegistrationFields,
  type Match,
  optionLabel,
  type Participant,
  type RegistrationConfig,
} from '@wheelmeet/contracts';
import { useMemo, useState } from 'react';
import { IcebreakerPrompt } from '@/components/event/icebreaker-prompt';
import { SAFETY_BUTTON_LABEL, SafetyDialogHost, type SafetyTarget } from '@/components/safety/safety-button';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { matchSides } from '../hooks/match-texts';
import { useCountdown } from '../hooks/use-countdown';

export { matchSides } from '../hooks/match-texts';

export const ACCEPT_FAILED_MESSAGE = 'Failed to accept match. Please try again.';
export const DECLINE_FAILED_MESSAGE = 'Failed to decline match. Please try again.';
export const WAITING_MESSAGE = 'Waiting for other person...';
export const MATCH_TITLE = 'You have a match!';
export const DECLINED_TITLE = 'Match declined';
export const MATCHES_TITLE = 'Your matches';

/** The profile answers a match card can show, by the registration field that asks for them. */
const PROFILE_FIELDS = ['age', 'gender', 'whoAmI', 'shortBio', 'interests'] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];
const isProfileField = (name: string): name is ProfileField =>
  (PROFILE_FIELDS as readonly string[]).includes(name);

/** The partner's answers to the fields the organiser put on the wheel's form, under the form's labels. */
export function profileRows(
  partner: Participant,
  registrationFields: RegistrationConfig | null | undefined,
): Array<[label: string, value: string]> {
  const rows: Array<[string, string]> = [];
  for (const field of effectiveRegistrationFields(registrationFields)) {
    if (!isProfileField(field.name)) continue;
    const value = partner[field.name];
    if (value === null || value === '') continue;
    const text =
      field.name === 'gender' || field.name === 'whoAmI' ? optionLabel(String(value)) : String(value);
    rows.push([field.label, text]);
  }
  return rows;
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

function Profile({ rows }: { rows: Array<[string, string]> }) {
  if (rows.length === 0) return null;
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-slate-600">{term}</dt>
          <dd className="whitespace-pre-line break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Seconds left to answer, by the server's clock; not announced every second. */
function AnswerClock({ answerBy, clockOffsetMs }: { answerBy: string; clockOffsetMs: number }) {
  const seconds = useCountdown(answerBy, clockOffsetMs);
  if (seconds === null) return null;
  return (
    <p className="mt-3 text-sm text-slate-600">
      Time left to answer:{' '}
      <span data-testid="answer-countdown" className="font-semibold tabular-nums text-slate-900">
        {seconds}s
      </span>
    </p>
  );
}

interface MatchCardProps {
  match: Match;
  meId: string;
  clockOffsetMs: number;
  registrationFields: RegistrationConfig | null | undefined;
  onRespond: (matchId: string, accept: boolean) => Promise<boolean>;
  /** Opens the block-and-report dialog for this match; no button without it. */
  onSafety?: () => void;
}

function MatchCard({ match, meId, clockOffsetMs, registrationFields, onRespond, onSafety }: MatchCardProps) {
  const { partner, meAccepted, partnerAccepted } = matchSides(match, meId);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = displayNameOf(partner);
  const rows = useMemo(() => profileRows(partner, registrationFields), [partner, registrationFields]);
  const open = match.status === 'Pending';

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
      <Profile rows={rows} />
      {match.prompt ? (
        <IcebreakerPrompt prompt={match.prompt} className="mt-3 bg-indigo-50 text-indigo-950" />
      ) : null}

      <ul aria-label="Who has accepted" className="mt-3 flex gap-4">
        <StatusDot label="You" accepted={meAccepted} />
        <StatusDot label="Match" accepted={partnerAccepted} />
      </ul>

      {open && match.answerBy ? (
        <AnswerClock answerBy={match.answerBy} clockOffsetMs={clockOffsetMs} />
      ) : null}

      {/* Always present, so a change of state (the partner accepted or declined) is heard. */}
      <div role="status">
        {match.status === 'Accepted' && match.callEnded ? (
          <p className="mt-3 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">Call ended.</p>
        ) : match.status === 'Accepted' ? (
          <p className="mt-3 rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800">
            You both accepted! The video call will open shortly.
          </p>
        ) : null}
        {match.status === 'Rejected' ? (
          <p className="mt-3 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">
            This match was declined.
          </p>
        ) : null}
        {open && meAccepted && !partnerAccepted ? (
          <p className="mt-3 text-sm text-slate-600">{WAITING_MESSAGE}</p>
        ) : null}
      </div>
      {open && !meAccepted ? (
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
      {onSafety ? (
        <Button variant="ghost" className="mt-3 -ml-2" onClick={onSafety}>
          {SAFETY_BUTTON_LABEL}
          <span className="sr-only"> {name}</span>
        </Button>
      ) : null}
    </li>
  );
}

/** The dialog's title: a declined match no longer says 'You have a match!'. */
export function matchesTitle(matches: Match[]): string {
  if (matches.length !== 1) return MATCHES_TITLE;
  return matches[0]?.status === 'Rejected' ? DECLINED_TITLE : MATCH_TITLE;
}

interface MatchesDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The matches to show (the ones the server closed are left out before). */
  matches: Match[];
  meId: string;
  /** AcceptMatch / DeclineMatch; resolves false when the user should try again. */
  onRespond: (matchId: string, accept: boolean) => Promise<boolean>;
  /** Server clock minus browser clock, for the time left to answer. */
  clockOffsetMs?: number;
  /** The wheel's registration form: the partner's preview shows the fields it asks. */
  registrationFields?: RegistrationConfig | null;
  /** A match that closed while this dialog stayed open for others. */
  notice?: string | null;
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
  /** The participant's token: with it, each match can be blocked or reported (decision 016). */
  token?: string;
}

/** The current user's matches, each to accept or decline, or to block or report (with `token`). */
export function MatchesDialog({ token, ...props }: MatchesDialogProps) {
  // Kept here, not in the card: a block closes the match, and the card goes with it.
  const [safetyTarget, setSafetyTarget] = useState<SafetyTarget | null>(null);
  const onSafety = (match: Match) =>
    setSafetyTarget({ matchId: match.id, partnerName: displayNameOf(matchSides(match, props.meId).partner) });
  return (
    <>
      <MatchesList {...props} onSafety={token ? onSafety : undefined} />
      {token ? (
        <SafetyDialogHost token={token} target={safetyTarget} onClose={() => setSafetyTarget(null)} />
      ) : null}
    </>
  );
}

function MatchesList({
  open,
  onOpenChange,
  matches,
  meId,
  onRespond,
  clockOffsetMs = 0,
  registrationFields = null,
  notice = null,
  onOpenAutoFocus,
  onCloseAutoFocus,
  onSafety,
}: Omit<MatchesDialogProps, 'token'> & { onSafety?: (match: Match) => void }) {
  const answering = matches.some((match) => match.status === 'Pending');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={matchesTitle(matches)}
      description={
        answering
          ? 'Accept to start a video call once your match accepts too.'
          : 'You will meet someone new in the next round.'
      }
      onOpenAutoFocus={onOpenAutoFocus}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <div role="status" aria-live="polite">
        {notice ? (
          <p className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">{notice}</p>
        ) : null}
      </div>
      <ul className="space-y-4">
        {matches.map((match) => (
          <MatchCard
            key={match.id}
            match={match}
            meId={meId}
            clockOffsetMs={clockOffsetMs}
            registrationFields={registrationFields}
            onRespond={onRespond}
            onSafety={onSafety && (() => onSafety(match))}
          />
        ))}
      </ul>
    </Dialog>
  );
}
