// The training loop (training/loop.py via `python -m training.run`) on a tiny synthetic data set, for each
// task: a run stopped at step N and started again goes on from step N and ends with the same per-step
// losses as one uninterrupted run with the same seed (so resume is exact and CPU runs repeat), and the
// committed checkpoints load into the models the configs build. Needs Debian's python3-torch at
// /usr/bin/python3, which .ci/run does not install: there these tests report as skipped.
import { execFile, spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const PY = '/usr/bin/python3';
const NO_TORCH = 'needs python3-torch at /usr/bin/python3 (apt-get install python3-torch; .ci/run does not)';
const hasTorch = spawnSync(PY, ['-c', 'import torch, numpy, tomllib'], { stdio: 'ignore' }).status === 0;
const run = promisify(execFile);
const env = { ...process.env, OMP_NUM_THREADS: '1', OMP_WAIT_POLICY: 'PASSIVE' };

let dir = '';

async function train(config: string, runs: string, work: string, init: string, ...extra: string[]): Promise<string> {
  const args = ['-m', 'training.run', '--config', `training/configs/${config}.toml`, '--work', join(dir, work),
    '--runs', join(dir, runs), '--init', `training/checkpoints/${init}.pt`, '--threads', '1',
    '--set', 'eval_n=2', '--set', 'final_eval_n=2', ...extra];
  const { stdout } = await run(PY, args, { env, timeout: 60_000 });
  return stdout;
}

const stepLog = (runs: string, config: string) =>
  readFileSync(join(dir, runs, config, 'log.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { step: number; loss: number });

/** One uninterrupted run and one stopped at `until` then resumed, side by side. */
async function straightAndResumed(config: string, work: string, init: string, steps: number, until: number, between?: () => void) {
  const opts = ['--set', `steps=${steps}`, '--set', `batch_steps=${work === 'formula' ? 600 : 120}`];
  const [straight, first] = await Promise.all([
    train(config, 'a', work, init, ...opts),
    train(config, 'b', work, init, ...opts, '--until', String(until)),
  ]);
  between?.();
  const second = await train(config, 'b', work, init, ...opts);
  return { straight, first, second, a: stepLog('a', config), b: stepLog('b', config) };
}

describe('training loop', () => {
  beforeAll(async () => {
    if (!hasTorch) return;
    dir = mkdtempSync(join(tmpdir(), 'pagemark-train-'));
    await run(PY, ['-m', 'training.smoke_data', dir], { env });
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('line recognizer: resume continues the step count on the frozen training set; same seed, same losses', async (ctx) => {
    if (!hasTorch) return ctx.skip(NO_TORCH);
    // lines added to the index after the start (extraction still running) must not enter the resumed run
    const grow = () => {
      const index = join(dir, 'lines', 'features', 'index.jsonl');
      const row = JSON.parse(readFileSync(index, 'utf8').split('\n')[0]!);
      appendFileSync(index, JSON.stringify({ ...row, id: 999 }) + '\n');
    };
    const r = await straightAndResumed('pocket-v1', 'lines', 'pocket-v0', 5, 2, grow);
    expect(r.first).toContain('stopped at step 2 of 5');
    expect(r.second).toContain('resumed at step 2 of 5');
    const rows = (s: string) => s.match(/training rows \d+ \(sha256 \w+\)/)![0];
    expect(rows(r.second)).toBe(rows(r.first));
    expect(r.b.map((l) => l.step)).toEqual([1, 2, 3, 4, 5]);
    expect(r.b).toEqual(r.a);
    expect(r.a.every((l) => Number.isFinite(l.loss))).toBe(true);
    const again = await train('pocket-v1', 'b', 'lines', 'pocket-v0', '--set', 'steps=5', '--set', 'batch_steps=120');
    expect(again).toContain('nothing to do');
  });

  it('line recognizer: a mixed-in data folder adds its training lines, read from its own shards', async (ctx) => {
    if (!hasTorch) return ctx.skip(NO_TORCH);
    // a second folder with the same lines, its shards' values negated: rows must be read from their own folder
    await run(PY, ['-c', `
import json, os, shutil, sys
import numpy as np
src, dst = sys.argv[1], sys.argv[2]
os.makedirs(os.path.join(dst, "features"), exist_ok=True)
shutil.copy(os.path.join(src, "features", "index.jsonl"), os.path.join(dst, "features", "index.jsonl"))
shutil.copy(os.path.join(src, "lines.jsonl"), os.path.join(dst, "lines.jsonl"))
for name in ("shard-smoke.f16", "neck-smoke.f16"):
    (-np.fromfile(os.path.join(src, "features", name), dtype=np.float16)).tofile(os.path.join(dst, "features", name))
`, join(dir, 'lines'), join(dir, 'more')], { env });
    const { stdout } = await run(PY, ['-c', `
import json, sys
import numpy as np
from training.dataset import Features
plain, mixed = Features(sys.argv[1]), Features(sys.argv[1], mix=[sys.argv[2]])
own = {str(r["id"]): r for r in plain.rows}
added = [r for r in mixed.rows if str(r["id"]).startswith("more:")]
same = all(np.array_equal(mixed.feats(r), -plain.feats(own[r["id"].split(":")[1]])) for r in added)
print(json.dumps({"plain": len(plain.split("train")), "mixed": len(mixed.split("train")), "added": len(added),
                  "eval": len(mixed.split("eval")) == len(plain.split("eval")), "same": same}))
`, join(dir, 'lines'), join(dir, 'more')], { env });
    const r = JSON.parse(stdout) as { plain: number; mixed: number; added: number; eval: boolean; same: boolean };
    expect(r.plain).toBeGreaterThan(0);
    expect(r.mixed).toBe(2 * r.plain); // the mixed-in folder's training lines, not its held-out ones
    expect(r.added).toBe(r.plain);
    expect(r.eval).toBe(true);
    expect(r.same).toBe(true);
    // a run takes the mixed-in folder's lines under the same selection as its own (pocket-v1: no old-scan pages)
    const one = ['--set', 'steps=1', '--set', 'batch_steps=120'];
    const rows = (log: string) => Number(log.match(/training rows (\d+)/)![1]);
    const alone = rows(await train('pocket-v1', 'alone', 'lines', 'pocket-v0', ...one));
    const mixed = rows(await train('pocket-v1', 'mix', 'lines', 'pocket-v0', ...one, '--set', `mix=${join(dir, 'more')}`));
    expect(alone).toBeLessThan(r.plain);
    expect(mixed).toBe(2 * alone);
  });

  it('draft block (from pocket-v1.pt, draft MLP dropped): resumed run equals the straight one', async (ctx) => {
    if (!hasTorch) return ctx.skip(NO_TORCH);
    const r = await straightAndResumed('pocket-v3', 'lines', 'pocket-v1', 4, 2);
    expect(r.second).toContain('resumed at step 2 of 4');
    expect(r.b.map((l) => l.step)).toEqual([1, 2, 3, 4]);
    expect(r.b).toEqual(r.a);
  });

  it('formula recognizer (2-D, from formula-v6.pt): resumed run equals the straight one', async (ctx) => {
    if (!hasTorch) return ctx.skip(NO_TORCH);
    const r = await straightAndResumed('formula-v7', 'formula', 'formula-v6', 4, 2);
    expect(r.second).toContain('resumed at step 2 of 4');
    expect(r.b.map((l) => l.step)).toEqual([1, 2, 3, 4]);
    expect(r.b).toEqual(r.a);
  });

  it('every committed checkpoint loads into the model its config describes', async (ctx) => {
    if (!hasTorch) return ctx.skip(NO_TORCH);
    const script = [
      'import glob, torch',
      'from training.model import Config, Recognizer',
      'for p in sorted(glob.glob("training/checkpoints/*.pt")):',
      '    ck = torch.load(p, map_location="cpu")',
      '    Recognizer(Config(**ck["cfg"])).load_state_dict({k: v.float() for k, v in ck["model"].items()})',
      '    print(p)',
    ].join('\n');
    const { stdout } = await run(PY, ['-c', script], { env });
    expect(stdout).toContain('pocket-v3.pt');
    expect(stdout).toContain('formula-v7.pt');
  });
});
