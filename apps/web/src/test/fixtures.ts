import type {
  LockedWheel,
  Match,
  OpenWheel,
  Participant,
  Plan,
  PublicWheel,
  WheelSnapshot,
} from '@wheelmeet/contracts';
import type { StoredParticipant } from '@/lib/auth-storage';

export const WHEEL_ID = '6f1c2a9e-3b7d-4c5e-9a1f-2d3e4f5a6b7c';

export function makePlan(overrides: Partial<Plan> = {}): Plan {
  return {
    id: 'starter',
    name: 'Starter',
    price: 29,
    description: 'For small meetups.',
    features: ['Up to 50 participants', 'Email support'],
    featured: false,
    maxParticipantsPerWheel: 50,
    support: 'email',
    apiAccess: false,
    ...overrides,
  };
}

export const PLANS: Plan[] = [
  makePlan(),
  makePlan({
    id: 'professional',
    name: 'Professional',
    price: 79.5,
    description: 'For conferences.',
    features: ['Up to 200 participants', 'Priority support', 'API access'],
    featured: true,
    maxParticipantsPerWheel: 200,
    support: 'priority',
    apiAccess: true,
  }),
  makePlan({
    id: 'enterprise',
    name: 'Enterprise',
    price: 199,
    description: 'For organisations.',
    features: ['Unlimited participants', '24/7 dedicated support'],
    maxParticipantsPerWheel: null,
    support: 'dedicated',
    apiAccess: true,
  }),
];

export function makePublicWheel(overrides: Partial<PublicWheel> = {}): PublicWheel {
  return {
    id: WHEEL_ID,
    name: 'Friday Mixer',
    description: 'Meet the team.',
    slotCount: 12,
    currentRound: 3,
    status: 'Active',
    createdAt: '2025-01-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeLockedWheel(overrides: Partial<LockedWheel> = {}): LockedWheel {
  return {
    id: WHEEL_ID,
    name: 'Board Room',
    description: 'Invitation only.',
    slotCount: 8,
    currentRound: 2,
    requiresAccessCode: true,
    ...overrides,
  };
}

/** The id of slot `position` in makeOpenWheel's wheels. */
export const slotId = (position: number) => `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`;

export const PARTICIPANT_ID = '0b9f1e2d-4c3b-4a59-8e7d-6c5b4a392817';

export function makeOpenWheel(overrides: Partial<OpenWheel> = {}): OpenWheel {
  const slotCount = overrides.slotCount ?? 4;
  return {
    id: WHEEL_ID,
    name: 'Board Room',
    description: 'Invitation only.',
    slotCount,
    currentRound: 2,
    requiresAccessCode: false,
    isPrivate: true,
    lastSpinDate: null,
    expiresAt: null,
    price: 0,
    rules: null,
    guidelines: null,
    status: 'Active',
    createdAt: '2025-01-01T10:00:00.000Z',
    businessUserId: null,
    registrationFields: null,
    activeUsers: [],
    roundSeconds: 60,
    nextSpinAt: null,
    roundsPaused: false,
    innerRingLabel: null,
    outerRingLabel: null,
    ringRule: null,
    slots: Array.from({ length: slotCount }, (_, position) => ({
      id: slotId(position),
      position,
      wheelId: WHEEL_ID,
      userId: position === 2 ? PARTICIPANT_ID : null,
      occupiedAt: position === 2 ? '2025-01-01T10:05:00.000Z' : null,
      user:
        position === 2
          ? {
              id: PARTICIPANT_ID,
              username: 'alice',
              age: 30,
              gender: 'female',
              shortBio: null,
              whoAmI: null,
              interests: null,
            }
          : null,
    })),
    startsAt: null,
    roundCount: null,
    eventEndedAt: null,
    ...overrides,
  };
}

export const ME_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
export const PARTNER_ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

export function makeParticipant(overrides: Partial<Participant> = {}): Participant {
  return {
    id: PARTNER_ID,
    username: 'Ada',
    age: 36,
    gender: 'female',
    shortBio: 'Writes programs for engines.',
    whoAmI: 'professional',
    interests: 'Mathematics, poetry',
    ...overrides,
  };
}

/** The current user as stored after registering for WHEEL_ID. */
export function makeStoredParticipant(overrides: Partial<StoredParticipant> = {}): StoredParticipant {
  return {
    id: ME_ID,
    wheelId: WHEEL_ID,
    username: 'Grace',
    age: 40,
    gender: 'female',
    shortBio: null,
    whoAmI: null,
    interests: null,
    token: 'participant-token',
    ...overrides,
  };
}

export function makeMatch(overrides: Partial<Match> = {}): Match {
  return {
    id: '7d6c5b4a-3928-4170-8e9f-a1b2c3d4e5f6',
    wheelId: WHEEL_ID,
    round: 3,
    user1: makeParticipant({ id: ME_ID, username: 'Grace' }),
    user2: makeParticipant(),
    status: 'Pending',
    acceptedByUser1: false,
    acceptedByUser2: false,
    answerBy: null,
    ...overrides,
  };
}

/** A wheel whose slots are all free: makeOpenWheel with nobody seated. */
export function makeEmptyWheel(overrides: Partial<OpenWheel> = {}): OpenWheel {
  const wheel = makeOpenWheel(overrides);
  if (overrides.slots) return wheel;
  return {
    ...wheel,
    slots: wheel.slots.map((slot) => ({ ...slot, userId: null, user: null, occupiedAt: null })),
  };
}

export function makeSnapshot(overrides: Partial<WheelSnapshot> = {}): WheelSnapshot {
  return {
    wheel: makeOpenWheel(),
    serverTime: new Date().toISOString(),
    spin: null,
    myMatches: [],
    staying: false,
    announcement: null,
    seq: 0,
    ...overrides,
  };
}
