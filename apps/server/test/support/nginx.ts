import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';

/** The shipped configuration the test runs, unchanged but for the lines it marks "test rewrites". */
export const DEPLOY_NGINX_CONF = path.resolve(import.meta.dirname, '../../../../deploy/nginx.conf');

/** Debian's nginx, or the first `nginx` on PATH; undefined when there is none. */
export function findNginx(): string | undefined {
  const candidates = [
    '/usr/sbin/nginx',
    ...(process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, 'nginx')),
  ];
  return candidates.find((candidate) => {
    try {
      accessSync(candidate, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

function replaceOnce(text: string, search: string | RegExp, replacement: string): string {
  const found = typeof search === 'string' ? text.includes(search) : search.test(text);
  if (!found) throw new Error(`deploy/nginx.conf no longer contains ${String(search)}; update the test`);
  return text.replace(search, replacement);
}

/**
 * deploy/nginx.conf with its marked lines pointed at this run: the listen port, the two
 * WheelMeet processes, and every file nginx writes moved into `dir`.
 */
export function renderNginxConfig(options: {
  listenPort: number;
  upstreamPorts: readonly [number, number];
  dir: string;
}): string {
  const { dir } = options;
  // Without its comments (which mention the very paths replaced below).
  let text = readFileSync(DEPLOY_NGINX_CONF, 'utf8').replace(/(^|\s)#.*$/gm, '');
  // As root the workers would otherwise switch to www-data, who cannot enter this private temp dir.
  const isRoot = process.getuid?.() === 0;
  text = replaceOnce(text, /^user [^;\n]+;/m, isRoot ? 'user root;' : '');
  text = replaceOnce(text, /^(\s*)listen 80;/m, `$1listen 127.0.0.1:${options.listenPort};`);
  text = replaceOnce(text, 'server 127.0.0.1:3001 ', `server 127.0.0.1:${options.upstreamPorts[0]} `);
  text = replaceOnce(text, 'server 127.0.0.1:3002 ', `server 127.0.0.1:${options.upstreamPorts[1]} `);
  text = replaceOnce(text, /^pid \/run\/nginx\.pid;/m, `pid ${path.join(dir, 'nginx.pid')};`);
  text = replaceOnce(text, /\/var\/log\/nginx\//g, `${dir}/logs/`);
  text = replaceOnce(text, /\/var\/lib\/nginx\//g, `${dir}/lib/`);
  // Temp paths the shipped file leaves at their defaults (it never uses them) must still be writable.
  const unusedTempPaths = ['fastcgi', 'uwsgi', 'scgi'].map(
    (kind) => `  ${kind}_temp_path ${dir}/lib/${kind};`,
  );
  text = replaceOnce(text, /^http \{$/m, `http {\n${unusedTempPaths.join('\n')}`);
  const leftover = text.match(/(^|\s)\/(var|run|etc)\/\S*/m);
  if (leftover)
    throw new Error(`deploy/nginx.conf refers to ${leftover[0].trim()}, which the test does not move`);
  return text;
}

export interface RunningNginx {
  url: string;
  accessLog(): string;
  errorLog(): string;
  stderr(): string;
  stop(): Promise<void>;
}

const portAccepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Checks the configuration with `nginx -t`, then runs nginx in the foreground until stop(). */
export async function startNginx(options: {
  binary: string;
  listenPort: number;
  upstreamPorts: readonly [number, number];
  dir: string;
}): Promise<RunningNginx> {
  const { binary, dir } = options;
  mkdirSync(path.join(dir, 'logs'), { recursive: true });
  mkdirSync(path.join(dir, 'lib'), { recursive: true });
  const confPath = path.join(dir, 'nginx.conf');
  writeFileSync(confPath, renderNginxConfig(options));
  const args = ['-p', `${dir}/`, '-c', confPath, '-e', path.join(dir, 'logs', 'startup.log')];
  const check = spawnSync(binary, [...args, '-t'], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t failed:\n${check.stderr}${check.stdout}`);

  const child: ChildProcess = spawn(binary, [...args, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const read = (file: string) => {
    const full = path.join(dir, 'logs', file);
    return existsSync(full) ? readFileSync(full, 'utf8') : '';
  };
  const deadline = Date.now() + 10_000;
  while (!(await portAccepts(options.listenPort))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`nginx did not start:\n${stderr}${read('error.log')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${options.listenPort}`,
    accessLog: () => read('wheelmeet.access.log'),
    errorLog: () => read('error.log'),
    stderr: () => stderr,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // SIGQUIT would wait for open WebSockets; SIGTERM is nginx's fast shutdown.
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
