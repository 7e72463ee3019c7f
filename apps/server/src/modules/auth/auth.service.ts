import {
  INVALID_LOGIN_MESSAGE,
  type LoginRequest,
  type LoginResponse,
  type Profile,
} from '@wheelmeet/contracts';
import type { AttemptLimiter } from '../../lib/attempt-limiter';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { STAFF_TOKEN_TTL_SECONDS, type TokenService } from '../../lib/tokens';
import type { AdminAccount, AuthRepository, BusinessAccount } from './auth.repository';

/** Who is making an admin-area request, checked against the database on every request. */
export type Staff =
  | { kind: 'Admin'; id: string; isSuperAdmin: boolean; profile: Profile }
  | { kind: 'BusinessUser'; id: string; planId: string; profile: Profile };

export const ACCOUNT_INACTIVE =
  'This account is not active. If you just signed up, complete your payment first.';
export const TOO_MANY_LOGINS = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
export const SIGN_IN_REQUIRED = 'Please sign in.';
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

const adminProfile = (admin: AdminAccount): Profile => ({
  id: admin.id,
  firstName: admin.first_name,
  lastName: admin.last_name,
  email: admin.email,
  isSuperAdmin: admin.is_super_admin,
});
const businessProfile = (user: BusinessAccount): Profile => ({
  id: user.id,
  firstName: user.first_name,
  lastName: user.last_name,
  email: user.email,
  isSuperAdmin: false,
});

export function createAuthService(deps: {
  accounts: AuthRepository;
  tokens: TokenService;
  clock: Clock;
  /** Failed sign-ins per account name. */
  accountFailures: AttemptLimiter;
  /** Failed sign-ins per client address. */
  clientFailures: AttemptLimiter;
}) {
  const { accounts, tokens, clock, accountFailures, clientFailures } = deps;
  // Verifying against a real hash when the account does not exist keeps response times alike,
  // so timing does not tell which usernames exist.
  const decoyHash = hashPassword('decoy password that never matches');

  return {
    /**
     * Signs in an admin by username or a business user by email. Failures say only
     * 'Invalid username or password', and are limited per account and per client.
     */
    async login(request: LoginRequest, clientKey: string): Promise<LoginResponse> {
      const accountKey = request.username.toLowerCase();
      if ((await accountFailures.isLimited(accountKey)) || (await clientFailures.isLimited(clientKey))) {
        throw new AppError('too_many_requests', TOO_MANY_LOGINS);
      }
      const admin = await accounts.findAdminByUsername(request.username);
      const business = admin ? undefined : await accounts.findBusinessUserByEmail(request.username);
      const account = admin ?? business;
      const passwordOk = await verifyPassword(request.password, account?.password_hash ?? (await decoyHash));
      if (!account || !passwordOk) {
        await accountFailures.record(accountKey);
        await clientFailures.record(clientKey);
        throw new AppError('unauthorized', INVALID_LOGIN_MESSAGE);
      }
      if (!account.is_active) throw new AppError('forbidden', ACCOUNT_INACTIVE);
      await accountFailures.reset(accountKey);

      const now = clock.now();
      const expiresAt = new Date(now.getTime() + STAFF_TOKEN_TTL_SECONDS * 1000).toISOString();
      if (admin) {
        await accounts.recordAdminLogin(admin.id, now.toISOString());
        return {
          token: await tokens.signStaff({
            kind: 'Admin',
            id: admin.id,
            sessionVersion: admin.session_version,
          }),
          userType: 'Admin',
          expiresAt,
          profile: adminProfile(admin),
          admin: {
            id: admin.id,
            username: admin.username,
            email: admin.email,
            firstName: admin.first_name,
            lastName: admin.last_name,
            isSuperAdmin: admin.is_super_admin,
            isActive: admin.is_active,
            lastLoginAt: now.toISOString(),
          },
        };
      }
      const user = business as BusinessAccount;
      return {
        token: await tokens.signStaff({
          kind: 'BusinessUser',
          id: user.id,
          sessionVersion: user.session_version,
        }),
        userType: 'BusinessUser',
        expiresAt,
        profile: businessProfile(user),
        businessUser: { id: user.id, companyName: user.company_name, planId: user.plan_id },
      };
    },

    /** The signed-in person behind a bearer token, or a 401 when the token or the account no longer holds. */
    async authenticate(bearerToken: string | undefined): Promise<Staff> {
      if (!bearerToken) throw new AppError('unauthorized', SIGN_IN_REQUIRED);
      const claims = await tokens.verifyStaff(bearerToken);
      if (!claims) throw new AppError('unauthorized', SESSION_ENDED);
      if (claims.kind === 'Admin') {
        const admin = await accounts.findAdminById(claims.id);
        if (!admin?.is_active || admin.session_version !== claims.sessionVersion)
          throw new AppError('unauthorized', SESSION_ENDED);
        return {
          kind: 'Admin',
          id: admin.id,
          isSuperAdmin: admin.is_super_admin,
          profile: adminProfile(admin),
        };
      }
      const user = await accounts.findBusinessUserById(claims.id);
      if (!user?.is_active || user.session_version !== claims.sessionVersion)
        throw new AppError('unauthorized', SESSION_ENDED);
      return { kind: 'BusinessUser', id: user.id, planId: user.plan_id, profile: businessProfile(user) };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
