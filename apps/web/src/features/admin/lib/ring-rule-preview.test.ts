import { describe, expect, it } from 'vitest';
import { ANYONE_ELSE_PREVIEW, NO_RULE_PREVIEW, ringRulePreview } from './ring-rule-preview';

const named = { innerRingLabel: 'Mentors', outerRingLabel: 'Mentees' };
const unnamed = { innerRingLabel: null, outerRingLabel: null };
const words = (...args: Parameters<typeof ringRulePreview>) =>
  ringRulePreview(...args)
    .map((sentence) => sentence.text)
    .join(' ');

describe('ring rule preview', () => {
  it('says who sits where with the ring names', () => {
    expect(words(named, { field: 'whoAmI', inner: ['professional'], outer: ['student'] })).toBe(
      'Mentors (inner ring): professional. Mentees (outer ring): student. Anyone else: either ring.',
    );
  });

  it('uses the standard names alone and leaves out a ring with no answers', () => {
    expect(words(unnamed, { field: 'role', inner: ['buyer', 'agent'], outer: [] })).toBe(
      `Inner ring: buyer, agent. ${ANYONE_ELSE_PREVIEW}`,
    );
  });

  it('says anyone sits anywhere without a rule or with a rule that lists no answer', () => {
    expect(words(named, null)).toBe(NO_RULE_PREVIEW);
    expect(words(named, { field: 'whoAmI', inner: [], outer: [] })).toBe(NO_RULE_PREVIEW);
  });
});
