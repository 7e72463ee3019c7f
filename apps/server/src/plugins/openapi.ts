import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const API_DOCS_PATH = '/api/docs';

/** The OpenAPI document is generated from the same zod schemas the routes validate with. */
export async function registerOpenApi(app: FastifyInstance, publicOrigin: string | undefined) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'WheelMeet API',
        description:
          'HTTP API of WheelMeet. Errors always have the shape { error: { code, message, details? } }.',
        version: '1.0.0',
      },
      servers: publicOrigin ? [{ url: publicOrigin }] : [],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: API_DOCS_PATH, staticCSP: true });
}
