import {
  type RegisterParticipantRequest,
  type RegistrationData,
  registerParticipantResponseSchema,
} from '@wheelmeet/contracts';
import { api } from '@/lib/api-client';

interface RegisterParticipantInput {
  wheelId: string;
  connectionId: string | null;
  registrationData: RegistrationData;
}

/** POST /api/users/anonymous: registers a participant of one wheel; answers with the user and a token. */
export function registerParticipant({ wheelId, connectionId, registrationData }: RegisterParticipantInput) {
  return api.post(
    '/api/users/anonymous',
    {
      wheelId,
      sessionId: crypto.randomUUID(),
      connectionId,
      registrationData,
    } satisfies RegisterParticipantRequest,
    registerParticipantResponseSchema,
  );
}
