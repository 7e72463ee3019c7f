import { indexInRing, type Match, type OpenWheel, ringHalf, ringOf, type Slot } from '@wheelmeet/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page-title';
import { getParticipantForWheel, type StoredParticipant, saveParticipant } from '@/lib/auth-storage';
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion';
import { useRingRotation } from '../hooks/use-ring-rotation';
import { useWheelHub } from '../hooks/use-wheel-hub';
import { ConnectionIndicator } from './connection-indicator';
import { CountdownBadge } from './countdown-badge';
import { MatchesDialog } from './matches-dialog';
import { RegistrationDialog } from './registration-dialog';
import { WheelRings } from './wheel-rings';

export const ALREADY_IN_SLOT_MESSAGE = 'You are already in a slot!';
export const UNMATCHED_MESSAGE = "No partner this round — you'll be first in line next round.";

interface WheelExperienceProps {
  wheel: OpenWheel;
  /** The grant that opened a private wheel; sent with JoinWheel. */
  accessGrant?: string | null;
  /**
   * On `/` and `/wheel` the page around it carries the 'Connect Anywhere, Instantly.' header,
   * so the wheel's name is a second-level heading there.
   */
  standalone?: boolean;
  /**
   * VIDEO CALL HOOK: called once per match when both sides have accepted. The video call
   * (a later feature) plugs in here from the app layer; until then nothing else happens.
   */
  onMatchReady?: (match: Match, me: StoredParticipant) => void;
}

function seatDescription(slot: Slot, slotCount: number): string {
  const ring = ringOf(slot.position, slotCount) === 'inner' ? 'inner' : 'outer';
  return `seat ${indexInRing(slot.position, slotCount) + 1} on the ${ring} ring`;
}

/** The participant's wheel: live seats, countdown, spin, registration and matches. */
export function WheelExperience({
  wheel,
  accessGrant = null,
  standalone = false,
  onMatchReady,
}: WheelExperienceProps) {
  const [me, setMe] = useState<StoredParticipant | null>(() => getParticipantForWheel(wheel.id));
  const hub = useWheelHub({ wheel, accessGrant, me });
  const { state, dispatch, connection } = hub;
  const live = state.wheel;
  const spinning = state.spin !== null;
  const reducedMotion = usePrefersReducedMotion();
  const poses = useRingRotation(state.spin, ringHalf(live.slotCount), reducedMotion);

  const titleId = useId();
  const [registrationOpen, setRegistrationOpen] = useState(false);
  const [chosenSlotId, setChosenSlotId] = useState<string | null>(null);
  const [slotError, setSlotError] = useState<string | null>(null);

  const mySlot = me ? live.slots.find((slot) => slot.userId === me.id) : undefined;

  // The hub refused the stored token (expired, server secret changed): the client has already
  // forgotten it and reconnected as a visitor, so this screen goes back to watching too.
  useEffect(
    () =>
      hub.client.onTokenRejected((token) => {
        setMe((current) => (current?.token === token ? null : current));
      }),
    [hub.client],
  );

  // VIDEO CALL HOOK: tell the app layer once per match that both sides have accepted.
  const announcedRef = useRef(new Set<string>());
  useEffect(() => {
    if (!me) return;
    for (const match of state.matches) {
      if (match.status === 'Accepted' && !announcedRef.current.has(match.id)) {
        announcedRef.current.add(match.id);
        onMatchReady?.(match, me);
      }
    }
  }, [state.matches, me, onMatchReady]);

  async function take(slotId: string, userId: string) {
    setSlotError(null);
    const error = await hub.takeSlot(slotId, userId);
    if (error) setSlotError(error);
  }

  function handleSlotClick(slot: Slot) {
    if (slot.userId || spinning) return;
    if (me) {
      if (mySlot) {
        window.alert(ALREADY_IN_SLOT_MESSAGE);
        return;
      }
      void take(slot.id, me.id);
      return;
    }
    setChosenSlotId(slot.id);
    setRegistrationOpen(true);
  }

  function handleRegistered(participant: StoredParticipant) {
    saveParticipant(participant);
    setRegistrationOpen(false);
    setSlotError(null);
    if (chosenSlotId) {
      // The hub knows the participant only on a connection opened with their token: the
      // slot is taken once that connection has joined the wheel.
      hub.takeSlotAfterJoin(chosenSlotId, participant.id, setSlotError);
      setChosenSlotId(null);
    }
    setMe(participant);
  }

  const Title = standalone ? 'h2' : 'h1';

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      {standalone ? null : <PageTitle title={live.name} />}
      <section aria-labelledby={titleId} className="text-center">
        <Title id={titleId} className="text-3xl font-bold tracking-tight text-slate-900">
          {live.name}
        </Title>
        {live.description ? (
          <p className="mx-auto mt-2 max-w-2xl text-slate-600">{live.description}</p>
        ) : null}
        <div className="mt-4 flex flex-wrap items-center justify-center gap-3">
          <span className="inline-flex rounded-full bg-indigo-50 px-3 py-1 text-sm font-semibold text-indigo-800">
            Round {live.currentRound}
          </span>
          <ConnectionIndicator state={connection} onReconnect={hub.reconnect} />
        </div>

        <div className="mx-auto mt-4 max-w-xl space-y-3">
          {hub.joinError ? (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              {hub.joinError}
            </p>
          ) : null}
          {slotError ? (
            <div
              role="alert"
              className="flex items-center justify-between gap-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800"
            >
              <span>{slotError}</span>
              <button type="button" className="font-semibold underline" onClick={() => setSlotError(null)}>
                Dismiss
              </button>
            </div>
          ) : null}
          <div role="status" aria-live="polite">
            {state.unmatched ? (
              <p className="flex items-center justify-between gap-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
                <span>{UNMATCHED_MESSAGE}</span>
                <button
                  type="button"
                  className="font-semibold underline"
                  onClick={() => dispatch({ type: 'dismissUnmatched' })}
                >
                  Dismiss
                </button>
              </p>
            ) : null}
          </div>
        </div>

        <div className="mt-8">
          <WheelRings
            slotCount={live.slotCount}
            slots={live.slots}
            meId={me?.id ?? null}
            locked={spinning}
            poses={poses}
            onSlotClick={handleSlotClick}
          >
            <CountdownBadge
              nextSpinAt={live.nextSpinAt}
              clockOffsetMs={state.clockOffsetMs}
              spinning={spinning}
            />
          </WheelRings>
        </div>

        <p className="mt-6 text-sm text-slate-600">
          {spinning
            ? 'The wheel is spinning. Seats are locked until the next round.'
            : mySlot
              ? `You are in ${seatDescription(mySlot, live.slotCount)}. Stay for the spin to meet your match.`
              : 'Choose a free seat to join this round.'}
        </p>
        {me && state.matches.length > 0 && !state.matchesOpen ? (
          <Button className="mt-4" onClick={() => dispatch({ type: 'setMatchesOpen', open: true })}>
            Your matches ({state.matches.length})
          </Button>
        ) : null}
      </section>

      <RegistrationDialog
        open={registrationOpen}
        onOpenChange={setRegistrationOpen}
        wheel={live}
        getConnectionId={hub.client.getConnectionId}
        onRegistered={handleRegistered}
      />
      {me ? (
        <MatchesDialog
          open={state.matchesOpen && state.matches.length > 0}
          onOpenChange={(open) => dispatch({ type: 'setMatchesOpen', open })}
          matches={state.matches}
          meId={me.id}
          onRespond={hub.respondToMatch}
        />
      ) : null}
    </div>
  );
}
