import type { LockedWheel, OpenWheel, Plan, PublicWheel } from '@wheelmeet/contracts';

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

const PARTICIPANT_ID = '0b9f1e2d-4c3b-4a59-8e7d-6c5b4a392817';

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
    slots: Array.from({ length: slotCount }, (_, position) => ({
      id: `00000000-0000-4000-8000-00000000000${position}`,
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
    ...overrides,
  };
}
