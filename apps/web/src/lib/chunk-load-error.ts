/**
 * A part of the app that is fetched on demand could not be loaded: after a deploy the old chunk
 * is gone from the server, or the network dropped. Only a reload helps, so the error page offers one.
 */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('A part of the app could not be loaded.', { cause });
    this.name = 'ChunkLoadError';
  }
}

/** `import()` of an on-demand chunk, its failure told apart from errors thrown while rendering. */
export function importChunk<M>(load: () => Promise<M>): Promise<M> {
  return load().catch((cause: unknown) => {
    throw new ChunkLoadError(cause);
  });
}
