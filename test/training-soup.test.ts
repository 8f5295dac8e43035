// training/soup.py: two released checkpoints of one model → their weighted mean, tensor by tensor, and a
// refusal for two different models. Needs Debian's python3-torch at /usr/bin/python3 (.ci/run installs none:
// there it reports as skipped), like test/training-loop.test.ts.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const PY = '/usr/bin/python3';
const hasTorch = spawnSync(PY, ['-c', 'import torch'], { stdio: 'ignore' }).status === 0;
const dir = mkdtempSync(join(tmpdir(), 'soup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const py = (code: string) => execFileSync(PY, ['-c', code, dir], { encoding: 'utf8', cwd: process.cwd() }).trim();

describe.skipIf(!hasTorch)('training/soup.py', () => {
  it('writes the weighted mean of two checkpoints, integers kept from the first', () => {
    const out = py(`
import sys, torch
from training.soup import soup
d = sys.argv[1]
cfg = {"dim": 2}
torch.save({"model": {"w": torch.tensor([1.0, 2.0]).half(), "n": torch.tensor([7])}, "cfg": cfg}, d + "/a.pt")
torch.save({"model": {"w": torch.tensor([3.0, -2.0]).half(), "n": torch.tensor([9])}, "cfg": cfg}, d + "/b.pt")
soup(d + "/a.pt", d + "/b.pt", d + "/m.pt", 0.25)
m = torch.load(d + "/m.pt")
print(m["model"]["w"].float().tolist(), m["model"]["n"].tolist(), m["model"]["w"].dtype, m["cfg"])
`);
    // 0.75·a + 0.25·b
    expect(out.split('\n').pop()).toBe("[1.5, 1.0] [7] torch.float16 {'dim': 2}");
  });

  it('refuses two checkpoints of different models', () => {
    expect(() =>
      py(`
import sys, torch
from training.soup import soup
d = sys.argv[1]
torch.save({"model": {"w": torch.zeros(2)}, "cfg": {"dim": 2}}, d + "/c.pt")
torch.save({"model": {"w": torch.zeros(2)}, "cfg": {"dim": 3}}, d + "/e.pt")
soup(d + "/c.pt", d + "/e.pt", d + "/x.pt")
`),
    ).toThrow(/not the same model/);
  });
});
