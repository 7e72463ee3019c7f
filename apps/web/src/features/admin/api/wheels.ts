import { queryOptions } from '@tanstack/react-query';
import {
  type AdminWheel,
  type AdminWheelRow,
  type Announcement,
  adminWheelRowSchema,
  adminWheelSchema,
  announcementSchema,
  type CreateWheelRequest,
  errorBodySchema,
  type RoundControlAction,
  type UpdateWheelRequest,
  type WheelTimingRequest,
  wheelLiveSchema,
  wheelReportSchema,
} from '@wheelmeet/contracts';
import { ApiError, api, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { getAdminToken } from '@/lib/auth-storage';
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

/** POST /api/admin/wheels/{id}/rounds: spin now, pause, resume, start the event now or end it. */
export const controlRounds = (id: string, action: RoundControlAction): Promise<AdminWheel> =>
  api.post(`${wheels.itemPath(id)}/rounds`, { action }, adminWheelSchema);

/** How often the live console asks again: often enough for a countdown to feel live. */
export const LIVE_POLL_MS = 2_000;

/** GET /api/admin/wheels/{id}/live: the live console's figures, asked again while the page is shown. */
export const wheelLiveQuery = (id: string) =>
  queryOptions({
    queryKey: [...wheelsKey, id, 'live'],
    queryFn: () => api.get(`${wheels.itemPath(id)}/live`, wheelLiveSchema),
    refetchInterval: LIVE_POLL_MS,
  });

/** POST /api/admin/wheels/{id}/announcements: the host speaks to everyone on the wheel. */
export const announce = (id: string, message: string): Promise<Announcement> =>
  api.post(`${wheels.itemPath(id)}/announcements`, { message }, announcementSchema);

/** GET /api/admin/wheels/{id}/report: how matching went, round by round (the owner or an admin). */
export const wheelReportQuery = (id: string) =>
  queryOptions({
    queryKey: [...wheelsKey, id, 'report'],
    queryFn: () => api.get(`${wheels.itemPath(id)}/report`, wheelReportSchema),
  });

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** The name the server gives the file (`Content-Disposition: attachment; filename="…"`), if any. */
const attachmentName = (disposition: string | null) =>
  disposition?.match(/filename="?([^";]+)"?/)?.[1] ?? null;

/**
 * GET /api/admin/wheels/{id}/export.csv (the owner or an admin). The admin session travels in
 * the Authorization header, which a plain link cannot send, so the file is fetched here; the API
 * client only reads JSON answers.
 */
export async function downloadWheelCsv(id: string): Promise<DownloadedFile> {
  const token = getAdminToken();
  let response: Response;
  try {
    response = await fetch(`${wheels.itemPath(id)}/export.csv`, {
      headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  } catch {
    throw new ApiError({ status: 0, code: 'network_error', message: NETWORK_ERROR_MESSAGE });
  }
  if (!response.ok) {
    const body = errorBodySchema.safeParse(await response.json().catch(() => undefined));
    throw new ApiError({
      status: response.status,
      code: body.success ? body.data.error.code : 'internal_error',
      message: `The CSV export failed with status ${response.status}.`,
      ...(body.success ? { reason: body.data.error.reason, serverMessage: body.data.error.message } : {}),
    });
  }
  return {
    blob: await response.blob(),
    fileName: attachmentName(response.headers.get('Content-Disposition')) ?? `wheel-${id}.csv`,
  };
}
