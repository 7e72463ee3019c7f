import fp from 'fastify-plugin';
import { createEmbedRepository } from './embed.repository';
import { embedAdminRoutes, embedPublicRoutes } from './embed.routes';
import { createEmbedService } from './embed.service';

/** The embeddable wheel (issue 13, decision 017): the sites allowed to frame it, the framed page and its script. */
export const embedModule = fp(
  async (app) => {
    const embed = createEmbedService({ embed: createEmbedRepository(app.db) });
    await app.register(embedAdminRoutes, { auth: app.auth, embed });
    await app.register(embedPublicRoutes, { embed });
  },
  { name: 'embed', dependencies: ['infrastructure', 'auth'] },
);
