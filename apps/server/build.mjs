// Bundles the server into dist/main.js. Workspace packages (the contracts, shipped as
// TypeScript source) are bundled in; every npm dependency stays external and is loaded
// from node_modules at run time, so native modules such as better-sqlite3 keep working.
import { build } from 'esbuild';

const keepExternal = {
  name: 'keep-npm-dependencies-external',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@wheelmeet/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: [new URL('./src/main.ts', import.meta.url).pathname],
  outfile: new URL('./dist/main.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [keepExternal],
});
