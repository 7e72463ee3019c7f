import { z } from 'zod';
import { wheelIdSchema } from './wheels';

/**
 * Issue 13 (3): safety. A participant may block and/or report someone they were matched with
 * on their wheel; organisers (their own wheels) and admins read the reports and may remove a
 * participant from the wheel (decision 016).
 */
export const REPORT_REASONS = ['harassment', 'inappropriate', 'spam', 'impersonation', 'other'] as const;
export const reportReasonSchema = z.enum(REPORT_REASONS);
export type ReportReason = z.infer<typeof reportReasonSchema>;

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  harassment: 'Harassment or threats',
  inappropriate: 'Inappropriate or offensive behaviour',
  spam: 'Spam or selling',
  impersonation: 'Pretending to be someone else',
  other: 'Something else',
};

export const REPORT_DETAILS_MAX = 1_000;

/** POST /api/me/safety/{matchId}: block the other person of this match, report them, or both. */
export const safetyActionRequestSchema = z
  .object({
    block: z.boolean(),
    report: z
      .object({
        reason: reportReasonSchema,
        details: z.string().trim().max(REPORT_DETAILS_MAX).nullable().default(null),
      })
      .nullable()
      .default(null),
  })
  .refine((action) => action.block || action.report !== null, {
    message: 'Choose to block, to report, or both.',
    path: ['block'],
  })
  .meta({ id: 'SafetyActionRequest' });
export type SafetyActionRequest = z.input<typeof safetyActionRequestSchema>;
export type SafetyAction = z.output<typeof safetyActionRequestSchema>;

export const safetyActionResponseSchema = z
  .object({ blocked: z.boolean(), reported: z.boolean() })
  .meta({ id: 'SafetyActionResponse' });
export type SafetyActionResponse = z.infer<typeof safetyActionResponseSchema>;

/** One report, as an organiser or admin reads it on the wheel's page. */
export const safetyReportSchema = z
  .object({
    id: z.uuid(),
    wheelId: wheelIdSchema,
    reporter: z.object({ id: z.uuid(), displayName: z.string() }),
    reported: z.object({ id: z.uuid(), displayName: z.string(), removed: z.boolean() }),
    reason: reportReasonSchema,
    details: z.string().nullable(),
    /** Whether the reporter also blocked the person. */
    blocked: z.boolean(),
    createdAt: z.iso.datetime(),
    /** When an organiser or admin marked it handled; null while it needs looking at. */
    handledAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'SafetyReport' });
export type SafetyReport = z.infer<typeof safetyReportSchema>;

/** PUT /api/admin/wheels/{id}/safety/reports/{reportId}/handled: marks a report handled, or open again. */
export const reportHandledRequestSchema = z
  .object({ handled: z.boolean() })
  .meta({ id: 'ReportHandledRequest' });
export type ReportHandledRequest = z.infer<typeof reportHandledRequestSchema>;

export const reportHandledResponseSchema = z
  .object({ id: z.uuid(), handledAt: z.iso.datetime().nullable() })
  .meta({ id: 'ReportHandledResponse' });
export type ReportHandledResponse = z.infer<typeof reportHandledResponseSchema>;

/** GET /api/admin/wheels/{id}/safety/reports: newest first. */
export const safetyReportsResponseSchema = z.array(safetyReportSchema);

/** POST /api/admin/wheels/{id}/safety/removals: takes a participant off the wheel for good. */
export const removeParticipantRequestSchema = z
  .object({ participantId: z.uuid() })
  .meta({ id: 'RemoveParticipantRequest' });
export type RemoveParticipantRequest = z.infer<typeof removeParticipantRequestSchema>;

export const removeParticipantResponseSchema = z
  .object({ participantId: z.uuid(), removedAt: z.iso.datetime() })
  .meta({ id: 'RemoveParticipantResponse' });
export type RemoveParticipantResponse = z.infer<typeof removeParticipantResponseSchema>;

/** What a removed participant is told, over HTTP and the hub. */
export const REMOVED_FROM_WHEEL = 'The organiser removed you from this wheel.';

/** GET /api/me/safety/blocks: whom the participant blocked, so their pages can say so. */
export const myBlocksResponseSchema = z
  .object({ blockedIds: z.array(z.uuid()) })
  .meta({ id: 'MyBlocksResponse' });
export type MyBlocksResponse = z.infer<typeof myBlocksResponseSchema>;
