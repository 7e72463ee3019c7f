import {
  getWheelResponseSchema,
  listPlansResponseSchema,
  listPublicWheelsResponseSchema,
  openWheelSchema,
} from '@wheelmeet/contracts';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fastSerializerCompiler } from './response-serializer';

const id = (n: number) => `6f1c1c3e-8a4e-4a39-9d7c-3c2f0e6f5a${String(n).padStart(2, '0')}`;
const at = '2026-11-22T10:00:00.000Z';
const person = (n: number) => ({
  id: id(n),
  username: n % 3 ? `person-${n}` : null,
  age: n % 2 ? 30 + n : null,
  gender: n % 2 ? 'other' : null,
  shortBio: null,
  whoAmI: 'Organiser "quoted" \u2028 line',
  interests: n % 2 ? 'Jazz, </script>' : null,
});
const openWheel = {
  id: id(0),
  name: 'Wheel ✓',
  description: 'Two rings',
  slotCount: 6,
  currentRound: 3,
  requiresAccessCode: false,
  isPrivate: true,
  lastSpinDate: at,
  expiresAt: null,
  price: 12.5,
  rules: null,
  guidelines: 'Be kind',
  status: 'Active',
  createdAt: at,
  businessUserId: id(99),
  registrationFields: {
    enabled: true,
    fields: [
      {
        id: 'role',
        name: 'role',
        label: 'Role',
        type: 'select',
        required: true,
        options: ['a', 'b'],
        enabled: true,
      },
      { id: 'bio', name: 'bio', label: 'Bio', type: 'textarea', required: false, enabled: false },
    ],
  },
  slots: Array.from({ length: 6 }, (_, position) => ({
    id: id(position + 1),
    position,
    wheelId: id(0),
    userId: position % 2 ? id(50 + position) : null,
    occupiedAt: position % 2 ? at : null,
    user: position % 2 ? person(50 + position) : null,
  })),
  activeUsers: [person(51), person(52)],
  roundSeconds: 30,
  nextSpinAt: null,
  roundsPaused: false,
  innerRingLabel: null,
  outerRingLabel: null,
  ringRule: null,
  startsAt: '2026-12-01T18:00:00.000Z',
  roundCount: 6,
  eventEndedAt: null,
};
const lockedWheel = {
  id: id(0),
  name: 'Board retreat',
  description: 'Invitation only',
  slotCount: 8,
  currentRound: 2,
  requiresAccessCode: true,
};
const plans = [
  {
    id: 'starter',
    name: 'Starter',
    price: 9.99,
    period: 'month',
    description: 'x',
    features: ['one', 'two'],
    featured: false,
    maxParticipantsPerWheel: 50,
    support: 'email',
    apiAccess: false,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: 0,
    description: 'y',
    features: [],
    featured: true,
    maxParticipantsPerWheel: null,
    support: 'dedicated',
    apiAccess: true,
  },
];
const publicWheels = [
  {
    id: id(0),
    name: 'Demo',
    description: 'd',
    slotCount: 12,
    currentRound: 0,
    status: 'Active',
    createdAt: at,
  },
];

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/test', httpStatus: '200' });
const both = (schema: z.ZodType) => ({
  zod: serializerCompiler(route(schema)),
  fast: fastSerializerCompiler(route(schema)),
});

describe('serialising read answers with fast-json-stringify', () => {
  it.each([
    ['an open wheel', getWheelResponseSchema, openWheel],
    ['a locked wheel', getWheelResponseSchema, lockedWheel],
    ['an open wheel on its own schema', openWheelSchema, openWheel],
    ['the plans', listPlansResponseSchema, plans],
    ['the public wheels', listPublicWheelsResponseSchema, publicWheels],
  ] as const)(
    'writes %s as the zod serializer does, and it parses with the contract',
    (_name, schema, data) => {
      const { zod, fast } = both(schema);
      const json = fast(data);
      expect(JSON.parse(json)).toEqual(JSON.parse(zod(data)));
      expect(schema.parse(JSON.parse(json))).toEqual(data);
    },
  );

  it('drops what the contract does not name, the locked view of a wheel above all', () => {
    const { fast } = both(getWheelResponseSchema);
    const leaked = { ...lockedWheel, accessCode: 'S3CRET', slots: [{}], activeUsers: [{}] };
    expect(JSON.parse(fast(leaked))).toEqual(lockedWheel);
    const withExtras = {
      ...openWheel,
      accessCode: 'S3CRET',
      slots: openWheel.slots.map((slot) => ({ ...slot, session_id: 'x' })),
    };
    expect(JSON.parse(fast(withExtras))).toEqual(openWheel);
  });

  it('refuses an answer that lacks a required property', () => {
    const { fast } = both(listPublicWheelsResponseSchema);
    const { createdAt: _, ...incomplete } = publicWheels[0] ?? {};
    expect(() => fast([incomplete])).toThrow(/createdAt/);
  });

  it('writes each object once: the same object answered again gets the same JSON', () => {
    const { fast } = both(listPlansResponseSchema);
    const first = fast(plans);
    expect(fast(plans)).toBe(first);
    expect(fast(structuredClone(plans))).toEqual(first);
  });

  it('leaves a schema JSON Schema cannot express to zod', () => {
    const schema = z.object({ at: z.date() });
    const { zod, fast } = both(schema);
    const data = { at: new Date(at) };
    expect(fast(data)).toBe(zod(data));
    expect(() => fast({ at: 'not a date' })).toThrow();
  });
});
