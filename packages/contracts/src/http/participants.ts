import { z } from 'zod';
import { participantSchema, wheelIdSchema } from './wheels';

const registrationValueSchema = z.union([z.string().max(2_000), z.number(), z.boolean(), z.null()]);

/**
 * POST /api/users/anonymous: the spec's registration payload. The answers to the wheel's
 * registration form travel in `registrationData`, keyed by field name; they are checked
 * against that wheel's form on the server.
 */
export const registerParticipantRequestSchema = z
  .object({
    wheelId: wheelIdSchema,
    /**
     * A random UUID the browser generated once and keeps (localStorage), sent with every
     * registration: a browser whose participant the organiser removed from a wheel cannot
     * register on that wheel again (403, decision 016).
     */
    sessionId: z.uuid(),
    /** The browser's real-time connection id when it has one. */
    connectionId: z.string().max(100).nullish(),
    registrationData: z.record(z.string().max(100), registrationValueSchema),
  })
  .meta({ id: 'RegisterParticipantRequest' });
export type RegisterParticipantRequest = z.infer<typeof registerParticipantRequestSchema>;

export const registeredParticipantSchema = participantSchema
  .extend({ wheelId: wheelIdSchema })
  .meta({ id: 'RegisteredParticipant' });
export type RegisteredParticipant = z.infer<typeof registeredParticipantSchema>;

export const registerParticipantResponseSchema = z
  .object({
    user: registeredParticipantSchema,
    /** Proves who the participant is to the API and the hub; keep it with the user. */
    token: z.string(),
  })
  .meta({ id: 'RegisterParticipantResponse' });
export type RegisterParticipantResponse = z.infer<typeof registerParticipantResponseSchema>;
