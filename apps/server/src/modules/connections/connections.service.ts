import {
  type Connection,
  type ContactDetails,
  contactDetailsSchema,
  displayNameOf,
  type FollowUpChoice,
  type MyConnections,
} from '@wheelmeet/contracts';
import { fromJsonColumn, toJsonColumn } from '../../db/json';
import type { DomainEvents } from '../../events/domain-events';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import { sideOf } from '../matches/matches.service';
import { allowedContactFields, contactProblem, partnerContactFor } from './connection-rules';
import type { ConnectionsRepository, FollowUpRow } from './connections.repository';

export const NOT_MET_YET = 'You can keep in touch once your call has started, or after a declined match.';

/** "My connections": the people a participant met on their wheel and what was shared (decision 015). */
export function createConnectionsService(deps: {
  connections: ConnectionsRepository;
  clock: Clock;
  /** Told of the `connection.made` webhook deliveries a save recorded (decision 028). */
  events: Pick<DomainEvents, 'publish'>;
}) {
  const { connections, clock, events } = deps;

  const contactOf = (row: FollowUpRow): ContactDetails =>
    fromJsonColumn(row.contact, contactDetailsSchema, {});

  async function myConnections(wheelId: string, participantId: string): Promise<MyConnections> {
    const [met, wheel] = await Promise.all([
      connections.listMetBy(wheelId, participantId),
      connections.contactFieldsOf(wheelId),
    ]);
    const followUps = await connections.listFollowUps(met.map((match) => match.id));
    const choice = (matchId: string, who: string) =>
      followUps.find((row) => row.match_id === matchId && row.participant_id === who);
    return {
      wheelId,
      contactFields: allowedContactFields(wheel?.contact_fields ?? null),
      connections: met.map((match): Connection => {
        const iAmUser1 = match.user1_id === participantId;
        const partnerId = iAmUser1 ? match.user2_id : match.user1_id;
        const mine = choice(match.id, participantId);
        const theirs = choice(match.id, partnerId);
        return {
          matchId: match.id,
          round: match.round,
          partner: {
            id: partnerId,
            displayName: displayNameOf({
              id: partnerId,
              username: iAmUser1 ? match.user2_username : match.user1_username,
            }),
          },
          metAt: match.call_started_at,
          declined: match.status === 'Rejected',
          mine: mine
            ? { share: mine.share, contact: contactOf(mine), rating: mine.rating, note: mine.note }
            : null,
          partnerContact: partnerContactFor(
            mine,
            theirs && { share: theirs.share, contact: contactOf(theirs) },
          ),
        };
      }),
    };
  }

  return {
    myConnections,

    /** Records this side's choice after a call or a declined match; the connection as the caller now sees it. */
    async followUp(matchId: string, participantId: string, choice: FollowUpChoice): Promise<Connection> {
      const match = await connections.findMatch(matchId);
      if (!match) throw notFound('Match not found');
      sideOf(match, participantId);
      if (match.call_started_at === null && match.status !== 'Rejected')
        throw new AppError('conflict', NOT_MET_YET);
      const wheel = await connections.contactFieldsOf(match.wheel_id);
      const problem = contactProblem(
        choice.share,
        choice.contact,
        allowedContactFields(wheel?.contact_fields ?? null),
      );
      if (problem) throw new AppError('validation_failed', problem);
      const deliveries = await connections.save({
        match_id: matchId,
        participant_id: participantId,
        wheel_id: match.wheel_id,
        share: choice.share,
        // Details kept only when shared: choosing not to share forgets them.
        contact: toJsonColumn(choice.share ? choice.contact : {}),
        rating: choice.rating,
        note: choice.note || null,
        updated_at: clock.now().toISOString(),
      });
      if (deliveries.length > 0) await events.publish('webhookDeliveriesRecorded', { deliveries });
      const mine = await myConnections(match.wheel_id, participantId);
      const connection = mine.connections.find((entry) => entry.matchId === matchId);
      if (!connection) throw notFound('Match not found');
      return connection;
    },
  };
}

export type ConnectionsService = ReturnType<typeof createConnectionsService>;
