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
          'HTTP API of WheelMeet. Errors always have the shape { error: { code, reason, message, details? } }; reason is one of a closed set (see the ErrorBody schema).',
        version: '1.0.0',
      },
      servers: publicOrigin ? [{ url: publicOrigin }] : [],
      tags: [
        {
          name: 'public api',
          description:
            'For Professional and Enterprise plans (decision 018). Send an API key made in the admin area ' +
            '(API keys page) as `Authorization: Bearer wm_live_…`. A key sees only its owner’s wheels. ' +
            'A plan without the API answers 403 plan_required; a revoked key 401; too many requests 429.',
        },
      ],
      components: {
        securitySchemes: {
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'wm_live_…',
            description: 'An API key from the admin area’s API keys page.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  // No CSP of its own: the product's (security-headers.ts) already allows what Swagger UI needs, its
  // scripts and styles from our own origin and inline style attributes.
  await app.register(swaggerUi, { routePrefix: API_DOCS_PATH });
}
