import {
  apiKeysResponseSchema,
  createApiKeyRequestSchema,
  createdApiKeySchema,
  createdWebhookSchema,
  createWebhookRequestSchema,
  errorBodySchema,
  webhookDeliverySchema,
  webhookSchema,
} from '@wheelmeet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../lib/route-schemas';
import type { AuthService } from '../auth/auth.service';
import { staffGuard, staffOf } from '../auth/staff-guard';
import type { ApiKeysService } from './api-keys.service';
import type { WebhooksService } from './webhooks.service';

/** Request bodies of the public API are small; anything larger is refused with 413. */
export const PUBLIC_API_BODY_LIMIT = 16 * 1024;

/** The error answers a public API route may give. */
export const publicApiErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  413: errorBodySchema,
  429: errorBodySchema,
};

/**
 * `/api/admin/api-keys` and `/api/admin/webhooks`: a business user manages their own keys and
 * webhooks in the admin area, as a key does under /api/v1.
 */
export const adminRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  apiKeys: ApiKeysService;
  webhooks: WebhooksService;
}> = async (app, { auth, apiKeys, webhooks }) => {
  app.addHook('onRequest', staffGuard(auth, 'business-user'));
  const tags = ['admin api keys'];
  app.get(
    '/api/admin/api-keys',
    { schema: { tags, response: { 200: apiKeysResponseSchema, ...publicApiErrors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return apiKeys.list(staffOf(request));
    },
  );
  app.post(
    '/api/admin/api-keys',
    {
      schema: {
        tags,
        summary: 'Create an API key; the whole key is in this answer only',
        body: createApiKeyRequestSchema,
        response: { 201: createdApiKeySchema, ...publicApiErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(await apiKeys.create(staffOf(request), request.body.name));
    },
  );
  app.delete(
    '/api/admin/api-keys/:id',
    {
      schema: {
        tags,
        summary: 'Revoke an API key: requests with it are refused from now on',
        params: idParamsSchema,
        response: { 204: z.null(), ...publicApiErrors },
      },
    },
    async (request, reply) => {
      await apiKeys.revoke(staffOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  const webhookTags = ['admin webhooks'];
  app.get(
    '/api/admin/webhooks',
    { schema: { tags: webhookTags, response: { 200: z.array(webhookSchema), ...publicApiErrors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return webhooks.list(apiKeys.ownerOf(staffOf(request)));
    },
  );
  app.post(
    '/api/admin/webhooks',
    {
      bodyLimit: PUBLIC_API_BODY_LIMIT,
      schema: {
        tags: webhookTags,
        summary:
          'Subscribe a URL to events, as POST /api/v1/webhooks does; the secret is in this answer only',
        body: createWebhookRequestSchema,
        response: { 201: createdWebhookSchema, ...publicApiErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const ownerId = await apiKeys.ownerWithApi(staffOf(request));
      return reply.code(201).send(await webhooks.subscribe(ownerId, request.body));
    },
  );
  app.delete(
    '/api/admin/webhooks/:id',
    {
      schema: {
        tags: webhookTags,
        summary: 'Unsubscribe: deliveries to this URL stop at once',
        params: idParamsSchema,
        response: { 204: z.null(), ...publicApiErrors },
      },
    },
    async (request, reply) => {
      await webhooks.remove(apiKeys.ownerOf(staffOf(request)), request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.get(
    '/api/admin/webhooks/:id/deliveries',
    {
      schema: {
        tags: webhookTags,
        summary: 'The latest 100 deliveries of a webhook and how they went',
        params: idParamsSchema,
        response: { 200: z.array(webhookDeliverySchema), ...publicApiErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return webhooks.deliveries(apiKeys.ownerOf(staffOf(request)), request.params.id);
    },
  );
};
