// A private redis-server on loopback for queue tests: a free port, its own data folder, stopped by its PID.
// `appendonly`: every write is logged and fsynced, so a restarted server has everything it acknowledged.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const hasRedis = spawnSync('redis-server', ['--version']).status === 0;

export interface RedisServer {
  url: string;
  port: number;
  dir: string;
  /** SIGKILLs the server (no shutdown save) and starts it again on the same port and folder. */
  crashAndRestart(): Promise<void>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const c = createConnection({ host: '127.0.0.1', port }, () => (c.end(), resolve(true)));
      c.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`redis-server did not listen on ${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function startRedis(o: { appendonly?: boolean } = {}): Promise<RedisServer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'pagemark-redis-'));
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--daemonize', 'no', '--loglevel', 'warning'];
  if (o.appendonly) args.push('--appendonly', 'yes', '--appendfsync', 'always');
  let proc: ChildProcess;
  const launch = async () => {
    proc = spawn('redis-server', args, { stdio: 'ignore' });
    await waitForPort(port);
  };
  const kill = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
      proc.once('exit', () => resolve());
      proc.kill(signal);
    });
  await launch();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    dir,
    async crashAndRestart() {
      await kill('SIGKILL');
      await launch();
    },
    async stop() {
      await kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
