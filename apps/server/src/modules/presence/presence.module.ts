import fp from 'fastify-plugin';
import { createPresenceHandlers } from './presence.hub';

/**
 * Being on a wheel (JoinWheel, LeaveWheel, a seat kept through a short drop), on every hub
 * connection. It answers with the wheel's snapshot and, on leaving, ends the person's calls and
 * matches, so it stands above wheels, rounds, matches and calls. When the app starts closing,
 * pending seat releases stop (a preClose hook; the hub itself closes after the modules).
 */
export const presenceModule = fp(
  async (app) => {
    const handlers = createPresenceHandlers({
      hub: app.hub.io,
      wheels: app.wheels,
      rounds: app.rounds,
      participants: app.participants,
      calls: app.calls,
      matches: app.matches,
      isPresent: app.presence.isPresent,
      slotReleaseGraceMs: app.config.slotReleaseGraceMs,
      multiProcess: app.hubRedis !== undefined,
      log: app.log,
    });
    app.hub.handle((socket) => handlers.register(socket));
    app.addHook('preClose', async () => handlers.stop());
  },
  { name: 'presence', dependencies: ['hub', 'wheels', 'rounds', 'participants', 'calls', 'matches'] },
);
