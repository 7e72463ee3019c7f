import fp from 'fastify-plugin';
import { forwardDomainEventsToHub } from '../../realtime/pushes';
import { createPresenceHandlers } from './presence.hub';
import { createPresenceRepository } from './presence.repository';

/**
 * Being on a wheel (JoinWheel, LeaveWheel, a seat kept through a short drop), on every hub
 * connection. It answers with the wheel's snapshot and, on leaving, ends the person's calls and
 * matches, so it stands above wheels, rounds, matches and calls. When the app starts closing,
 * pending seat releases stop (a preClose hook; the hub itself closes after the modules).
 *
 * It also starts the pushes that turn domain events into hub messages, since it keeps the
 * wheels' push numbers that the pushes carry and its snapshots are current to (issue 36).
 */
export const presenceModule = fp(
  async (app) => {
    const multiProcess = app.hubRedis !== undefined;
    const repository = createPresenceRepository(app.db);
    const pushes = forwardDomainEventsToHub(app.events, app.hub.io, {
      multiProcess,
      reservePushSeqs: repository.reservePushSeqs,
      log: app.log,
    });
    // Closed: seat changes still gathered are dropped (the connections are gone; a reconnect reads a snapshot).
    app.addHook('onClose', async () => pushes.stop());
    const handlers = createPresenceHandlers({
      hub: app.hub.io,
      wheels: app.wheels,
      rounds: app.rounds,
      participants: app.participants,
      calls: app.calls,
      matches: app.matches,
      isPresent: app.presence.isPresent,
      slotReleaseGraceMs: app.config.slotReleaseGraceMs,
      multiProcess,
      pushes,
      currentPushSeq: repository.currentPushSeq,
      log: app.log,
    });
    app.hub.handle((socket) => handlers.register(socket));
    app.addHook('preClose', async () => handlers.stop());
  },
  { name: 'presence', dependencies: ['hub', 'wheels', 'rounds', 'participants', 'calls', 'matches'] },
);
