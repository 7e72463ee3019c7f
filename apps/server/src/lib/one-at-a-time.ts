/**
 * Runs work of the same key one after another (in this process): each call starts after every
 * earlier call with that key has settled, whether it succeeded or failed. Keys with nothing
 * waiting are forgotten, so memory does not grow with the number of keys ever seen.
 */
export function createKeyedQueue() {
  const queues = new Map<string, Promise<unknown>>();
  return function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
    const result = (queues.get(key) ?? Promise.resolve()).then(work);
    const settled = result.catch(() => undefined);
    queues.set(key, settled);
    void settled.then(() => {
      if (queues.get(key) === settled) queues.delete(key);
    });
    return result;
  };
}
