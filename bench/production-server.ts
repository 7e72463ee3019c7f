import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

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
  const origin = new Promise<string>((resolve, reject) => {
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
  return { child, origin };
}

export async function stopServer(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
