import type { Clock } from '../lib/clock';
import type { RedisClient } from '../lib/redis';
import type { ChangedTables, TableChanges } from './table-changes';

/**
 * The longest a cached read is served. Changes made through this process are seen at once
 * (their commit moves the tables' version) and, with Redis, changes made through another
 * process a moment after they commit; this bound holds when that message is lost (Redis away)
 * and is the only bound for several processes without Redis.
 */
export const READ_CACHE_MAX_AGE_MS = 1_000;
/** Entries kept; the oldest loaded goes first (one per wheel read, so this bounds the memory). */
export const READ_CACHE_MAX_ENTRIES = 1_000;

export interface ReadCache {
  /**
   * `load()`'s answer, shared with every caller until one of `tables` changes or the entry is
   * READ_CACHE_MAX_AGE_MS old. Concurrent misses share one load. An undefined answer or a
   * failure is not kept. Callers must not change what they get.
   */
  read<T>(key: string, tables: readonly string[], load: () => Promise<T>): Promise<T>;
}

interface Entry {
  version: number;
  loadedAt: number;
  value: Promise<unknown>;
}

export function createReadCache(deps: {
  changes: TableChanges;
  clock: Clock;
  maxAgeMs?: number;
  maxEntries?: number;
}): ReadCache {
  const { changes, clock, maxAgeMs = READ_CACHE_MAX_AGE_MS, maxEntries = READ_CACHE_MAX_ENTRIES } = deps;
  const entries = new Map<string, Entry>();
  return {
    read<T>(key: string, tables: readonly string[], load: () => Promise<T>): Promise<T> {
      // The version is taken before the load starts: a change committed while it runs moves
      // the version on, so its answer is never served after that change.
      const version = changes.version(tables);
      const now = clock.now().getTime();
      const cached = entries.get(key);
      if (cached && cached.version === version && now - cached.loadedAt < maxAgeMs && now >= cached.loadedAt)
        return cached.value as Promise<T>;
      const entry: Entry = { version, loadedAt: now, value: load() };
      entries.delete(key);
      entries.set(key, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      const forget = () => {
        if (entries.get(key) === entry) entries.delete(key);
      };
      entry.value.then((value) => {
        if (value === undefined) forget();
      }, forget);
      return entry.value as Promise<T>;
    },
  };
}

/** What goes over Redis: which process committed, and what it changed ('*': everything). */
interface ChangeMessage {
  from: string;
  tables: string[] | '*';
}

/**
 * Tells the other server processes what this one commits, and marks what they commit as
 * changed here, through Redis pub/sub on `channel`. Pub/sub delivers at most once: when the
 * subscription comes back after Redis was away everything counts as changed, and a message
 * the publisher could not send is covered by READ_CACHE_MAX_AGE_MS.
 */
export async function shareTableChanges(
  changes: TableChanges,
  options: { publisher: RedisClient; subscriber: RedisClient; channel: string; processId: string },
): Promise<() => void> {
  const { publisher, subscriber, channel, processId } = options;
  await subscriber.subscribe(channel, (text) => {
    let message: ChangeMessage;
    try {
      message = JSON.parse(text) as ChangeMessage;
    } catch {
      return;
    }
    if (message.from === processId) return;
    changes.markChanged(Array.isArray(message.tables) ? new Set(message.tables) : 'all');
  });
  const resubscribed = () => changes.markChanged('all');
  subscriber.on('ready', resubscribed);
  const stop = changes.onLocalChange((tables: ChangedTables) => {
    if (!publisher.isReady) return;
    const message: ChangeMessage = { from: processId, tables: tables === 'all' ? '*' : [...tables] };
    publisher.publish(channel, JSON.stringify(message)).catch(() => {});
  });
  return () => {
    stop();
    subscriber.off('ready', resubscribed);
  };
}
