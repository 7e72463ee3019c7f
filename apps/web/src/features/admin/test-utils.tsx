import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  AdminUser,
  AdminWheel,
  AdminWheelRow,
  BusinessUser,
  BusinessUserReport,
  DemoRequestView,
  Profile,
  ProfileResponse,
  Settings,
  WheelLive,
} from '@wheelmeet/contracts';
import { ADMIN_DEFAULT_REGISTRATION_CONFIG, DEFAULT_SETTINGS } from '@wheelmeet/contracts';
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { AUTH_STORAGE_KEYS } from '@/lib/auth-storage';
import { jsonResponse, LocationProbe, renderRoutes } from '@/test/render';
import { AdminLayout } from './components/admin-layout';
import { AdminLoginPage } from './components/admin-login-page';
import { RequireAdminAuth } from './components/require-admin-auth';
import { RequireRole } from './components/require-role';

/** Test data and helpers for the admin area's tests (not shipped: only tests import it). */

export const ADMIN_ID = '11111111-1111-4111-8111-111111111111';
export const BUSINESS_ID = '22222222-2222-4222-8222-222222222222';
export const WHEEL_A = '33333333-3333-4333-8333-333333333333';
export const WHEEL_B = '44444444-4444-4444-8444-444444444444';

export type Role = 'super-admin' | 'admin' | 'business';

export function makeProfile(role: Role): ProfileResponse {
  if (role === 'business') {
    return {
      userType: 'BusinessUser',
      profile: {
        id: BUSINESS_ID,
        firstName: 'Bea',
        lastName: 'Baker',
        email: 'bea@acme.test',
        isSuperAdmin: false,
      },
    };
  }
  const profile: Profile = {
    id: ADMIN_ID,
    firstName: 'Ada',
    lastName: 'Admin',
    email: 'ada@wheelmeet.test',
    isSuperAdmin: role === 'super-admin',
  };
  return { userType: 'Admin', profile };
}

/** Stores a session as a login would; the profile call still has to confirm it. */
export function signIn(role: Role): ProfileResponse {
  const answer = makeProfile(role);
  localStorage.setItem(AUTH_STORAGE_KEYS.adminToken, 'token-123');
  localStorage.setItem(AUTH_STORAGE_KEYS.adminUserType, answer.userType);
  localStorage.setItem(AUTH_STORAGE_KEYS.adminUser, JSON.stringify(answer.profile));
  return answer;
}

/** The fetch route that confirms `role`'s session. */
export const profileRoute = (role: Role) => ({ 'GET /api/admin/profile': jsonResponse(makeProfile(role)) });

export function makeWheelRow(overrides: Partial<AdminWheelRow> = {}): AdminWheelRow {
  return {
    id: WHEEL_A,
    name: 'Friday Mixer',
    status: 'Active',
    slotCount: 12,
    createdAt: '2025-01-01T10:00:00.000Z',
    businessUserId: null,
    isPrivate: false,
    currentRound: 3,
    participantCount: 5,
    seatedCount: 2,
    openReportCount: 0,
    ...overrides,
  };
}

export function makeAdminWheel(overrides: Partial<AdminWheel> = {}): AdminWheel {
  return {
    ...makeWheelRow(),
    description: 'Meet the team.',
    accessCode: null,
    requiresAccessCode: false,
    expiresAt: null,
    price: 0,
    rules: null,
    guidelines: null,
    registrationFields: ADMIN_DEFAULT_REGISTRATION_CONFIG,
    roundSeconds: null,
    effectiveRoundSeconds: 60,
    answerSeconds: null,
    effectiveAnswerSeconds: 30,
    callMinutes: null,
    effectiveCallMinutes: 5,
    contactFields: null,
    roundsPaused: false,
    nextSpinAt: null,
    lastSpinDate: null,
    innerRingLabel: null,
    outerRingLabel: null,
    ringRule: null,
    startsAt: null,
    roundCount: null,
    eventEndedAt: null,
    prompts: [],
    ...overrides,
  };
}

/** A running wheel's live figures; `serverTime` is this computer's clock unless given. */
export function makeWheelLive(overrides: Partial<WheelLive> = {}): WheelLive {
  return {
    wheelId: WHEEL_A,
    phase: 'running',
    startsAt: null,
    eventEndedAt: null,
    currentRound: 3,
    roundCount: null,
    nextSpinAt: null,
    roundsPaused: false,
    spinning: false,
    seated: 6,
    inCalls: 4,
    awaitingAnswer: 1,
    satOutLastRound: [],
    announcement: null,
    serverTime: new Date().toISOString(),
    ...overrides,
  };
}

export function makeAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: ADMIN_ID,
    username: 'ada',
    email: 'ada@wheelmeet.test',
    firstName: 'Ada',
    lastName: 'Admin',
    isSuperAdmin: true,
    isActive: true,
    lastLoginAt: null,
    ...overrides,
  };
}

export function makeBusinessUser(overrides: Partial<BusinessUser> = {}): BusinessUser {
  return {
    id: BUSINESS_ID,
    firstName: 'Bea',
    lastName: 'Baker',
    email: 'bea@acme.test',
    companyName: 'Acme',
    phoneNumber: null,
    planId: 'starter',
    plan: { id: 'starter', name: 'Starter' },
    isActive: true,
    subscriptionStartDate: '2025-01-01T00:00:00.000Z',
    subscriptionEndDate: null,
    ...overrides,
  };
}

export function makeDemoRequest(overrides: Partial<DemoRequestView> = {}): DemoRequestView {
  return {
    id: '55555555-5555-4555-8555-555555555555',
    companyName: 'Globex',
    contactPerson: 'Hank Scorpio',
    email: 'hank@globex.test',
    phoneNumber: '+1 555 0100',
    requestDate: '2025-02-03T12:00:00.000Z',
    ...overrides,
  };
}

export function makeSettings(overrides: Partial<Settings> = {}): Settings {
  return { ...DEFAULT_SETTINGS, smtpPasswordSet: false, ...overrides };
}

export function makeReport(overrides: Partial<BusinessUserReport> = {}): BusinessUserReport {
  return {
    businessUserId: BUSINESS_ID,
    companyName: 'Acme',
    totals: {
      wheels: 2,
      participants: 40,
      rounds: 12,
      matches: 30,
      acceptedMatches: 21,
      acceptanceRate: 0.7,
      callsStarted: 18,
      callSeconds: 5400,
      connections: 9,
      mutualShareRate: 0.5,
      ratings: 20,
      positiveRatingRate: 0.85,
      averageCallSeconds: 300,
      revenueByCurrency: { usd: 79.5 },
    },
    wheels: [
      {
        id: WHEEL_A,
        name: 'Friday Mixer',
        status: 'Active',
        participants: 40,
        rounds: 12,
        matches: 30,
        acceptedMatches: 21,
        acceptanceRate: 0.7,
        callsStarted: 18,
        callSeconds: 5400,
        connections: 9,
        mutualShareRate: 0.5,
        ratings: 20,
        positiveRatingRate: 0.85,
      },
    ],
    overTime: [
      {
        date: '2025-03-01',
        participants: 10,
        matches: 8,
        acceptedMatches: 5,
        callsStarted: 4,
        connections: 2,
      },
      {
        date: '2025-03-02',
        participants: 30,
        matches: 22,
        acceptedMatches: 16,
        callsStarted: 14,
        connections: 7,
      },
    ],
    payments: [
      {
        id: '66666666-6666-4666-8666-666666666666',
        amount: 79.5,
        currency: 'usd',
        status: 'succeeded',
        createdAt: '2025-03-01T09:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

/**
 * The admin part of the route table as the app mounts it (login, guard, layout), with `pages`
 * as the layout's children and a stand-in dashboard. Anything else lands on a probe that prints
 * the location.
 */
export function adminRoutes(
  pages: RouteObject[],
  dashboard: ReactNode = <h1>Dashboard page</h1>,
): RouteObject[] {
  return [
    { path: '/admin/login', element: <AdminLoginPage /> },
    {
      path: '/admin',
      element: (
        <RequireAdminAuth>
          <AdminLayout />
        </RequireAdminAuth>
      ),
      children: [{ path: 'dashboard', element: dashboard }, ...pages],
    },
    { path: '*', element: <LocationProbe /> },
  ];
}

/** Role-guarded page, as the router wraps it. */
export const guarded = (allow: 'admin' | 'super-admin', page: ReactNode) => (
  <RequireRole allow={allow}>{page}</RequireRole>
);

/** Types each value into the field in `container` whose label starts with its key. */
export async function typeInto(container: HTMLElement, values: Record<string, string>) {
  for (const [label, text] of Object.entries(values)) {
    await userEvent.type(within(container).getByLabelText(new RegExp(`^${label}`)), text);
  }
}

/** Mounts `page` at `path` inside the signed-in admin area. */
export function renderAdminPage(path: string, pages: RouteObject[]) {
  return renderRoutes(adminRoutes(pages), path);
}
