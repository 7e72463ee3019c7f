import { matchActionRequestSchema } from '@wheelmeet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { refusal } from '../../lib/errors';
import { acknowledged } from '../../realtime/acknowledge';
import type { HubSocket } from '../../realtime/sockets';
import type { MatchesService } from './matches.service';

const REGISTER_TO_ANSWER = 'Register on the wheel to answer a match.';

/** AcceptMatch and DeclineMatch: only the two people in a match may answer it. */
export function registerMatchHandlers(
  socket: HubSocket,
  deps: { matches: MatchesService; log: FastifyBaseLogger },
) {
  const me = () => {
    const participant = socket.data.participant;
    if (!participant) throw refusal('registration_required', REGISTER_TO_ANSWER);
    return participant;
  };

  socket.on(
    'AcceptMatch',
    acknowledged(matchActionRequestSchema, deps.log, ({ matchId }) => deps.matches.accept(matchId, me())),
  );
  socket.on(
    'DeclineMatch',
    acknowledged(matchActionRequestSchema, deps.log, ({ matchId }) => deps.matches.decline(matchId, me())),
  );
}
