import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * The server as `npm start` runs it: the bundle `apps/server/build.mjs` writes to dist/main.js,
 * on plain Node. Run from its TypeScript source through tsx instead, a server also carries the
 * loader's thread, the transpiled sources and their source maps, which the product does not:
 * about a tenth of its memory at 1,000 people.
 */
export function buildServer(appDir: string): void {
  if (process.env.BENCH_NO_BUILD) return;
  const build = spawnSync(process.execPath, ['build.mjs'], { cwd: appDir, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`building the server in ${appDir} failed`);
}

/** Node's arguments to start the built server in `appDir`, with a CPU profile in `profileDir` if given. */
export function builtServerArgs(appDir: string, profileDir: string | undefined): string[] {
  return [
    ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    path.join(appDir, 'dist', 'main.js'),
  ];
}

/**
 * A bench's bare baseline (TypeScript, like the benches) bundled to plain JavaScript beside it
 * in `.built/`, npm packages left to node_modules, so that it runs on plain Node as the built
 * app does: measured through tsx, the baseline would carry the loader's memory and the app not.
 * Answers the bundle's path.
 */
export async function builtBaseline(entry: string): Promise<string> {
  const outfile = path.join(path.dirname(entry), '.built', `${path.basename(entry, '.ts')}.mjs`);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    logLevel: 'warning',
    plugins: [
      {
        // As the server's build does: workspace packages (TypeScript source) are bundled in.
        name: 'npm-packages-external',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@wheelmeet/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  return outfile;
}
