import { z } from 'zod';
import type { Ring } from './wheel-geometry';

/**
 * Issue 38 (decision 032): who meets whom. A wheel may name its two rings and keep people with
 * a given registration answer on one of them, so every pair is one of each group (mentor and
 * mentee, buyer and seller). The server refuses a seat on the wrong ring; the web app uses the
 * same functions to tell a person which ring is theirs before they pick.
 */

export const RING_LABEL_MAX = 40;
export const RING_RULE_VALUES_MAX = 50;
export const RING_LABEL_DEFAULTS: Record<Ring, string> = { inner: 'Inner ring', outer: 'Outer ring' };

type RingLabels = { innerRingLabel: string | null; outerRingLabel: string | null };

const ownLabel = (wheel: RingLabels, ring: Ring) =>
  ring === 'inner' ? wheel.innerRingLabel : wheel.outerRingLabel;

/** A ring's label, as the wheel names it or the standard one. */
export const ringLabel = (wheel: RingLabels, ring: Ring) =>
  ownLabel(wheel, ring) ?? RING_LABEL_DEFAULTS[ring];

/** A ring as seats and forms describe it: 'Mentors (inner ring)', or just 'Inner ring' while unnamed. */
export const ringDescription = (wheel: RingLabels, ring: Ring) => {
  const own = ownLabel(wheel, ring);
  return own === null ? RING_LABEL_DEFAULTS[ring] : `${own} (${ring} ring)`;
};

const ruleValues = z
  .array(z.string().trim().min(1).max(100))
  .max(RING_RULE_VALUES_MAX, `A ring rule can list at most ${RING_RULE_VALUES_MAX} answers per ring`);

/** Answers of one registration field that decide a person's ring; an answer in neither list sits anywhere. */
export const ringRuleSchema = z
  .object({
    /** The registration field's `name`. */
    field: z.string().min(1, 'Choose the registration field the rule reads').max(100),
    inner: ruleValues,
    outer: ruleValues,
  })
  .meta({ id: 'RingRule' });
export type RingRule = z.infer<typeof ringRuleSchema>;

const normalise = (value: string) => value.trim().toLowerCase();

/**
 * The ring this person's answers keep them on, or null when they may sit on either. A
 * multi-select answer ("student, founder") places them when its listed values agree on one ring;
 * values that point to both rings place them nowhere in particular.
 */
export function ringFor(
  rule: RingRule | null | undefined,
  answers: Readonly<Record<string, string | number | boolean>>,
): Ring | null {
  if (!rule) return null;
  const answer = answers[rule.field];
  if (answer === undefined) return null;
  const values = String(answer).split(',').map(normalise).filter(Boolean);
  const listed = (list: string[]) => values.some((value) => list.some((entry) => normalise(entry) === value));
  const inner = listed(rule.inner);
  const outer = listed(rule.outer);
  if (inner === outer) return null;
  return inner ? 'inner' : 'outer';
}

/** Answers listed on both rings: a rule with one cannot say where such a person sits. */
export const ringRuleOverlap = (rule: RingRule) =>
  rule.inner.filter((value) => rule.outer.some((other) => normalise(other) === normalise(value)));

export const wrongRingMessage = (wheel: RingLabels, ring: Ring) =>
  `Your answers place you among the ${ringLabel(wheel, ring)}, on the ${ring} ring. Pick a seat there.`;

/**
 * A person's interests: the `interests` answer's comma-separated values, trimmed and compared
 * without regard to case; empty values are dropped.
 */
export function parseInterests(text: string | null | undefined): string[] {
  if (!text) return [];
  const seen = new Set<string>();
  for (const part of text.split(',')) {
    const value = normalise(part);
    if (value) seen.add(value);
  }
  return [...seen];
}

/** Why the server stopped keeping a person's seat for them (StayingEnded). */
export const STAYING_ENDED_REASONS = ['no_show', 'no_free_seat'] as const;
export type StayingEndedReason = (typeof STAYING_ENDED_REASONS)[number];
export const STAYING_ENDED_TEXTS: Record<StayingEndedReason, string> = {
  no_show:
    'You let two matches in a row pass without an answer, so your seat was given up for others. Take a seat again when you are ready.',
  no_free_seat: 'Your call ended and every seat on your ring was taken. Take a seat when one frees up.',
};
