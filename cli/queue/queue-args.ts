// Arguments of `pagemark queue …` and `pagemark worker`. `queue add` takes the CLI's own conversion options
// (parsed by the CLI's parser, so they mean the same); the queue's options are taken out first.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parseCli, UsageError } from '../args';
import type { DocumentSpec } from './queue-names';
import { isUrl } from './queue-names';
import type { WorkerOptions } from './worker';

export const QUEUE_USAGE = `Usage:
  pagemark queue add <file.pdf|image|URL>… [--out DIR] [conversion options] [queue options]
  pagemark queue status [--json] [queue options]
  pagemark queue retry-failed [queue options]
  pagemark worker [--concurrency N] [--threads N] [--stall-s S] [--grace-s S] [queue options]

Converts documents on any number of machines: \`queue add\` puts one job per document on a Redis-backed queue
(BullMQ), a worker splits it into one job per page, and workers anywhere convert the pages; a document's
Markdown is assembled when its last page is done. Inputs are paths every worker can read (absolute once
added) or http(s) URLs; --out (default: the current folder) must be a folder every worker can write.
Outputs: OUT/<name>.md (as pagemark -o writes it), OUT/pages/<name>_pg<N>.md and .json (each page's result).

Queue options:
  --redis URL           the queue's Redis (default $PAGEMARK_REDIS, else redis://127.0.0.1:6379)
  --prefix NAME         keeps this queue apart from others on the same Redis (default pagemark)
  --attempts N          tries per job before it is marked failed (queue add; default 5)
Conversion options (queue add), as for pagemark: --k, --drop-headers, --pack DIR (a folder every worker
  can read; default: each worker's built-in pack), --no-own-text, --own-text-only, --page-timeout, --page-memory
Worker options:
  --concurrency N       pages converted at once by this worker (default 1)
  --threads N           onnxruntime threads per page (default 0: all cores; with several workers on one
                        machine, give each cores ÷ workers)
  --stall-s S           a job's lock time: a worker killed mid-page hands the page on after this (default 30)
  --grace-s S           on SIGTERM, how long the pages in hand may take to finish before they are handed
                        back to the queue (default 60)`;

export interface QueueTarget {
  redis: string;
  prefix: string;
}

export type QueueCommand =
  | { command: 'add'; target: QueueTarget; documents: DocumentSpec[]; attempts: number }
  | { command: 'status'; target: QueueTarget; json: boolean }
  | { command: 'retry-failed'; target: QueueTarget }
  | { command: 'worker'; worker: WorkerOptions }
  | { command: 'help' };

const QUEUE_OPTIONS = ['redis', 'prefix', 'attempts'];

/** Takes `--name value` / `--name=value` of the queue's own options out of argv. */
function takeQueueOptions(argv: string[]): { taken: Record<string, string>; rest: string[] } {
  const taken: Record<string, string> = {};
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(argv[i]!);
    if (m && QUEUE_OPTIONS.includes(m[1]!)) {
      const value = m[2] ?? argv[++i];
      if (value === undefined) throw new UsageError(`--${m[1]} needs a value`);
      taken[m[1]!] = value;
    } else rest.push(argv[i]!);
  }
  return { taken, rest };
}

function target(taken: Record<string, string>): QueueTarget {
  const redis = taken.redis ?? process.env.PAGEMARK_REDIS ?? 'redis://127.0.0.1:6379';
  if (!/^rediss?:\/\//.test(redis)) throw new UsageError(`--redis must be a redis:// URL (got "${redis}")`);
  const prefix = taken.prefix ?? 'pagemark';
  if (!/^[\w.-]+$/.test(prefix)) throw new UsageError(`--prefix may hold letters, digits, _ . - (got "${prefix}")`);
  return { redis, prefix };
}

const positiveInt = (name: string, value: string, min = 1) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`--${name} must be a whole number of at least ${min} (got "${value}")`);
  return n;
};

export function parseQueueCli(argv: string[], cwd = process.cwd()): QueueCommand {
  const [command, ...args] = argv;
  if (command === 'worker' && args[0] === 'help') return { command: 'help' };
  if (command === 'queue' && (!args[0] || args[0] === 'help' || args[0] === '-h' || args[0] === '--help')) return { command: 'help' };
  if (command === 'worker') {
    const { taken, rest } = takeQueueOptions(args);
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      options: { concurrency: { type: 'string', default: '1' }, threads: { type: 'string', default: '0' }, 'stall-s': { type: 'string', default: '30' }, 'grace-s': { type: 'string', default: '60' }, help: { type: 'boolean', short: 'h' } },
    });
    if (values.help) return { command: 'help' };
    if (positionals.length) throw new UsageError(`pagemark worker takes no files (got "${positionals[0]}")`);
    return {
      command: 'worker',
      worker: {
        ...target(taken),
        concurrency: positiveInt('concurrency', values.concurrency!),
        threads: positiveInt('threads', values.threads!, 0),
        stallMs: positiveInt('stall-s', values['stall-s']!) * 1000,
        graceMs: positiveInt('grace-s', values['grace-s']!, 0) * 1000,
      },
    };
  }
  const [sub, ...rest0] = args;
  const { taken, rest } = takeQueueOptions(rest0);
  if (sub === 'status') {
    const { values } = parseArgs({ args: rest, options: { json: { type: 'boolean', default: false } } });
    return { command: 'status', target: target(taken), json: values.json! };
  }
  if (sub === 'retry-failed') {
    parseArgs({ args: rest, options: {} });
    return { command: 'retry-failed', target: target(taken) };
  }
  if (sub !== 'add') throw new UsageError(`unknown queue command "${sub}" (add, status, retry-failed)`);
  for (const cliOnly of ['--json', '--jsonl', '--pages-dir']) {
    if (rest.some((a) => a === cliOnly || a.startsWith(cliOnly + '='))) throw new UsageError(`${cliOnly} is an option of pagemark itself; the queue always writes Markdown and each page's JSON`);
  }
  const cli = parseCli(rest, '');
  if (!cli.files.length) throw new UsageError('no input files');
  const out = resolve(cwd, cli.out ?? '.');
  const documents = cli.files.map(
    (f): DocumentSpec => ({
      input: isUrl(f) ? f : resolve(cwd, f),
      out,
      engine: { mode: cli.ownTextOnly ? 'own-text' : 'ocr', pack: cli.pack ? resolve(cwd, cli.pack) : null, k: cli.k, dropHeaders: cli.dropHeaders, ...(cli.keepHyphens && { keepHyphens: true }), ownText: cli.ownText },
      limits: { pageTimeMs: cli.pageTimeout * 1000, memoryMb: cli.pageMemory },
    }),
  );
  return { command: 'add', target: target(taken), documents, attempts: taken.attempts ? positiveInt('attempts', taken.attempts) : 5 };
}
