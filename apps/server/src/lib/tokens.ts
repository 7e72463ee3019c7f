import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from './clock';

const ISSUER = 'wheelmeet';
const PARTICIPANT_TOKEN_TTL_SECONDS = 30 * 24 * 3600;
const WHEEL_GRANT_TTL_SECONDS = 24 * 3600;
/** Admin-area sessions end after a working day; the browser then signs in again. */
export const STAFF_TOKEN_TTL_SECONDS = 12 * 3600;

/** Someone signed in to the admin area: a platform admin or a business user. */
export interface StaffClaims {
  kind: 'Admin' | 'BusinessUser';
  id: string;
  /** The account's session version when the token was issued; a raised version ends the token. */
  sessionVersion: number;
}

/** A wheel behind an access code, opened with the code of this version. */
export interface WheelGrant {
  wheelId: string;
  codeVersion: number;
}

/** A short-lived token that lets the browser which just created an unpaid account pay for it. */
const SIGNUP_TOKEN_TTL_SECONDS = 2 * 3600;

export interface ParticipantClaims {
  participantId: string;
  wheelId: string;
}

/** Refuses a participant whose token is valid by throwing the refusal (HTTP and hub answer it as thrown). */
export type ParticipantCheck = (claims: ParticipantClaims) => Promise<void>;

/**
 * Signed, expiring tokens (HS256 JWTs): a participant's identity, and a grant that opens a
 * wheel behind an access code. Each kind carries its own `typ`, so one can never pass for
 * the other.
 */
export function createTokenService(secret: string, clock: Clock) {
  const participantChecks: ParticipantCheck[] = [];
  // Imported once: handed raw bytes, jose imports a key for every token it signs or checks,
  // which was most of a registration's token cost.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  const sign = async (claims: Record<string, string | number>, subject: string, ttlSeconds: number) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setSubject(subject)
      .setIssuedAt(nowSeconds())
      .setExpirationTime(nowSeconds() + ttlSeconds)
      .sign(await key);

  /** The verified claims, or undefined for a token that is forged, expired, or of another kind. */
  const verify = async (token: string, typ: string) => {
    try {
      const { payload } = await jwtVerify(token, await key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        currentDate: clock.now(),
        // A token that never expires is refused, whoever signed it.
        requiredClaims: ['exp', 'iat', 'sub'],
      });
      return payload.typ === typ && typeof payload.sub === 'string' ? payload : undefined;
    } catch (error) {
      if (error instanceof errors.JOSEError) return undefined;
      throw error;
    }
  };

  return {
    signParticipant: (claims: ParticipantClaims) =>
      sign({ typ: 'participant', wid: claims.wheelId }, claims.participantId, PARTICIPANT_TOKEN_TTL_SECONDS),

    /** The token's participant, once every check features added (`addParticipantCheck`) let them through. */
    async verifyParticipant(token: string): Promise<ParticipantClaims | undefined> {
      const payload = await verify(token, 'participant');
      if (!payload || typeof payload.wid !== 'string') return undefined;
      const claims = { participantId: payload.sub as string, wheelId: payload.wid };
      for (const check of participantChecks) await check(claims);
      return claims;
    },

    /** A feature's rule that a valid token is not enough for (a removed participant); it throws to refuse. */
    addParticipantCheck(check: ParticipantCheck) {
      participantChecks.push(check);
    },

    signStaff: (claims: StaffClaims) =>
      sign(
        { typ: 'staff', kind: claims.kind, sv: claims.sessionVersion },
        claims.id,
        STAFF_TOKEN_TTL_SECONDS,
      ),

    async verifyStaff(token: string): Promise<StaffClaims | undefined> {
      const payload = await verify(token, 'staff');
      const kind = payload?.kind;
      const sessionVersion = payload?.sv;
      return payload &&
        (kind === 'Admin' || kind === 'BusinessUser') &&
        typeof sessionVersion === 'number' &&
        Number.isInteger(sessionVersion)
        ? { kind, id: payload.sub as string, sessionVersion }
        : undefined;
    },

    signWheelGrant: (grant: WheelGrant) =>
      sign({ typ: 'wheel-access', cv: grant.codeVersion }, grant.wheelId, WHEEL_GRANT_TTL_SECONDS),

    /** True when the grant was issued for exactly this wheel and this version of its code, and is still valid. */
    async isWheelGrantFor(grant: string | undefined, wheel: WheelGrant): Promise<boolean> {
      if (!grant) return false;
      const payload = await verify(grant, 'wheel-access');
      return payload?.sub === wheel.wheelId && payload.cv === wheel.codeVersion;
    },

    /** Lets the browser that created an unpaid organiser account start paying for it, and nobody else. */
    signSignup: (businessUserId: string) => sign({ typ: 'signup' }, businessUserId, SIGNUP_TOKEN_TTL_SECONDS),

    /** The business user id a sign-up token was issued for, or undefined. */
    async verifySignup(token: string | undefined): Promise<string | undefined> {
      if (!token) return undefined;
      return (await verify(token, 'signup'))?.sub;
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
