import { describe, expect, it } from 'vitest';
import { aliasOf, DISPLAY_NAME_ADJECTIVES, DISPLAY_NAME_ANIMALS, displayNameOf } from './display-name';

const ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

describe('displayNameOf', () => {
  it('uses the username the wheel form gave, trimmed', () => {
    expect(displayNameOf({ id: ID, username: '  Ada ' })).toBe('Ada');
  });

  it('falls back to an adjective and an animal from the fixed lists, never an age', () => {
    for (const username of [null, undefined, '', '   ']) {
      const name = displayNameOf({ id: ID, username });
      const [adjective, animal, ...rest] = name.split(' ');
      expect(rest).toEqual([]);
      expect(DISPLAY_NAME_ADJECTIVES).toContain(adjective);
      expect(DISPLAY_NAME_ANIMALS).toContain(animal);
      expect(name).not.toMatch(/\d/);
    }
  });

  it('gives a participant the same alias every time, whatever the id case', () => {
    expect(aliasOf(ID)).toBe(aliasOf(ID));
    expect(aliasOf(ID.toUpperCase())).toBe(aliasOf(ID));
    // Pinned so a change to the lists or the hash (which would rename everyone) is deliberate.
    expect(aliasOf(ID)).toMatchInlineSnapshot(`"Bright Pelican"`);
    expect(aliasOf('9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d')).toMatchInlineSnapshot(`"Calm Marten"`);
  });

  it('spreads ids over many aliases', () => {
    const ids = Array.from(
      { length: 200 },
      (_, index) => `00000000-0000-4000-8000-${index.toString(16).padStart(12, '0')}`,
    );
    const aliases = new Set(ids.map(aliasOf));
    expect(aliases.size).toBeGreaterThan(150);
    const adjectives = new Set([...aliases].map((alias) => alias.split(' ')[0]));
    const animals = new Set([...aliases].map((alias) => alias.split(' ')[1]));
    expect(adjectives.size).toBeGreaterThan(30);
    expect(animals.size).toBeGreaterThan(30);
  });
});
