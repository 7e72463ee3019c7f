import {
  type SendSummariesResponse,
  sendSummariesResponseSchema,
  type TestEmailResponse,
  testEmailResponseSchema,
} from '@wheelmeet/contracts';
import { api } from '@/lib/api-client';

/** Sends a test email with the saved SMTP settings (to the signed-in admin). */
export const sendTestEmail = (): Promise<TestEmailResponse> =>
  api.post('/api/admin/email/test', {}, testEmailResponseSchema);

/** After the event: emails each opted-in participant their connections, once. */
export const sendSummaries = (wheelId: string): Promise<SendSummariesResponse> =>
  api.post(`/api/admin/wheels/${encodeURIComponent(wheelId)}/summaries`, {}, sendSummariesResponseSchema);
