import {
  displayNameOf,
  effectiveRegistrationFields,
  type RegistrationValue,
  registrationConfigSchema,
} from '@wheelmeet/contracts';
import Papa from 'papaparse';
import { z } from 'zod';
import { fromJsonColumn } from '../../db/json';
import type { ParticipantRow, WheelRow } from '../../db/rows';
import type { FollowUpsTable, MatchesTable } from '../../db/schema';

export type ExportedMatch = Pick<
  MatchesTable,
  'id' | 'round' | 'user1_id' | 'user2_id' | 'status' | 'call_started_at' | 'call_ended_at' | 'closed_at'
>;
export type ExportedFollowUp = Pick<FollowUpsTable, 'match_id' | 'participant_id' | 'share' | 'rating'>;

export type ExportedStatus = 'accepted' | 'declined' | 'expired' | 'ended' | 'pending';

/**
 * A match's outcome in words an organiser reads, checked in this order:
 * - declined: someone said no (status Rejected);
 * - ended: a call took place and is over (call_ended_at), however it ended;
 * - expired: the server closed it before any call (closed_at: unanswered in time, a partner left,
 *   the call never started, or it was ended by a removal or block), as the API shows 'Expired';
 * - accepted: both said yes and the call is about to start or running (status Accepted);
 * - pending: still waiting for an answer.
 */
export function exportedStatusOf(match: ExportedMatch): ExportedStatus {
  if (match.status === 'Rejected') return 'declined';
  if (match.call_ended_at !== null) return 'ended';
  if (match.closed_at !== null) return 'expired';
  return match.status === 'Accepted' ? 'accepted' : 'pending';
}

/** Whole seconds of a finished call; null when no call took place (or it still runs). */
function callSeconds(match: ExportedMatch): number | null {
  if (match.call_started_at === null || match.call_ended_at === null) return null;
  return Math.round((Date.parse(match.call_ended_at) - Date.parse(match.call_started_at)) / 1000);
}

function contactsShared(user1Shared: boolean, user2Shared: boolean): string {
  if (user1Shared && user2Shared) return 'both';
  if (user1Shared) return 'person 1';
  return user2Shared ? 'person 2' : 'none';
}

const answersSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));

const answerText = (value: RegistrationValue | undefined): string => {
  if (value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
};

/** Header and rows of a wheel's matches, one row a match, for its organiser (issue 35). */
export function matchExportTable(input: {
  wheel: Pick<WheelRow, 'registration_fields'>;
  matches: readonly ExportedMatch[];
  participants: readonly ParticipantRow[];
  followUps: readonly ExportedFollowUp[];
}): { fields: string[]; data: Array<Array<string | number>> } {
  const formFields = effectiveRegistrationFields(
    fromJsonColumn(input.wheel.registration_fields, registrationConfigSchema.nullable(), null),
  );
  const people = new Map(
    input.participants.map((person) => [
      person.id,
      { name: displayNameOf(person), answers: fromJsonColumn(person.registration_data, answersSchema, {}) },
    ]),
  );
  const followUps = new Map(input.followUps.map((row) => [`${row.match_id}:${row.participant_id}`, row]));
  const followUpOf = (match: ExportedMatch, participantId: string) =>
    followUps.get(`${match.id}:${participantId}`);

  const fields = [
    'Round',
    'Person 1',
    'Person 2',
    ...formFields.flatMap((field) => [`Person 1 ${field.label}`, `Person 2 ${field.label}`]),
    'Status',
    'Call length (seconds)',
    'Contacts shared',
    'Person 1 rating',
    'Person 2 rating',
  ];
  const data = input.matches.map((match) => {
    const person1 = people.get(match.user1_id);
    const person2 = people.get(match.user2_id);
    const followUp1 = followUpOf(match, match.user1_id);
    const followUp2 = followUpOf(match, match.user2_id);
    return [
      match.round,
      person1?.name ?? displayNameOf({ id: match.user1_id }),
      person2?.name ?? displayNameOf({ id: match.user2_id }),
      ...formFields.flatMap((field) => [
        answerText(person1?.answers[field.name]),
        answerText(person2?.answers[field.name]),
      ]),
      exportedStatusOf(match),
      callSeconds(match) ?? '',
      contactsShared(followUp1?.share === true, followUp2?.share === true),
      followUp1?.rating ?? '',
      followUp2?.rating ?? '',
    ];
  });
  return { fields, data };
}

/** Excel opens a UTF-8 file as such only when it starts with a byte order mark. */
const UTF8_BOM = '\uFEFF';

/**
 * The table as CSV for spreadsheets: papaparse quotes as RFC 4180 asks, and `escapeFormulae`
 * prefixes a quote to cells starting with =, +, -, @, tab or CR, so a name like
 * `=HYPERLINK(…)` stays text instead of running as a formula (CSV injection).
 */
export function toCsv(table: { fields: string[]; data: Array<Array<string | number>> }): string {
  return UTF8_BOM + Papa.unparse(table, { escapeFormulae: true, newline: '\r\n' });
}
