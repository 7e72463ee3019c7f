import { AppError } from './errors';
import type { TokenService } from './tokens';
/** A header's single value (Node gives arrays for repeated headers). */
export const headerValue = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

/** The token of an `Authorization: Bearer …` header. */
export const bearerToken = (header: string | undefined): string | undefined =>
  header?.match(/^Bearer (\S+)$/i)?.[1];

/** The participant behind a request's bearer token; a visitor, a bad or a removed token is refused with `refusal`. */
export async function participantFromBearer(
  tokens: Pick<TokenService, 'verifyParticipant'>,
  authorization: string | undefined,
  refusal: string,
) {
  const token = bearerToken(authorization);
  const participant = token ? await tokens.verifyParticipant(token) : undefined;
  if (!participant) throw new AppError('unauthorized', refusal);
  return participant;
}
