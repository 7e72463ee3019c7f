import fp from 'fastify-plugin';
import { createSettingsRepository } from './settings.repository';
import { createSettingsService, type SettingsService } from './settings.service';

declare module 'fastify' {
  interface FastifyInstance {
    settings: SettingsService;
  }
}

/**
 * Site settings: the repository and the service. No routes of their own: the admin dashboard
 * serves them and email notifications read them.
 */
export const settingsModule = fp(
  async (app) => {
    app.decorate(
      'settings',
      createSettingsService({ clock: app.clock, settings: createSettingsRepository(app.db) }),
    );
  },
  { name: 'settings', dependencies: ['infrastructure'] },
);
