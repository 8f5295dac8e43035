// Real `pagemark worker` processes for queue tests: their stderr lines kept, a line awaited, each ended by its PID.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');
export const CLI = join(root, 'cli/pagemark.mjs');

export interface WorkerProcess {
  proc: ChildProcess;
  lines: string[];
  /** Resolves with the first line (already seen or still to come) that matches. */
  waitFor(re: RegExp, ms?: number): Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal?: NodeJS.Signals): void;
}

export function startWorker(redis: string, prefix: string, extra: string[] = []): WorkerProcess {
  const proc = spawn(process.execPath, [CLI, 'worker', '--redis', redis, '--prefix', prefix, ...extra], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
  const lines: string[] = [];
  const waiters: { re: RegExp; resolve: (l: string) => void }[] = [];
  let partial = '';
  proc.stderr!.on('data', (d: Buffer) => {
    partial += d.toString('utf8');
    const parts = partial.split('\n');
    partial = parts.pop()!;
    for (const line of parts) {
      lines.push(line);
      for (const w of [...waiters]) if (w.re.test(line)) (waiters.splice(waiters.indexOf(w), 1), w.resolve(line));
    }
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal })));
  return {
    proc,
    lines,
    exited,
    waitFor(re, ms = 180_000) {
      const seen = lines.find((l) => re.test(l));
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no line ${re} within ${ms / 1000} s; worker said:\n${lines.join('\n')}`)), ms);
        waiters.push({ re, resolve: (l) => (clearTimeout(timer), resolve(l)) });
      });
    },
    kill(signal = 'SIGKILL') {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
    },
  };
}

/** Runs `pagemark ARGS…` to the end (queue add, status, or a single-process conversion). */
export function pagemark(args: string[], timeout = 300_000) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: root, encoding: 'utf8', timeout });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
