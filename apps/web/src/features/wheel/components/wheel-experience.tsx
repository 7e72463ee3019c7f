import {
  type Announcement,
  indexInRing,
  type Match,
  type OpenWheel,
  REMOVED_FROM_WHEEL,
  ringHalf,
  ringOf,
  type Slot,
} from '@wheelmeet/contracts';
import {
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { AnnouncementBanner } from '@/components/event/announcement-banner';
import { SoundToggle } from '@/components/event/sound-toggle';
import { RemovedNotice } from '@/components/safety/removed-notice';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogLoading, preloadDialog } from '@/components/ui/dialog';
import { LoadingState } from '@/components/ui/loading-state';
import { PageTitle } from '@/components/ui/page-title';
import { Switch } from '@/components/ui/switch';
import { ToastRegion } from '@/components/ui/toast';
import { DeviceCheck } from '@/features/video/components/device-check';
import {
  forgetParticipantToken,
  getParticipantForWheel,
  type StoredParticipant,
  saveParticipant,
} from '@/lib/auth-storage';
import { onDemand } from '@/lib/on-demand';
import { shownMatches } from '../hooks/match-texts';
import { namesItsRings, registeredRing, ringNames } from '../hooks/ring-texts';
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion';
import { useBeforeStart } from '../hooks/use-before-start';
import { useRingRotation } from '../hooks/use-ring-rotation';
import { useRoundPhase } from '../hooks/use-round-phase';
import { type SeatChoice, useWheelHub } from '../hooks/use-wheel-hub';
import { ConnectionIndicator } from './connection-indicator';
import { CountdownBadge } from './countdown-badge';
import { EventStartNotice } from './event-start-notice';
import { RingLegend } from './ring-legend';
import { SpinWarning } from './spin-warning';
import { WheelRings } from './wheel-rings';

export const ALREADY_IN_SLOT_MESSAGE = 'You are already in a slot!';
export const UNMATCHED_MESSAGE = "No partner this round — you'll be first in line next round.";
export const LEAVE_SEAT_LABEL = 'Leave seat';
/** Issue 38: the hub picks a free seat on the person's ring, where they are likeliest to meet someone new. */
export const ANY_SEAT_LABEL = 'Any seat';
/** Issue 38: the switch that keeps the person's seat when the round ends; on once they sit. */
export const STAY_LABEL = 'Stay for the next round';
export const STAY_HINT = 'Keeps your seat when this round ends, so you need not pick one again.';
/**
 * Above the wheel for someone whose seat is kept but who is not in it: away in their call, or
 * in the moment between the round's reset and the server seating them again.
 */
export const SEAT_KEPT_STATUS = 'Your seat is kept for you: you will be seated again for the next round.';
export const OPEN_MATCHES_LABEL = 'Open matches';
export const MY_CONNECTIONS_LABEL = 'My connections';
/** Above the wheel for someone the organiser removed: they watch, the seats are not theirs to take. */
export const WATCHING_STATUS = 'You are watching this wheel.';
/** Above the wheel while the organiser has paused the rounds (issue 33). */
export const PAUSED_STATUS = 'The organiser has paused the wheel. The next round starts when they resume.';
/** Above the wheel for someone who is not seated when every seat is taken (issue 33). */
export const WHEEL_FULL_STATUS = 'This wheel is full: every seat is taken.';
export const WHEEL_FULL_CHOICES =
  'You can watch this round, wait for the next round (the seats open again when this one ends), or';
export const FIND_ANOTHER_WHEEL_LABEL = 'find another wheel';
/** The id of the home page's list of public wheels (wheel-home-page.tsx), where a full wheel points. */
export const PUBLIC_WHEELS_ID = 'public-wheels';
const PUBLIC_WHEELS_HREF = `/#${PUBLIC_WHEELS_ID}`;

// Only people who open it need it: fetched on the first click, not with the wheel.
const MyConnectionsDialog = onDemand(
  () => import('@/features/connections/components/my-connections-dialog'),
).component((module) => module.MyConnectionsDialog);

// Only once an event is over: its people, and the summary email's form.
const EventClosingScreen = onDemand(() => import('./event-closing-screen')).component(
  (module) => module.EventClosingScreen,
);

// The registration form (and its form library) is needed at the first seat click: fetched
// then, not with the wheel (issue 37), the dialog's loading state showing until it is in.
const registration = onDemand(() => import('./registration-dialog'));
const RegistrationDialog = registration.component((module) => module.RegistrationDialog);
/** Fetches the registration form now; the unit tests do, so that a click opens it at once. */
export const preloadRegistrationDialog = registration.preload;

// The matches dialog is first needed at a reveal: fetched when a spin starts with this person
// seated (or matches are already there, after a reload), not with the wheel (issue 37).
const matchesDialog = onDemand(() => import('./matches-dialog'));
const MatchesDialog = matchesDialog.component((module) => module.MatchesDialog);
/** Fetches the matches dialog now; the unit tests do, as a browser has by the reveal. */
export const preloadMatchesDialog = matchesDialog.preload;

interface WheelExperienceProps extends WheelCallHooks {
  wheel: OpenWheel;
  /** The grant that opened a private wheel; sent with the registration and JoinWheel. */
  accessGrant?: string | null;
  /**
   * On `/` and `/wheel` the page around it carries the 'Connect Anywhere, Instantly.' header,
   * so the wheel's name is a second-level heading there.
   */
  standalone?: boolean;
}

/**
 * VIDEO CALL HOOK: called once per match when both sides have accepted; the video call plugs in
 * here from the app layer. `restored`: the match was already accepted when this page first saw
 * it (a snapshot after a reload or on another device), so a call may be under way to rejoin.
 */
export type MatchReadyHandler = (match: Match, me: StoredParticipant, restored: boolean) => void;

/**
 * VIDEO CALL HOOK: called when this person accepts a match, whether or not the partner has yet,
 * so that the call can get the camera ready before both have accepted.
 */
export type MatchAcceptedHandler = (match: Match, me: StoredParticipant) => void;

/**
 * VIDEO CALL HOOK: called once per match shown to this person before they answer it, so that
 * the call can fetch what it needs that does not touch the camera.
 */
export type MatchOfferedHandler = (match: Match, me: StoredParticipant) => void;

/**
 * VIDEO CALL HOOK: the host's announcement as the wheel shows it (null once dismissed), so that
 * the call's screen, which hides the wheel, shows it too; `dismiss` hides it on both.
 */
export type AnnouncementShownHandler = (announcement: Announcement | null, dismiss: () => void) => void;

/** What a wheel screen passes on to the video call, which the app layer plugs in. */
export interface WheelCallHooks {
  onMatchReady?: MatchReadyHandler;
  onMatchAccepted?: MatchAcceptedHandler;
  onMatchOffered?: MatchOfferedHandler;
  onAnnouncementShown?: AnnouncementShownHandler;
  /** A call's screen is open over the wheel: the event's closing screen waits until it closes. */
  inCall?: boolean;
}

function seatDescription(slot: Slot, slotCount: number): string {
  const ring = ringOf(slot.position, slotCount) === 'inner' ? 'inner' : 'outer';
  return `seat ${indexInRing(slot.position, slotCount) + 1} on the ${ring} ring`;
}

/** 'Round 2', or for an event of a set number of rounds (issue 35) 'Round 2 of 6', and '6 rounds' before its first. */
export function roundLabel(wheel: Pick<OpenWheel, 'currentRound' | 'roundCount'>): string {
  if (!wheel.roundCount) return `Round ${wheel.currentRound}`;
  return wheel.currentRound === 0
    ? `${wheel.roundCount} ${wheel.roundCount === 1 ? 'round' : 'rounds'}`
    : `Round ${wheel.currentRound} of ${wheel.roundCount}`;
}

/** Whether this page is shown inside another site's page (the embedded wheel, decision 017). */
function inFrame(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

/** What a person without a seat can do on a full wheel: watch, wait, or go to another wheel. */
function WheelFullStatus() {
  // Inside an organiser's site the home page opens in a tab of its own, not in their frame.
  const newTab = inFrame();
  return (
    <>
      <span className="font-semibold">{WHEEL_FULL_STATUS}</span> {WHEEL_FULL_CHOICES}{' '}
      <a
        href={PUBLIC_WHEELS_HREF}
        {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900"
      >
        {FIND_ANOTHER_WHEEL_LABEL}
        {newTab ? <span className="sr-only"> (opens in a new tab)</span> : null}
      </a>
      .
    </>
  );
}

/** A message about the user's seat: the hub's refusal (an error), or a hint. */
type SeatMessage = { tone: 'error' | 'info'; text: string };

/** The element to give focus back to, if it is still on the page. */
function focusIfPresent(element: Element | null | undefined): boolean {
  if (!(element instanceof HTMLElement) || !element.isConnected || element === document.body) return false;
  element.focus();
  return document.activeElement === element;
}

/** A line of news about the round that the person can dismiss; its role comes from where it sits. */
function DismissibleNotice({
  colours,
  onDismiss,
  children,
}: {
  colours: string;
  onDismiss: () => void;
  children: ReactNode;
}) {
  return (
    <p
      className={`flex items-center justify-between gap-3 rounded-lg px-3 py-2 text-left text-sm ${colours}`}
    >
      <span>{children}</span>
      <button type="button" className="min-h-11 px-2 font-semibold underline" onClick={onDismiss}>
        Dismiss
      </button>
    </p>
  );
}

const seatButton = (slotId: string) =>
  document.querySelector<HTMLElement>(`button[data-slot-id="${slotId}"]`);

/** The participant's wheel: live seats, countdown, spin, registration and matches. */
export function WheelExperience({
  wheel,
  accessGrant = null,
  standalone = false,
  onMatchReady,
  onMatchAccepted,
  onMatchOffered,
  onAnnouncementShown,
  inCall = false,
}: WheelExperienceProps) {
  const [me, setMe] = useState<StoredParticipant | null>(() => getParticipantForWheel(wheel.id));
  const hub = useWheelHub({ wheel, accessGrant, me });
  const { state, dispatch, connection } = hub;
  const live = state.wheel;
  const spinning = state.spin !== null;
  const round = useRoundPhase(state.spin, state.clockOffsetMs);
  const reducedMotion = usePrefersReducedMotion();
  const poses = useRingRotation(state.spin, ringHalf(live.slotCount), reducedMotion);

  const titleId = useId();
  const [registrationOpen, setRegistrationOpen] = useState(false);
  // The seat picked before registering: taken once registered.
  const [chosenSeat, setChosenSeat] = useState<SeatChoice | null>(null);
  const [seatMessage, setSeatMessage] = useState<SeatMessage | null>(null);
  const [seatBusy, setSeatBusy] = useState(false);
  const [stayingBusy, setStayingBusy] = useState(false);
  const [connectionsOpen, setConnectionsOpen] = useState(false);
  // The organiser removed this person from the wheel (decision 016): 'hub' when the hub said so
  // (RemovedNotice shows it), 'registration' when registering again from this browser was
  // refused. Either way they watch: the seats are locked rather than asking them to register.
  const [removal, setRemoval] = useState<'hub' | 'registration' | null>(null);
  // Once opened, the registration dialog stays mounted, so closing it returns focus as usual.
  const [registrationMounted, setRegistrationMounted] = useState(false);
  if (registrationOpen && !registrationMounted) setRegistrationMounted(true);
  // The form's dialog is fetched beside the form rather than after it, when the form renders.
  useEffect(() => {
    if (registrationMounted) void preloadDialog();
  }, [registrationMounted]);
  // The seat that opened the registration dialog, and whatever had focus when the matches opened.
  const registrationOpenerRef = useRef<string | null>(null);
  const matchesOpenerRef = useRef<Element | null>(null);
  const matchesButtonRef = useRef<HTMLButtonElement>(null);
  // Where focus goes when a dialog closes and what opened it is gone: the wheel, not the page's body.
  const titleRef = useRef<HTMLHeadingElement>(null);

  const mySlot = me ? live.slots.find((slot) => slot.userId === me.id) : undefined;
  const matches = shownMatches(state.matches);
  // Mounted, so fetched, once a spin starts with this person seated (the reveal follows) or
  // matches are already there; then it stays, so that closing it returns focus as usual.
  const [matchesMounted, setMatchesMounted] = useState(false);
  if (me && !matchesMounted && (matches.length > 0 || (spinning && mySlot))) setMatchesMounted(true);
  const matchesOpen = state.matchesOpen && matches.length > 0;
  const myRing = me ? registeredRing(live, me.answers) : null;
  const beforeStart = useBeforeStart(live.startsAt, state.clockOffsetMs);
  // The call's screen stays until the call ends; the thanks come after it.
  const closing = state.eventEnded && !inCall;

  const announcement = state.announcementDismissed ? null : state.announcement;
  const dismissAnnouncement = useCallback(() => dispatch({ type: 'dismissAnnouncement' }), [dispatch]);
  useEffect(
    () => onAnnouncementShown?.(announcement, dismissAnnouncement),
    [announcement, dismissAnnouncement, onAnnouncementShown],
  );

  // The hub refused the stored token (expired, server secret changed): the client has already
  // forgotten it and reconnected as a visitor, so this screen goes back to watching too.
  useEffect(
    () =>
      hub.client.onTokenRejected((token) => {
        setMe((current) => (current?.token === token ? null : current));
      }),
    [hub.client],
  );

  // Removed by the organiser (decision 016): forget who they were and go back to watching.
  const dropRemovedParticipant = useCallback(() => {
    setMe((current) => {
      if (current) forgetParticipantToken(current.token);
      return null;
    });
    setRemoval('hub');
  }, []);

  // VIDEO CALL HOOK: tell the app layer once per match that both sides have accepted, and once
  // per match shown still to be answered. A layout effect, so the call starts (the offer goes
  // out) before the browser paints this commit, not a frame or more after it.
  const announcedRef = useRef(new Set<string>());
  const seenUnansweredRef = useRef(new Set<string>());
  useLayoutEffect(() => {
    if (!me) return;
    for (const match of state.matches) {
      if (announcedRef.current.has(match.id)) continue;
      if (match.status === 'Accepted') {
        announcedRef.current.add(match.id);
        // A call that ended (a hang-up; issue 33) is over for good: a reload does not reopen it.
        if (match.callEnded) continue;
        onMatchReady?.(match, me, !seenUnansweredRef.current.has(match.id));
      } else if (!seenUnansweredRef.current.has(match.id)) {
        seenUnansweredRef.current.add(match.id);
        if (match.status === 'Pending') onMatchOffered?.(match, me);
      }
    }
  }, [state.matches, me, onMatchReady, onMatchOffered]);

  // VIDEO CALL HOOK: the camera gets ready from this person's own Accept, not from the partner's.
  function respondToMatch(matchId: string, accept: boolean) {
    const match = state.matches.find((candidate) => candidate.id === matchId);
    if (accept && match && me) onMatchAccepted?.(match, me);
    return hub.respondToMatch(matchId, accept);
  }

  async function seatCall(call: () => Promise<string | null>) {
    setSeatMessage(null);
    setSeatBusy(true);
    const error = await call();
    setSeatBusy(false);
    if (error) setSeatMessage({ tone: 'error', text: error });
  }

  function handleSlotClick(slot: Slot) {
    if (spinning || removal) return;
    if (me && slot.userId === me.id) {
      setSeatMessage({ tone: 'info', text: ALREADY_IN_SLOT_MESSAGE });
      return;
    }
    if (slot.userId) return;
    if (me) {
      // Seated already: move to the new seat (keeping the old one if the move fails).
      void seatCall(() => (mySlot ? hub.changeSlot(slot.id) : hub.takeSlot(slot.id, me.id)));
      return;
    }
    setChosenSeat({ kind: 'slot', slotId: slot.id });
    registrationOpenerRef.current = slot.id;
    setRegistrationOpen(true);
  }

  function handleAnySeat() {
    if (spinning || removal || mySlot) return;
    if (me) {
      void seatCall(hub.takeAnySeat);
      return;
    }
    setChosenSeat({ kind: 'any' });
    setRegistrationOpen(true);
  }

  async function changeStaying(staying: boolean) {
    setSeatMessage(null);
    setStayingBusy(true);
    const error = await hub.setStaying(staying);
    setStayingBusy(false);
    if (error) setSeatMessage({ tone: 'error', text: error });
  }

  function handleRegistered(participant: StoredParticipant) {
    saveParticipant(participant);
    setRegistrationOpen(false);
    setSeatMessage(null);
    if (chosenSeat) {
      // The hub knows the participant only on a connection opened with their token: the
      // seat is taken once that connection has joined the wheel.
      hub.takeSeatAfterJoin(chosenSeat, participant.id, (text) => setSeatMessage({ tone: 'error', text }));
      setChosenSeat(null);
    }
    setMe(participant);
  }

  // Registering again was refused: the organiser removed this browser's participant here.
  function handleRemovedOnRegistering() {
    setRegistrationOpen(false);
    setChosenSeat(null);
    setSeatMessage(null);
    setRemoval((current) => current ?? 'registration');
  }

  const openMatches = () => dispatch({ type: 'setMatchesOpen', open: true });
  const Title = standalone ? 'h2' : 'h1';

  const paused = live.roundsPaused;
  const full = live.slots.every((slot) => slot.userId !== null);
  let statusText: ReactNode;
  if (round.phase === 'spinning')
    statusText = 'The wheel is spinning. Seats are locked until the next round.';
  else if (round.phase === 'revealed')
    statusText = "This round's matches are out. Seats open again for the next round in a moment.";
  else if (mySlot)
    statusText = `You are in ${seatDescription(mySlot, live.slotCount)}. ${
      paused ? PAUSED_STATUS : 'Stay for the spin to meet your match.'
    }`;
  else if (removal) statusText = WATCHING_STATUS;
  else if (me && state.staying) statusText = SEAT_KEPT_STATUS;
  else if (full) statusText = <WheelFullStatus />;
  else if (paused) statusText = `${PAUSED_STATUS} You can take a free seat meanwhile.`;
  else statusText = 'Choose a free seat to join this round.';

  const connectionsDialog =
    me && connectionsOpen ? (
      <Suspense fallback={<DialogLoading />}>
        <MyConnectionsDialog token={me.token} open onOpenChange={setConnectionsOpen} />
      </Suspense>
    ) : null;
  const banner = (
    <AnnouncementBanner announcement={announcement} onDismiss={dismissAnnouncement} className="mb-4" />
  );

  if (closing) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
        {standalone ? null : <PageTitle title={live.name} />}
        {banner}
        <Suspense fallback={<LoadingState />}>
          <EventClosingScreen
            wheelName={live.name}
            headingLevel={standalone ? 2 : 1}
            token={me?.token ?? null}
            onOpenConnections={() => setConnectionsOpen(true)}
          />
        </Suspense>
        {connectionsDialog}
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      {standalone ? null : <PageTitle title={live.name} />}
      {banner}
      {/* Stacked on phones; side by side on wide screens, so the whole wheel fits a laptop's height. */}
      <section
        aria-labelledby={titleId}
        className="text-center lg:grid lg:grid-cols-[minmax(18rem,24rem)_1fr] lg:items-center lg:gap-10 lg:text-left"
      >
        <div>
          <Title
            ref={titleRef}
            id={titleId}
            tabIndex={-1}
            className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none sm:text-3xl"
          >
            {live.name}
          </Title>
          {live.description ? (
            <p className="mx-auto mt-1 max-w-2xl text-slate-600 lg:mx-0">{live.description}</p>
          ) : null}

          {/* The participant's status, above (or beside) the wheel so it is in view with the countdown. */}
          <div
            data-testid="wheel-status"
            className="mx-auto mt-3 flex max-w-2xl flex-wrap items-center justify-center gap-x-3 gap-y-2 lg:mx-0 lg:justify-start"
          >
            <span className="inline-flex rounded-full bg-indigo-50 px-3 py-1 text-sm font-semibold text-indigo-800">
              {roundLabel(live)}
            </span>
            <ConnectionIndicator state={connection} onReconnect={hub.reconnect} />
            {beforeStart && live.startsAt ? (
              <EventStartNotice
                wheelId={live.id}
                startsAt={live.startsAt}
                clockOffsetMs={state.clockOffsetMs}
              />
            ) : null}
            <p data-testid="participant-status" className="w-full text-sm text-slate-700">
              {statusText}
            </p>
            {mySlot && round.phase === 'open' && !paused ? (
              <SpinWarning nextSpinAt={live.nextSpinAt} clockOffsetMs={state.clockOffsetMs} />
            ) : null}
            {removal ? null : (
              <Button disabled={spinning || seatBusy || mySlot !== undefined} onClick={handleAnySeat}>
                {ANY_SEAT_LABEL}
              </Button>
            )}
            {mySlot ? (
              <Button variant="secondary" disabled={seatBusy} onClick={() => void seatCall(hub.leaveSlot)}>
                {LEAVE_SEAT_LABEL}
              </Button>
            ) : null}
            {me && matches.length > 0 && !state.matchesOpen ? (
              <Button ref={matchesButtonRef} onClick={openMatches}>
                Your matches ({matches.length})
              </Button>
            ) : null}
            {me ? (
              <Button variant="secondary" onClick={() => setConnectionsOpen(true)}>
                {MY_CONNECTIONS_LABEL}
              </Button>
            ) : null}
            {me ? <SoundToggle /> : null}
            {removal ? null : <DeviceCheck />}
            {me && !removal && (mySlot || state.staying) ? (
              <Switch
                className="w-full justify-center lg:justify-start"
                label={STAY_LABEL}
                hint={STAY_HINT}
                checked={state.staying}
                busy={stayingBusy}
                onCheckedChange={(staying) => void changeStaying(staying)}
              />
            ) : null}
            {namesItsRings(live) ? <RingLegend wheel={live} myRing={myRing} /> : null}
          </div>

          <div className="mx-auto mt-3 max-w-xl space-y-3 lg:mx-0">
            <RemovedNotice client={hub.client} wheelId={live.id} onRemoved={dropRemovedParticipant} />
            {removal === 'registration' ? (
              <Alert className="font-medium">{REMOVED_FROM_WHEEL} You can still watch the wheel.</Alert>
            ) : null}
            {hub.joinError ? (
              <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
                {hub.joinError}
              </p>
            ) : null}
            {seatMessage?.tone === 'error' ? (
              <div role="alert">
                <DismissibleNotice colours="bg-red-50 text-red-800" onDismiss={() => setSeatMessage(null)}>
                  {seatMessage.text}
                </DismissibleNotice>
              </div>
            ) : null}
            <div role="status" aria-live="polite" className="space-y-3">
              {seatMessage?.tone === 'info' ? (
                <DismissibleNotice colours="bg-sky-50 text-sky-900" onDismiss={() => setSeatMessage(null)}>
                  {seatMessage.text}
                </DismissibleNotice>
              ) : null}
              {state.stayingEnded ? (
                <DismissibleNotice
                  colours="bg-amber-50 text-amber-900"
                  onDismiss={() => dispatch({ type: 'dismissStayingEnded' })}
                >
                  {state.stayingEnded}
                </DismissibleNotice>
              ) : null}
              {state.unmatched ? (
                <DismissibleNotice
                  colours="bg-amber-50 text-amber-900"
                  onDismiss={() => dispatch({ type: 'dismissUnmatched' })}
                >
                  {UNMATCHED_MESSAGE}
                </DismissibleNotice>
              ) : null}
            </div>
          </div>
        </div>

        <WheelRings
          slotCount={live.slotCount}
          slots={live.slots}
          viewer={{ meId: me?.id ?? null, myRing }}
          names={ringNames(live)}
          locked={spinning || removal !== null}
          poses={poses}
          onSlotClick={handleSlotClick}
        >
          <CountdownBadge
            nextSpinAt={live.nextSpinAt}
            resetAt={round.resetAt}
            clockOffsetMs={state.clockOffsetMs}
            phase={round.phase}
            paused={paused}
          />
        </WheelRings>
      </section>

      {connectionsDialog}
      {registrationMounted ? (
        <Suspense fallback={<DialogLoading />}>
          <RegistrationDialog
            open={registrationOpen}
            onOpenChange={setRegistrationOpen}
            wheel={live}
            accessGrant={accessGrant}
            getConnectionId={hub.client.getConnectionId}
            onRegistered={handleRegistered}
            onRemoved={handleRemovedOnRegistering}
            onCloseAutoFocus={(event) => {
              // Back to the seat that opened the dialog (now the user's own, after registering).
              const slotId = registrationOpenerRef.current;
              registrationOpenerRef.current = null;
              if ((slotId && focusIfPresent(seatButton(slotId))) || focusIfPresent(titleRef.current))
                event.preventDefault();
            }}
          />
        </Suspense>
      ) : null}
      {me && matchesMounted ? (
        <Suspense fallback={matchesOpen ? <DialogLoading /> : null}>
          <MatchesDialog
            open={matchesOpen}
            onOpenChange={(open) => dispatch({ type: 'setMatchesOpen', open })}
            matches={matches}
            meId={me.id}
            onRespond={respondToMatch}
            clockOffsetMs={state.clockOffsetMs}
            registrationFields={live.registrationFields}
            notice={state.dialogNotice}
            token={me.token}
            onOpenAutoFocus={() => {
              matchesOpenerRef.current = document.activeElement;
            }}
            onCloseAutoFocus={(event) => {
              // Back where the user was; the toast that opened it is gone, so else 'Your matches (N)'.
              // A dialog the reveal opened, closed by the server, had no opener to go back to.
              const opener = matchesOpenerRef.current;
              matchesOpenerRef.current = null;
              if (
                focusIfPresent(opener) ||
                focusIfPresent(matchesButtonRef.current) ||
                focusIfPresent(titleRef.current)
              )
                event.preventDefault();
            }}
          />
        </Suspense>
      ) : null}
      {me ? (
        <ToastRegion
          label="Match updates"
          toasts={state.notices.map((notice) => ({
            id: notice.id,
            message: notice.text,
            ...(matches.length > 0 ? { action: { label: OPEN_MATCHES_LABEL, onClick: openMatches } } : {}),
          }))}
          onDismiss={(id) => dispatch({ type: 'dismissNotice', id })}
        />
      ) : null}
    </div>
  );
}
