import { clientConfigSchema, ROUND_RESET_MS, SPIN_ANIMATION_MS } from '@wheelmeet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerToken } from '../../lib/http';
import type { TokenService } from '../../lib/tokens';
import type { CallsService } from '../calls/calls.service';

export interface ClientConfigRoutesOptions {
  calls: CallsService;
  tokens: TokenService;
  payments: { mode: 'stripe' | 'test'; publishableKey: string | null };
  defaultRoundSeconds: number;
}

/** The browser's run-time configuration; nothing in the bundle is environment-specific. */
export const clientConfigRoutes: FastifyPluginAsyncZod<ClientConfigRoutesOptions> = async (app, options) => {
  app.get(
    '/api/config',
    {
      schema: {
        tags: ['system'],
        summary:
          'Run-time configuration for the browser: ICE servers (TURN credentials for participants), payment mode, round timing',
        response: { 200: clientConfigSchema },
      },
    },
    async (request, reply) => {
      const token = bearerToken(request.headers.authorization);
      const participant = token ? await options.tokens.verifyParticipant(token) : undefined;
      // Per-participant, short-lived credentials must not be cached or shared.
      reply.header('cache-control', 'no-store');
      return {
        iceServers: options.calls.iceServers(participant?.participantId),
        payments: options.payments,
        rounds: {
          defaultRoundSeconds: options.defaultRoundSeconds,
          spinAnimationMs: SPIN_ANIMATION_MS,
          resetMs: ROUND_RESET_MS,
        },
      };
    },
  );
};
