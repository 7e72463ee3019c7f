import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const serverEntry = path.join(root, 'apps/server/dist/main.js');
const webIndex = path.join(root, 'apps/web/dist/index.html');

export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';
export const E2E_ROUND_SECONDS = 6;

/**
 * Starts the production build (`npm run build` first) exactly as `npm start` runs it, on a
 * random port with a fresh data directory, and hands its address to the tests through
 * E2E_BASE_URL. Returns the teardown that stops it and removes the data.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  for (const file of [serverEntry, webIndex]) {
    if (!existsSync(file))
      throw new Error(`${path.relative(root, file)} is missing: run \`npm run build\` first`);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wheelmeet-e2e-'));
  mkdirSync(path.join(root, 'test-results'), { recursive: true });
  const log = createWriteStream(path.join(root, 'test-results', 'e2e-server.log'));
  const server = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      // Short rounds so a spin happens within a test; no public STUN server on a closed network.
      WHEEL_ROUND_SECONDS: String(E2E_ROUND_SECONDS),
      STUN_URLS: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stderr.pipe(log);

  const baseUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    server.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      log.write(chunk);
      const url = output.match(/running at (http:\/\/\S+)/)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve(url.replace('127.0.0.1', 'localhost'));
      }
    });
    server.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before it was ready:\n${output}`));
    });
  });
  process.env.E2E_BASE_URL = baseUrl;

  return async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
