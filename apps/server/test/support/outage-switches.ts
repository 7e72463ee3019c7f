import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import net from 'node:net';

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

export const redisServerAvailable = spawnSync('redis-server', ['--version']).status === 0;

/**
 * A Redis server of the test's own, so the test can take it away and bring it back without
 * touching the machine's Redis that other tests use. Nothing is kept on disk.
 */
export async function startPrivateRedis() {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    await waitUntil(() => accepts(port), `redis-server on port ${port}`);
  };
  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, stop, start };
}

/**
 * A TCP relay in front of a real server (PostgreSQL): `cut()` drops every connection and
 * refuses new ones, as a database outage or a network partition would; `restore()` relays again.
 */
export async function startTcpRelay(targetPort: number, targetHost = '127.0.0.1') {
  const port = await freePort();
  const open = new Set<net.Socket>();
  let server: net.Server | undefined;
  const listen = async () => {
    if (server) return;
    server = net.createServer((incoming) => {
      const outgoing = net.connect(targetPort, targetHost);
      open.add(incoming);
      open.add(outgoing);
      incoming.pipe(outgoing).pipe(incoming);
      const drop = () => {
        incoming.destroy();
        outgoing.destroy();
        open.delete(incoming);
        open.delete(outgoing);
      };
      incoming.on('error', drop).on('close', drop);
      outgoing.on('error', drop).on('close', drop);
    });
    const listening = server;
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', resolve);
    });
  };
  const cut = async () => {
    const closing = server;
    server = undefined;
    for (const socket of open) socket.destroy();
    open.clear();
    if (closing) await new Promise((resolve) => closing.close(resolve));
  };
  await listen();
  return { port, cut, restore: listen, close: cut };
}
