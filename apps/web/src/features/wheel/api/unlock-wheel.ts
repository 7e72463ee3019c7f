import { type UnlockWheelRequest, unlockWheelResponseSchema } from '@wheelmeet/contracts';
import { api } from '@/lib/api-client';

/** POST /api/wheels/{id}/access: answers with the open wheel and a grant when the code is right. */
export function unlockWheel(wheelId: string, accessCode: string) {
  return api.post(
    `/api/wheels/${encodeURIComponent(wheelId)}/access`,
    { accessCode } satisfies UnlockWheelRequest,
    unlockWheelResponseSchema,
  );
}
