import {
  errorBodySchema,
  getWheelResponseSchema,
  listPublicWheelsResponseSchema,
  wheelParamsSchema,
} from '@wheelmeet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WheelsService } from './wheels.service';

export const wheelsRoutes: FastifyPluginAsyncZod<{ wheels: WheelsService }> = async (app, { wheels }) => {
  app.get(
    '/api/wheels/public',
    {
      schema: {
        tags: ['wheels'],
        summary: 'Wheels anyone can join',
        response: { 200: listPublicWheelsResponseSchema },
      },
    },
    () => wheels.listPublicWheels(),
  );

  app.get(
    '/api/wheels/:id',
    {
      schema: {
        tags: ['wheels'],
        summary: 'One wheel; a wheel behind an access code answers with its locked view only',
        params: wheelParamsSchema,
        response: { 200: getWheelResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    (request) => wheels.getWheelForVisitor(request.params.id),
  );
};
