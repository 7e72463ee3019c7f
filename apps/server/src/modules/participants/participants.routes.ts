import {
  errorBodySchema,
  registerParticipantRequestSchema,
  registerParticipantResponseSchema,
  WHEEL_ACCESS_HEADER,
} from '@wheelmeet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { headerValue } from '../../lib/http';
import { participantRegistrationLimit } from '../../plugins/form-rate-limit';
import type { ParticipantsService } from './participants.service';

export const participantsRoutes: FastifyPluginAsyncZod<{
  participants: ParticipantsService;
  /** Registrations per client per minute. */
  registrationLimit: number;
}> = async (app, { participants, registrationLimit }) => {
  app.post(
    '/api/users/anonymous',
    {
      onRequest: app.rateLimit(participantRegistrationLimit('participant-registrations', registrationLimit)),
      schema: {
        tags: ['participants'],
        summary: "Register on a wheel with the wheel's own form; answers the participant and their token",
        body: registerParticipantRequestSchema,
        response: {
          201: registerParticipantResponseSchema,
          400: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await participants.register(request.body, headerValue(request.headers[WHEEL_ACCESS_HEADER]))),
  );
};
