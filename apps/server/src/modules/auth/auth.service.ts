import {
  INVALID_LOGIN_MESSAGE,
  type LoginRequest,
  type LoginResponse,
  type Profile,
} from '@wheelmeet/contracts';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { DUMMY_PASSWORD_HASH, type PasswordHasher } from '../../lib/passwords';
import { STAFF_TOKEN_TTL_SECONDS, type TokenService } from '../../lib/tokens';
import type { AdminAccount, AuthRepository, BusinessAccount, DeviceOwner } from './auth.repository';
import type { DeviceTokens } from './device-tokens';
import type { SignInThrottle } from './sign-in-throttle';

/** Who is making an admin-area request, checked against the database on every request. */
export type Staff =
  | { kind: 'Admin'; id: string; isSuperAdmin: boolean; profile: Profile }
  | { kind: 'BusinessUser'; id: string; planId: string; profile: Profile };

export const ACCOUNT_INACTIVE =
  'This account is not active. If you just signed up, complete your payment first.';
export const ACCOUNT_DEACTIVATED =
  'This account was deactivated by an administrator. Please contact support.';
export const SUBSCRIPTION_ENDED = 'Your subscription has ended. Renew your plan to sign in again.';
export const SIGN_IN_REQUIRED = 'Please sign in.';
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';
export { TOO_MANY_LOGINS } from './sign-in-throttle';

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
  passwords: PasswordHasher;
  throttle: SignInThrottle;
  devices: DeviceTokens;
}) {
  const { accounts, tokens, clock, passwords, throttle, devices } = deps;

  /** Why a business account may not sign in now, if it may not. */
  async function businessRefusal(user: BusinessAccount): Promise<AppError | undefined> {
    if (user.deactivated_at) return new AppError('forbidden', ACCOUNT_DEACTIVATED);
    if (!user.is_active) return new AppError('forbidden', ACCOUNT_INACTIVE);
    const endsAt = await accounts.subscriptionEndOf(user.id);
    if (endsAt !== null && Date.parse(endsAt) <= clock.now().getTime()) {
      return new AppError('forbidden', SUBSCRIPTION_ENDED);
    }
    return undefined;
  }

  return {
    /**
     * Signs in an admin by username or a business user by email. Failures say only
     * 'Invalid username or password'. Each guess is reserved with the throttle before the
     * password is checked, so concurrent guesses cannot outrun the limits (decision 008). A
     * device token this account gave the browser before skips the account's delay and takes
     * the reserved hashing lane; a successful sign-in answers the token to keep (issue 36).
     */
    async login(request: LoginRequest, clientKey: string): Promise<LoginResponse> {
      const admin = await accounts.findAdminByUsername(request.username);
      const business = admin ? undefined : await accounts.findBusinessUserByEmail(request.username);
      const owner: DeviceOwner | undefined = admin
        ? { kind: 'Admin', id: admin.id }
        : business && { kind: 'BusinessUser', id: business.id };
      const device =
        owner && request.deviceToken ? await devices.claim(owner, request.deviceToken) : undefined;
      let settle: Awaited<ReturnType<SignInThrottle['reserve']>>;
      try {
        settle = await throttle.reserve(request.username, clientKey, { trustedDevice: device !== undefined });
      } catch (error) {
        await device?.release();
        throw error;
      }
      let passwordOk = false;
      try {
        // An unknown username is checked against a hash of the same cost in the same lane, so
        // neither timing nor a busy answer tells which usernames exist.
        const hash = (admin ?? business)?.password_hash ?? DUMMY_PASSWORD_HASH;
        passwordOk =
          (await passwords.verify(request.password, hash, device ? 'device' : 'public')) &&
          owner !== undefined;
      } catch (error) {
        await device?.release();
        throw error;
      } finally {
        await settle(passwordOk ? 'right' : 'wrong');
      }
      if (!passwordOk || !owner) throw new AppError('unauthorized', INVALID_LOGIN_MESSAGE);
      // The password was right: whatever follows, this device made no wrong guess.
      const keptToken = await device?.signedIn();
      const deviceToken = async () => keptToken ?? (await devices.issue(owner));

      const now = clock.now();
      const expiresAt = new Date(now.getTime() + STAFF_TOKEN_TTL_SECONDS * 1000).toISOString();
      if (admin) {
        if (!admin.is_active) throw new AppError('forbidden', ACCOUNT_INACTIVE);
        await accounts.recordAdminLogin(admin.id, now.toISOString());
        return {
          deviceToken: await deviceToken(),
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
      const refusal = await businessRefusal(user);
      if (refusal) throw refusal;
      return {
        deviceToken: await deviceToken(),
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

    /**
     * The signed-in person behind a bearer token, or a 401 when the token or the account no
     * longer holds: deleted, deactivated, its subscription ended, or its session version
     * raised since the token was issued (a password, role or activation change).
     */
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
      if (!user || user.session_version !== claims.sessionVersion)
        throw new AppError('unauthorized', SESSION_ENDED);
      const refusal = await businessRefusal(user);
      if (refusal)
        throw new AppError(
          'unauthorized',
          refusal.message === SUBSCRIPTION_ENDED ? SUBSCRIPTION_ENDED : SESSION_ENDED,
        );
      return { kind: 'BusinessUser', id: user.id, planId: user.plan_id, profile: businessProfile(user) };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
