import { queryOptions } from '@tanstack/react-query';
import {
  type AdminWheel,
  adminWheelRowSchema,
  adminWheelSchema,
  type CreateWheelRequest,
  type RoundControlRequest,
  type UpdateWheelRequest,
  type WheelTimingRequest,
} from '@wheelmeet/contracts';
import { api } from '@/lib/api-client';
import { ADMIN_QUERY_KEY } from './session';

export const wheelsKey = [...ADMIN_QUERY_KEY, 'wheels'] as const;

const wheelListSchema = adminWheelRowSchema.array();

/** GET /api/admin/wheels: every wheel for an admin, a business user's own for them. */
export const wheelsQuery = () =>
  queryOptions({ queryKey: wheelsKey, queryFn: () => api.get('/api/admin/wheels', wheelListSchema) });

export const wheelQuery = (id: string) =>
  queryOptions({
    queryKey: [...wheelsKey, id],
    queryFn: () => api.get(`/api/admin/wheels/${encodeURIComponent(id)}`, adminWheelSchema),
  });

export const createWheel = (body: CreateWheelRequest): Promise<AdminWheel> =>
  api.post('/api/admin/wheels', body, adminWheelSchema);

export const updateWheel = (id: string, body: UpdateWheelRequest): Promise<AdminWheel> =>
  api.put(`/api/admin/wheels/${encodeURIComponent(id)}`, body, adminWheelSchema);

export const deleteWheel = (id: string): Promise<void> =>
  api.delete(`/api/admin/wheels/${encodeURIComponent(id)}`);

/** POST /api/admin/wheels/{id}/rounds: spin now, pause or resume. */
/** The live controls: new round and call lengths, felt at once by everyone on the wheel. */
export const changeTiming = (id: string, timing: WheelTimingRequest): Promise<AdminWheel> =>
  api.put(`/api/admin/wheels/${encodeURIComponent(id)}/timing`, timing, adminWheelSchema);

export const controlRounds = (id: string, action: RoundControlRequest['action']): Promise<AdminWheel> =>
  api.post(`/api/admin/wheels/${encodeURIComponent(id)}/rounds`, { action }, adminWheelSchema);
