import { type DemoRequest, demoRequestResponseSchema } from '@wheelmeet/contracts';
import { api } from '@/lib/api-client';

/** POST /api/business/demo-request: the admins see it in their demo request list. */
export function requestDemo(request: DemoRequest) {
  return api.post('/api/business/demo-request', request, demoRequestResponseSchema);
}
