import {
  type RegisterParticipantRequest,
  type RegistrationData,
  registerParticipantResponseSchema,
} from '@wheelmeet/contracts';
import { api } from '@/lib/api-client';
import { browserSessionId } from './session-id';

interface RegisterParticipantInput {
  wheelId: string;
  connectionId: string | null;
  registrationData: RegistrationData;
}

/**
 * POST /api/users/anonymous: registers a participant of one wheel; answers with the user and a
 * token. Every registration from this browser carries the same sessionId (decision 016).
 */
export function registerParticipant({ wheelId, connectionId, registrationData }: RegisterParticipantInput) {
  return api.post(
    '/api/users/anonymous',
    {
      wheelId,
      sessionId: browserSessionId(),
      connectionId,
      registrationData,
    } satisfies RegisterParticipantRequest,
    registerParticipantResponseSchema,
  );
}
