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
}

export interface ParticipantClaims {
  participantId: string;
  wheelId: string;
}

/**
 * Signed, expiring tokens (HS256 JWTs): a participant's identity, and a grant that opens a
 * wheel behind an access code. Each kind carries its own `typ`, so one can never pass for
 * the other.
 */
export function createTokenService(secret: string, clock: Clock) {
  const key = new TextEncoder().encode(secret);
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  const sign = (claims: Record<string, string>, subject: string, ttlSeconds: number) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setSubject(subject)
      .setIssuedAt(nowSeconds())
      .setExpirationTime(nowSeconds() + ttlSeconds)
      .sign(key);

  /** The verified claims, or undefined for a token that is forged, expired, or of another kind. */
  const verify = async (token: string, typ: string) => {
    try {
      const { payload } = await jwtVerify(token, key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        currentDate: clock.now(),
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

    async verifyParticipant(token: string): Promise<ParticipantClaims | undefined> {
      const payload = await verify(token, 'participant');
      return payload && typeof payload.wid === 'string'
        ? { participantId: payload.sub as string, wheelId: payload.wid }
        : undefined;
    },

    signStaff: (claims: StaffClaims) =>
      sign({ typ: 'staff', kind: claims.kind }, claims.id, STAFF_TOKEN_TTL_SECONDS),

    async verifyStaff(token: string): Promise<StaffClaims | undefined> {
      const payload = await verify(token, 'staff');
      const kind = payload?.kind;
      return payload && (kind === 'Admin' || kind === 'BusinessUser')
        ? { kind, id: payload.sub as string }
        : undefined;
    },

    signWheelGrant: (wheelId: string) => sign({ typ: 'wheel-access' }, wheelId, WHEEL_GRANT_TTL_SECONDS),

    /** True when the grant was issued for exactly this wheel and is still valid. */
    async isWheelGrantFor(grant: string | undefined, wheelId: string): Promise<boolean> {
      if (!grant) return false;
      return (await verify(grant, 'wheel-access'))?.sub === wheelId;
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
