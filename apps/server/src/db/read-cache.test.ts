import { describe, expect, it } from 'vitest';
import { createReadCache } from './read-cache';
import { createTableChanges } from './table-changes';

function setUp(options: { maxAgeMs?: number; maxEntries?: number } = {}) {
  const changes = createTableChanges();
  let now = Date.parse('2026-11-22T10:00:00.000Z');
  const clock = { now: () => new Date(now), advance: (ms: number) => (now += ms) };
  const cache = createReadCache({ changes, clock, ...options });
  let loads = 0;
  const load = (value: unknown) => async () => {
    loads += 1;
    return value;
  };
  return { changes, clock, cache, load, loads: () => loads };
}

describe('the read cache', () => {
  it('answers from memory until one of the tables it read changes', async () => {
    const { changes, cache, load, loads } = setUp();
    expect(await cache.read('plans', ['plans'], load('first'))).toBe('first');
    expect(await cache.read('plans', ['plans'], load('second'))).toBe('first');
    changes.committed(new Set(['wheels']));
    expect(await cache.read('plans', ['plans'], load('third'))).toBe('first');
    changes.committed(new Set(['plans', 'wheels']));
    expect(await cache.read('plans', ['plans'], load('fourth'))).toBe('fourth');
    changes.markChanged('all');
    expect(await cache.read('plans', ['plans'], load('fifth'))).toBe('fifth');
    expect(loads()).toBe(3);
  });

  it('never keeps an answer read while one of its tables changed', async () => {
    const { changes, cache } = setUp();
    let finish: (value: string) => void = () => {};
    const slow = cache.read(
      'wheel',
      ['slots'],
      () =>
        new Promise<string>((resolve) => {
          finish = resolve;
        }),
    );
    changes.committed(new Set(['slots']));
    finish('read before the change committed');
    expect(await slow).toBe('read before the change committed');
    expect(await cache.read('wheel', ['slots'], async () => 'after')).toBe('after');
  });

  it('serves an answer for at most the maximum age', async () => {
    const { clock, cache, load } = setUp({ maxAgeMs: 1_000 });
    expect(await cache.read('k', ['plans'], load('first'))).toBe('first');
    clock.advance(999);
    expect(await cache.read('k', ['plans'], load('second'))).toBe('first');
    clock.advance(1);
    expect(await cache.read('k', ['plans'], load('third'))).toBe('third');
  });

  it('shares one load between callers that miss together', async () => {
    const { cache, load, loads } = setUp();
    const answers = await Promise.all([1, 2, 3].map(() => cache.read('k', ['plans'], load('shared'))));
    expect(answers).toEqual(['shared', 'shared', 'shared']);
    expect(loads()).toBe(1);
  });

  it('keeps neither a failure nor an undefined answer', async () => {
    const { cache, load } = setUp();
    await expect(
      cache.read('k', ['plans'], async () => {
        throw new Error('database away');
      }),
    ).rejects.toThrow('database away');
    expect(await cache.read('k', ['plans'], load(undefined))).toBeUndefined();
    expect(await cache.read('k', ['plans'], load('back'))).toBe('back');
  });

  it('holds at most the maximum number of entries, the oldest loaded going first', async () => {
    const { cache, load, loads } = setUp({ maxEntries: 2 });
    await cache.read('a', ['plans'], load('a'));
    await cache.read('b', ['plans'], load('b'));
    await cache.read('c', ['plans'], load('c'));
    expect(loads()).toBe(3);
    await cache.read('b', ['plans'], load('b'));
    await cache.read('c', ['plans'], load('c'));
    expect(loads()).toBe(3);
    await cache.read('a', ['plans'], load('a'));
    expect(loads()).toBe(4);
  });
});
