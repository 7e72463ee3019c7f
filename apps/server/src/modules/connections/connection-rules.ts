import {
  CONTACT_FIELD_LABELS,
  CONTACT_FIELDS,
  type ContactDetails,
  type ContactField,
  contactFieldSchema,
} from '@wheelmeet/contracts';
import { z } from 'zod';
import { fromJsonColumn } from '../../db/json';

/** The fields people may share on a wheel: the organiser's list, or all of them. */
export const allowedContactFields = (column: string | null): ContactField[] =>
  fromJsonColumn(column, z.array(contactFieldSchema), [...CONTACT_FIELDS]);

/** Why a choice to share cannot be saved, in the person's words; null when it can. */
export function contactProblem(share: boolean, contact: ContactDetails, allowed: readonly ContactField[]) {
  const given = CONTACT_FIELDS.filter((field) => contact[field] !== undefined);
  const refused = given.find((field) => !allowed.includes(field));
  if (refused)
    return `The organiser does not collect ${CONTACT_FIELD_LABELS[refused].toLowerCase()} on this wheel.`;
  if (share && given.length === 0) return 'Add at least one way to reach you, or choose not to share.';
  return null;
}

/** The partner's details are shown only when both chose to share: never one-sidedly. */
export function partnerContactFor(
  mine: { share: boolean } | undefined,
  theirs: { share: boolean; contact: ContactDetails } | undefined,
): ContactDetails | null {
  return mine?.share && theirs?.share ? theirs.contact : null;
}
