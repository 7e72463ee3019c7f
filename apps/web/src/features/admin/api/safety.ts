import { queryOptions } from '@tanstack/react-query';
import {
  type RemoveParticipantResponse,
  type ReportHandledResponse,
  removeParticipantResponseSchema,
  reportHandledResponseSchema,
  safetyReportsResponseSchema,
} from '@wheelmeet/contracts';
import { api } from '@/lib/api-client';
import { wheelsKey } from './wheels';

/** GET /api/admin/wheels/{id}/safety/reports: reports about people on the wheel, newest first. */
export const safetyReportsQuery = (wheelId: string) =>
  queryOptions({
    queryKey: [...wheelsKey, wheelId, 'safety-reports'],
    queryFn: () =>
      api.get(`/api/admin/wheels/${encodeURIComponent(wheelId)}/safety/reports`, safetyReportsResponseSchema),
  });

/** POST /api/admin/wheels/{id}/safety/removals: takes a participant off the wheel for good. */
export const removeParticipant = (
  wheelId: string,
  participantId: string,
): Promise<RemoveParticipantResponse> =>
  api.post(
    `/api/admin/wheels/${encodeURIComponent(wheelId)}/safety/removals`,
    { participantId },
    removeParticipantResponseSchema,
  );

/** PUT /api/admin/wheels/{id}/safety/reports/{reportId}/handled: a report dealt with, or open again. */
export const markReportHandled = (
  wheelId: string,
  reportId: string,
  handled: boolean,
): Promise<ReportHandledResponse> =>
  api.put(
    `/api/admin/wheels/${encodeURIComponent(wheelId)}/safety/reports/${encodeURIComponent(reportId)}/handled`,
    { handled },
    reportHandledResponseSchema,
  );
