import { queryOptions } from '@tanstack/react-query';
import {
  type AdminWheel,
  type AdminWheelRow,
  adminWheelRowSchema,
  adminWheelSchema,
  type CreateWheelRequest,
  type RoundControlRequest,
  type UpdateWheelRequest,
  type WheelTimingRequest,
  wheelReportSchema,
} from '@wheelmeet/contracts';
import { api } from '@/lib/api-client';
import { adminResource } from './admin-resource';
import { ADMIN_QUERY_KEY } from './session';

export const wheelsKey = [...ADMIN_QUERY_KEY, 'wheels'] as const;

const wheels = adminResource<AdminWheelRow, AdminWheel, CreateWheelRequest, UpdateWheelRequest>(
  '/api/admin/wheels',
  wheelsKey,
  { list: adminWheelRowSchema.array(), item: adminWheelSchema },
);

/** GET /api/admin/wheels: every wheel for an admin, a business user's own for them. */
export const wheelsQuery = wheels.listQuery;
export const { create: createWheel, update: updateWheel, remove: deleteWheel } = wheels;

export const wheelQuery = (id: string) =>
  queryOptions({
    queryKey: [...wheelsKey, id],
    queryFn: () => api.get(wheels.itemPath(id), adminWheelSchema),
  });

/** The live controls: new round and call lengths, felt at once by everyone on the wheel. */
export const changeTiming = (id: string, timing: WheelTimingRequest): Promise<AdminWheel> =>
  api.put(`${wheels.itemPath(id)}/timing`, timing, adminWheelSchema);

/** POST /api/admin/wheels/{id}/rounds: spin now, pause or resume. */
export const controlRounds = (id: string, action: RoundControlRequest['action']): Promise<AdminWheel> =>
  api.post(`${wheels.itemPath(id)}/rounds`, { action }, adminWheelSchema);

/** GET /api/admin/wheels/{id}/report: how matching went, round by round (the owner or an admin). */
export const wheelReportQuery = (id: string) =>
  queryOptions({
    queryKey: [...wheelsKey, id, 'report'],
    queryFn: () => api.get(`${wheels.itemPath(id)}/report`, wheelReportSchema),
  });
