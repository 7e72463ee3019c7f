import { z } from 'zod';
import { fromJsonColumn } from '../../db/json';
import type { Staff } from '../auth/auth.service';

/** The origins stored for a wheel; a missing or damaged value allows no site. */
export const storedOrigins = (column: string | null): string[] =>
  fromJsonColumn(column, z.array(z.string()), []);

/** Admins manage every wheel, a business user only their own. */
export const mayManage = (staff: Staff, ownerId: string | null): boolean =>
  staff.kind === 'Admin' || ownerId === staff.id;

/**
 * The page's content security policy with `frame-ancestors` naming the sites allowed to embed
 * it: the browser refuses to show the page in a frame on any other site. No site listed: 'none',
 * as on every other page. The origins were validated on the way in (no spaces, `;` or quotes).
 */
export function withFrameAncestors(policy: string, origins: readonly string[]): string {
  const directive = `frame-ancestors ${origins.length > 0 ? origins.join(' ') : "'none'"}`;
  const others = policy
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith('frame-ancestors'));
  return [...others, directive].join(';');
}
