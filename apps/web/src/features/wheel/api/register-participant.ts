import {
  type RegisterParticipantRequest,
  type RegistrationData,
  registerParticipantResponseSchema,
  WHEEL_ACCESS_HEADER,
} from '@wheelmeet/contracts';
import { api } from '@/lib/api-client';
import { browserSessionId } from './session-id';

interface RegisterParticipantInput {
  wheelId: string;
  connectionId: string | null;
  registrationData: RegistrationData;
  /** The grant that unlocked a private wheel: without it the server refuses (access_required). */
  accessGrant?: string | null;
}

/**
 * POST /api/users/anonymous: registers a participant of one wheel; answers with the user and a
 * token. Every registration from this browser carries the same sessionId (decision 016). A
 * private wheel's grant goes in the same header as on GET /api/wheels/{id}.
 */
export function registerParticipant({
  wheelId,
  connectionId,
  registrationData,
  accessGrant = null,
}: RegisterParticipantInput) {
  return api.post(
    '/api/users/anonymous',
    {
      wheelId,
      sessionId: browserSessionId(),
      connectionId,
      registrationData,
    } satisfies RegisterParticipantRequest,
    registerParticipantResponseSchema,
    accessGrant ? { headers: { [WHEEL_ACCESS_HEADER]: accessGrant } } : undefined,
  );
}
