/**
 * What bench/http-read.ts's app child needs of the server. The bench bundles this file with
 * esbuild as `npm run build` bundles the server, and the child runs the bundle: the code as it
 * ships, not tsx's transform of the sources (which keeps every function's name by a call each
 * time a closure is made).
 */
export { buildApp } from '../apps/server/src/app';
export { prepareDatabase } from '../apps/server/src/bootstrap';
export { loadConfig } from '../apps/server/src/config';
export { systemClock } from '../apps/server/src/lib/clock';
export { cryptoRandom } from '../apps/server/src/lib/random';
