import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const serverDir = path.resolve(import.meta.dirname, '..');
const tsx = path.resolve(serverDir, '../../node_modules/.bin/tsx');

interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
}

function startServer(env: Record<string, string>): Run {
  const child = spawn(tsx, ['src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stdout: () => stdout, stderr: () => stderr, exit };
}

async function waitFor(check: () => boolean, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the server process', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'wm-main-'));
    dirs.push(dir);
    return dir;
  };

  it('refuses to start on a bad setting and names the variable', async () => {
    const run = startServer({ DATA_DIR: dataDir(), PORT: 'not-a-port' });
    children.push(run.child);
    expect(await run.exit).toBe(1);
    expect(run.stderr()).toMatch(/PORT:/);
  });

  it('prints the real address and the one-time admin password, serves the seeded plans, then shuts down cleanly on SIGTERM', async () => {
    const run = startServer({ DATA_DIR: dataDir(), PORT: '0' });
    children.push(run.child);
    await waitFor(() => run.stdout().includes('WheelMeet is running at'), 'the welcome text');
    expect(run.stdout()).toMatch(/super admin was created: username "admin", password "[\w-]{16}"/);
    expect(run.stdout()).toContain('/admin/login');
    // Without Stripe keys nobody should believe real payments are being taken.
    expect(run.stdout()).toMatch(/Payments are in TEST MODE/);
    expect(run.stdout()).toMatch(/Payments: +TEST MODE \(no real charges\)/);

    const origin = run.stdout().match(/running at (http:\/\/\S+)/)?.[1];
    const plans = await fetch(`${origin}/api/business/plans`);
    expect(plans.status).toBe(200);
    expect(((await plans.json()) as { name: string }[]).map((plan) => plan.name)).toContain('Professional');

    run.child.kill('SIGTERM');
    expect(await run.exit).toBe(0);
    expect(run.stdout()).toContain('shutting down');
  });
});
