import fp from 'fastify-plugin';
import { createAuthRepository } from './auth.repository';
import { authRoutes } from './auth.routes';
import { type AuthService, createAuthService } from './auth.service';
import { createDeviceTokens } from './device-tokens';
import { createSignInThrottle, type SignInThrottle } from './sign-in-throttle';

declare module 'fastify' {
  interface FastifyInstance {
    /** Who is signed in to the admin area; every module's staff guards ask it. */
    auth: AuthService;
    /** One throttle for every password guess, staff and organisers alike. */
    signInThrottle: SignInThrottle;
  }
}

/**
 * Signing in to the admin area: the accounts' repository, the service and the routes
 * (/api/admin/login, /api/admin/profile), and `request.staff`, which the staff guards set.
 */
export const authModule = fp(
  async (app) => {
    const signInThrottle = createSignInThrottle({ clock: app.clock, limiters: app.limiters });
    const accounts = createAuthRepository(app.db);
    const auth = createAuthService({
      accounts,
      tokens: app.tokens,
      clock: app.clock,
      passwords: app.passwords,
      throttle: signInThrottle,
      devices: createDeviceTokens({ accounts, clock: app.clock, random: app.random }),
    });
    app.decorate('auth', auth);
    app.decorate('signInThrottle', signInThrottle);
    app.decorateRequest('staff', null);
    await app.register(authRoutes, { auth });
  },
  { name: 'auth', dependencies: ['infrastructure'] },
);
