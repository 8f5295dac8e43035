// Resident memory of a browser: the launched process and every process below it (renderer, GPU, utility),
// read from /proc (Linux). Pure parsing is split out so it can be tested on fixed text.
import { readdirSync, readFileSync } from 'node:fs';

/** VmRSS of a /proc/<pid>/status text, in bytes; null when absent (a zombie has none). */
export function rssFromStatus(status: string): number | null {
  const m = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  return m ? Number(m[1]) * 1024 : null;
}

/** Proportional set size from a /proc/<pid>/smaps_rollup text (shared pages split among their users), in bytes. */
export function pssFromSmapsRollup(rollup: string): number | null {
  const m = /^Pss:\s+(\d+)\s+kB$/m.exec(rollup);
  return m ? Number(m[1]) * 1024 : null;
}

/** Parent pid from a /proc/<pid>/stat line; the command name may hold spaces and parentheses. */
export function parentFromStat(stat: string): number {
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(rest[1]);
}

/** `root` and all its descendants, given each pid's parent. */
export function processTree(parents: Map<number, number>, root: number): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, ppid] of parents) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const out: number[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    if (out.includes(pid)) continue;
    out.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return out;
}

const read = (path: string): string | null => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null; // the process ended between listing and reading
  }
};

function parentsNow(): Map<number, number> {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = read(`/proc/${name}/stat`);
    if (stat) parents.set(Number(name), parentFromStat(stat));
  }
  return parents;
}

/**
 * Sum of RSS and of PSS, and the largest single RSS, over the browsers this process launched (its child processes whose command
 * line names chrom…) and everything below them, in bytes.
 */
export function browserRss(): { total: number; pss: number; largest: number; processes: number } {
  const parents = parentsNow();
  const browsers = [...parents].filter(([pid, ppid]) => ppid === process.pid && /chrom/i.test(read(`/proc/${pid}/cmdline`) ?? ''));
  let total = 0;
  let pss = 0;
  let largest = 0;
  let processes = 0;
  for (const pid of browsers.flatMap(([pid]) => processTree(parents, pid))) {
    const rss = rssFromStatus(read(`/proc/${pid}/status`) ?? '');
    if (rss === null) continue;
    total += rss;
    pss += pssFromSmapsRollup(read(`/proc/${pid}/smaps_rollup`) ?? '') ?? rss;
    largest = Math.max(largest, rss);
    processes++;
  }
  return { total, pss, largest, processes };
}
