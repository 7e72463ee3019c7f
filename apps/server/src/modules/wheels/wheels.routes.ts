import {
  errorBodySchema,
  getWheelResponseSchema,
  listPublicWheelsResponseSchema,
  openWheelSchema,
  unlockWheelRequestSchema,
  unlockWheelResponseSchema,
  WHEEL_ACCESS_HEADER,
  wheelParamsSchema,
} from '@wheelmeet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { headerValue } from '../../lib/http';
import { fastSerializerCompiler } from '../../lib/response-serializer';
import type { WheelsService } from './wheels.service';

export const wheelsRoutes: FastifyPluginAsyncZod<{ wheels: WheelsService }> = async (app, { wheels }) => {
  app.get(
    '/api/wheels/public',
    {
      serializerCompiler: fastSerializerCompiler,
      schema: {
        tags: ['wheels'],
        summary: 'Wheels anyone can join',
        response: { 200: listPublicWheelsResponseSchema },
      },
    },
    () => wheels.listPublicWheels(),
  );

  app.get(
    '/api/wheels/current',
    {
      serializerCompiler: fastSerializerCompiler,
      schema: {
        tags: ['wheels'],
        summary: 'The wheel behind / and /wheel: the oldest active public wheel',
        response: { 200: openWheelSchema, 404: errorBodySchema },
      },
    },
    () => wheels.getCurrentWheel(),
  );

  app.get(
    '/api/wheels/:id',
    {
      serializerCompiler: fastSerializerCompiler,
      schema: {
        tags: ['wheels'],
        summary: `One wheel; a wheel behind an access code answers its locked view unless the ${WHEEL_ACCESS_HEADER} header carries its grant`,
        params: wheelParamsSchema,
        response: { 200: getWheelResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    (request) =>
      wheels.getWheelForVisitor(request.params.id, headerValue(request.headers[WHEEL_ACCESS_HEADER])),
  );

  app.post(
    '/api/wheels/:id/access',
    {
      schema: {
        tags: ['wheels'],
        summary: 'Unlock a private wheel with its access code; answers the wheel and an access grant',
        params: wheelParamsSchema,
        body: unlockWheelRequestSchema,
        response: {
          200: unlockWheelResponseSchema,
          400: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    (request) => wheels.unlockWheel(request.params.id, request.body.accessCode, request.ip),
  );
};
