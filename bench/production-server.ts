import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

/**
 * The production server as `npm start` runs it (`npm run build` first), on a random port with
 * the data directory given, seeded with the demo wheel as a first start is. WEB_DIST_DIR, when
 * set, serves another web build (e.g. an older one to compare with).
 */
export function startServer(dataDir: string): { child: ChildProcess; origin: Promise<string> } {
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: path.resolve(process.env.WEB_DIST_DIR) } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return { child, origin: listeningOrigin(child) };
}

/** The URL a starting server prints once it listens (its stdout must be piped). */
export function listeningOrigin(child: ChildProcess): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = output.match(/running at (http:\/\/\S+)/)?.[1];
      if (url) resolve(url);
    });
    child.once('exit', (code) =>
      reject(new Error(`the server exited (${code}) before it listened:\n${output}`)),
    );
  });
}

export async function stopServer(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

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
 * A bench's TypeScript entry (a bare baseline, or the app's pieces a bench drives in-process)
 * bundled to plain JavaScript as apps/server/build.mjs bundles the server: workspace packages
 * bundled in, npm packages left to node_modules. Measured through tsx instead, a baseline would
 * carry the loader's memory, and every closure made per request would pay a call keeping its
 * name, which the product does not. Written beside the entry in `.built/` unless `outfile` says
 * where; answers the bundle's path.
 */
export async function bundledForNode(
  entry: string,
  outfile = path.join(path.dirname(entry), '.built', `${path.basename(entry, '.ts')}.mjs`),
): Promise<string> {
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
        name: 'npm-packages-external',
        setup(context) {
          context.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@wheelmeet/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  return outfile;
}
