// `pagemark queue add|status|retry-failed` and `pagemark worker` (cli/pagemark.mjs sends them here).
import { existsSync } from 'node:fs';
import { UsageError } from '../args';
import { PageQueue, shownUrl } from './bull-queue';
import { parseQueueCli, QUEUE_USAGE, type QueueCommand, type QueueTarget } from './queue-args';
import { documentKey, fileNameOf, isUrl } from './queue-names';
import { formatStatus } from './queue-status';
import { runWorker } from './worker';

export async function queueMain(argv: string[]): Promise<number> {
  let cmd: QueueCommand;
  try {
    cmd = parseQueueCli(argv);
  } catch (e) {
    if (!(e instanceof UsageError) && !(e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) throw e;
    process.stderr.write(`pagemark: ${(e as Error).message}\n\n${QUEUE_USAGE}\n`);
    return 2;
  }
  if (cmd.command === 'help') {
    process.stdout.write(QUEUE_USAGE + '\n');
    return 0;
  }
  if (cmd.command === 'worker') return runWorker(cmd.worker);
  const queue = await connect(cmd.target);
  if (!queue) return 2;
  try {
    if (cmd.command === 'status') {
      const status = await queue.status();
      process.stdout.write(cmd.json ? JSON.stringify(status, null, 2) + '\n' : formatStatus(status));
      return 0;
    }
    if (cmd.command === 'retry-failed') {
      const r = await queue.retryFailed();
      process.stdout.write(`queued again: ${r.documents} document(s), ${r.pages} page(s)\n`);
      return 0;
    }
    let refused = 0;
    for (const spec of cmd.documents) {
      const name = fileNameOf(spec.input);
      // The adding machine may not see the workers' share; it is the workers who must.
      if (!isUrl(spec.input) && !existsSync(spec.input)) process.stderr.write(`pagemark: note: “${spec.input}” is not visible here; workers must be able to read it\n`);
      const r = await queue.addDocument(spec, documentKey(spec), cmd.attempts);
      if (r.clash) {
        refused++;
        process.stderr.write(`pagemark: “${name}” not added: ${r.clash} already writes ${name.replace(/\.[^.]*$/, '')}.md in ${spec.out}; give one of them another --out\n`);
      } else process.stdout.write(r.state === 'added' ? `added ${name}\n` : `${name}: already in the queue (${r.state})\n`);
    }
    return refused ? 1 : 0;
  } finally {
    await queue.close();
  }
}

async function connect(t: QueueTarget): Promise<PageQueue | undefined> {
  const queue = new PageQueue(t.redis, t.prefix);
  try {
    await queue.ping();
    return queue;
  } catch (e) {
    process.stderr.write(`pagemark: cannot reach Redis at ${shownUrl(t.redis)}: ${(e as Error).message}\n`);
    await queue.close();
    return undefined;
  }
}
