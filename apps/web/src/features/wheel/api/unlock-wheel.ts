import { openWheelSchema, type UnlockWheelRequest } from '@wheelmeet/contracts';
import { api } from '@/lib/api-client';

/** POST /api/wheels/{id}/access: answers with the open wheel when the code is right. */
export function unlockWheel(wheelId: string, accessCode: string) {
  return api.post(
    `/api/wheels/${encodeURIComponent(wheelId)}/access`,
    { accessCode } satisfies UnlockWheelRequest,
    openWheelSchema,
  );
}
