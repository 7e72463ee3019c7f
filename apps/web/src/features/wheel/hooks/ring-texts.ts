import {
  type OpenWheel,
  type RegisterParticipantRequest,
  type RegistrationData,
  RING_LABEL_DEFAULTS,
  type Ring,
  ringDescription,
  ringFor,
  ringLabel,
} from '@wheelmeet/contracts';

/** What the wheel's rings are called, and who sits where (issue 38). */
export type RingNaming = Pick<OpenWheel, 'innerRingLabel' | 'outerRingLabel' | 'ringRule'>;

/** A ring's name in seat labels and lists: 'Mentors (inner ring)', or 'Inner ring' when unnamed. */
export type RingNames = Record<Ring, string>;

export const STANDARD_RING_NAMES: RingNames = RING_LABEL_DEFAULTS;

/** Said after a free seat's name when the person's answers keep them on the other ring. */
export const NOT_YOUR_RING = 'not your ring';

/** A wheel that names neither ring and keeps nobody to one looks as it always did. */
export const namesItsRings = (wheel: RingNaming) =>
  wheel.innerRingLabel !== null || wheel.outerRingLabel !== null || wheel.ringRule !== null;

const hasOwnLabel = (wheel: RingNaming, ring: Ring) =>
  (ring === 'inner' ? wheel.innerRingLabel : wheel.outerRingLabel) !== null;

export const ringNames = (wheel: RingNaming): RingNames => ({
  inner: ringDescription(wheel, 'inner'),
  outer: ringDescription(wheel, 'outer'),
});

/** 'among the Mentees, on the outer ring', or 'on the outer ring' for a ring the wheel did not name. */
const placeOn = (wheel: RingNaming, ring: Ring) =>
  hasOwnLabel(wheel, ring)
    ? `among the ${ringLabel(wheel, ring)}, on the ${ring} ring`
    : `on the ${ring} ring`;

/** The registration dialog's line once the rule's question is answered: where the person will sit. */
export const futureRingText = (wheel: RingNaming, ring: Ring | null) =>
  ring ? `You will sit ${placeOn(wheel, ring)}.` : 'You may sit on either ring.';

/** Beside the wheel, for a registered person the rule keeps to one ring. */
export const yourRingText = (wheel: RingNaming, ring: Ring) => `You sit ${placeOn(wheel, ring)}.`;

/** The ring a registered person's answers keep them on; null when they may sit on either. */
export function registeredRing(
  wheel: RingNaming,
  answers: RegisterParticipantRequest['registrationData'] | undefined,
): Ring | null {
  if (!wheel.ringRule || !answers) return null;
  const given: RegistrationData = {};
  for (const [name, value] of Object.entries(answers)) if (value !== null) given[name] = value;
  return ringFor(wheel.ringRule, given);
}
