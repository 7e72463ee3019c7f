import { type Ring, type RingRule, ringDescription, type ringLabel } from '@wheelmeet/contracts';

type RingLabels = Parameters<typeof ringLabel>[0];

/** One sentence of the preview; `ring` is null for the sentence about everyone else. */
export interface PreviewSentence {
  ring: Ring | null;
  text: string;
}

export const NO_RULE_PREVIEW = 'No rule: anyone sits on either ring.';
export const ANYONE_ELSE_PREVIEW = 'Anyone else: either ring.';

/**
 * Where a ring rule seats people, in words: 'Mentors (inner ring): professional. Mentees
 * (outer ring): student. Anyone else: either ring.' A rule without answers is no rule, as the
 * contract treats it.
 */
export function ringRulePreview(labels: RingLabels, rule: RingRule | null): PreviewSentence[] {
  if (!rule || rule.inner.length + rule.outer.length === 0) return [{ ring: null, text: NO_RULE_PREVIEW }];
  const rings: Ring[] = ['inner', 'outer'];
  return [
    ...rings
      .filter((ring) => rule[ring].length > 0)
      .map((ring) => ({ ring, text: `${ringDescription(labels, ring)}: ${rule[ring].join(', ')}.` })),
    { ring: null, text: ANYONE_ELSE_PREVIEW },
  ];
}
