import { embedSettingsRequestSchema, embedSettingsSchema, errorBodySchema } from '@wheelmeet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { adminErrorResponses, idParamsSchema } from '../../lib/route-schemas';
import type { AuthService } from '../auth/auth.service';
import { staffGuard, staffOf } from '../auth/staff-guard';
import { WHEEL_NOT_FOUND } from '../wheels/wheels.service';
import type { EmbedService } from './embed.service';
import { withFrameAncestors } from './embed-rules';
import { EMBED_SCRIPT } from './embed-script';

/** The organiser's list of sites, in the admin area: admins for every wheel, business users for their own. */
export const embedAdminRoutes: FastifyPluginAsyncZod<{ auth: AuthService; embed: EmbedService }> = async (
  app,
  { auth, embed },
) => {
  app.addHook('onRequest', staffGuard(auth, 'any'));
  const tags = ['admin wheels'];

  app.get(
    '/api/admin/wheels/:id/embed',
    {
      schema: {
        tags,
        summary: 'The sites allowed to embed the wheel, and where the iframe points',
        params: idParamsSchema,
        response: { 200: embedSettingsSchema, ...adminErrorResponses },
      },
    },
    (request) => embed.settings(staffOf(request), request.params.id),
  );

  app.put(
    '/api/admin/wheels/:id/embed',
    {
      schema: {
        tags,
        summary: 'Replace the sites allowed to embed the wheel (origins: http(s)://host[:port])',
        params: idParamsSchema,
        body: embedSettingsRequestSchema,
        response: { 200: embedSettingsSchema, ...adminErrorResponses },
      },
    },
    (request) => embed.save(staffOf(request), request.params.id, request.body.allowedOrigins),
  );
};

/** The embedded wheel's page and the snippet's script: public, with their own framing headers. */
export const embedPublicRoutes: FastifyPluginAsyncZod<{ embed: EmbedService }> = async (app, { embed }) => {
  app.get(
    '/embed/wheels/:wheelId',
    {
      schema: {
        tags: ['wheels'],
        summary:
          "The wheel's page for an iframe on the organiser's site (the web app, without the site's navigation)",
        params: z.object({ wheelId: z.string().max(100) }),
        response: { 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const sites = await embed.framingSites(request.params.wheelId);
      if (!sites) throw notFound(WHEEL_NOT_FOUND);
      // The security-headers hook has set the site-wide policy; this page differs only in who may frame it.
      const policy = String(reply.getHeader('content-security-policy') ?? '');
      reply.header('content-security-policy', withFrameAncestors(policy, sites));
      // frame-ancestors decides; the legacy header would refuse every other site, whatever the list says.
      reply.removeHeader('x-frame-options');
      reply.header('cache-control', 'no-cache');
      if (typeof reply.sendFile !== 'function') throw notFound('The web app is not built.');
      return reply.sendFile('index.html');
    },
  );

  app.get(
    '/embed.js',
    { schema: { tags: ['wheels'], summary: "The snippet's script: fits the iframe to the wheel's height" } },
    async (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        // Loaded by other sites' pages, so it must not be kept to our own origin.
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('cache-control', 'public, max-age=3600')
        .send(EMBED_SCRIPT),
  );
};
