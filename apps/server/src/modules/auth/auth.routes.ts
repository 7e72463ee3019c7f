import {
  errorBodySchema,
  loginRequestSchema,
  loginResponseSchema,
  profileResponseSchema,
} from '@wheelmeet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthService } from './auth.service';
import { staffGuard, staffOf } from './staff-guard';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/api/admin/login',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Sign in: an admin with username, a business user with email. Answers a device token to send with the next sign-in to the account; with it the account's delay and a queue full of strangers' sign-ins do not hold this one up. 429 (with Retry-After) when throttled or when the password queue is full",
        body: loginRequestSchema,
        response: {
          200: loginResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    (request) => auth.login(request.body, request.ip),
  );

  app.get(
    '/api/admin/profile',
    {
      onRequest: staffGuard(auth, 'any'),
      schema: {
        tags: ['admin'],
        summary: 'Who is signed in',
        response: { 200: profileResponseSchema, 401: errorBodySchema },
      },
    },
    (request) => {
      const staff = staffOf(request);
      return { profile: staff.profile, userType: staff.kind };
    },
  );
};
