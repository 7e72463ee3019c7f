import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from './clock';

const ISSUER = 'wheelmeet';
const PARTICIPANT_TOKEN_TTL_SECONDS = 30 * 24 * 3600;
const WHEEL_GRANT_TTL_SECONDS = 24 * 3600;

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

    signWheelGrant: (wheelId: string) => sign({ typ: 'wheel-access' }, wheelId, WHEEL_GRANT_TTL_SECONDS),

    /** True when the grant was issued for exactly this wheel and is still valid. */
    async isWheelGrantFor(grant: string | undefined, wheelId: string): Promise<boolean> {
      if (!grant) return false;
      return (await verify(grant, 'wheel-access'))?.sub === wheelId;
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
