// The rendered training lines (training/data/rendered_lines.py) are resized in Python, where they are encoded,
// and the engine resizes a page's lines in TypeScript (src/core/image/line-input.ts): the recognizer learns on
// what it will see only if the two give the same tensor. Same page, same boxes (a line shrunk to 48 rows, one
// enlarged, one sticking out of the page, one squeezed to the width cap): same widths, same values.
// Needs numpy and PIL at /usr/bin/python3 (Debian's python3-numpy, python3-pil); skipped where they are missing.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LINE_DEFAULTS, lineInput } from '../src/core/image/line-input';
import { readPageImage } from '../src/node/png-page';
import type { BBox } from '../src/protocol/page';

const PY = '/usr/bin/python3';
const hasPython = spawnSync(PY, ['-c', 'import numpy, PIL'], { stdio: 'ignore' }).status === 0;
const dir = mkdtempSync(join(tmpdir(), 'rendered-lines-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BOXES: BBox[] = [
  [10.3, 5.6, 390.2, 95.1], // 89 rows → 48
  [20, 40, 140, 64], // 24 rows → 48
  [-5, -3, 60, 20], // clamped to the page
  [0, 50, 399, 52], // 9,576 columns at 48 rows: squeezed to the 2,400 cap
];

// A page with smooth shading and hard edges (strokes), the Python tensors of each box beside it.
const SCRIPT = `
import json, sys
import numpy as np
from PIL import Image
from training.data.rendered_lines import line_tensor
out, boxes = sys.argv[1], json.loads(sys.argv[2])
g = np.random.default_rng(3)
yy, xx = np.mgrid[0:100, 0:400]
a = 128 + 60 * np.sin(xx / 7.0) * np.cos(yy / 5.0) + g.normal(0, 10, (100, 400))
a[30:70, 50:54] = 10
a[45:48, 100:300] = 240
a = np.clip(a, 0, 255).astype(np.uint8)
Image.fromarray(a).convert("RGB").save(out + "/page.png")
meta = []
for i, b in enumerate(boxes):
    x, content = line_tensor(Image.fromarray(a), b)
    x.astype("<f4").tofile(f"{out}/box{i}.f32")
    meta.append({"width": int(x.shape[3]), "content": int(content)})
print(json.dumps(meta))
`;

describe.skipIf(!hasPython)('rendered training lines are resized as the engine resizes', () => {
  it('gives the engine’s tensor for each box, to float precision', async () => {
    const meta = JSON.parse(
      execFileSync(PY, ['-c', SCRIPT, dir, JSON.stringify(BOXES)], { encoding: 'utf8', cwd: process.cwd() }),
    ) as { width: number; content: number }[];
    const page = await readPageImage(join(dir, 'page.png'));
    BOXES.forEach((box, i) => {
      const ts = lineInput(page, box, LINE_DEFAULTS);
      const buf = readFileSync(join(dir, `box${i}.f32`));
      const py = new Float32Array(buf.buffer, buf.byteOffset, buf.byteLength / 4);
      expect({ width: meta[i]!.width, content: meta[i]!.content }).toEqual({ width: ts.width, content: ts.contentWidth });
      expect(py.length).toBe(ts.tensor.length);
      let worst = 0;
      for (let k = 0; k < py.length; k++) worst = Math.max(worst, Math.abs(py[k]! - ts.tensor[k]!));
      expect(worst).toBeLessThan(1e-5);
    });
  });
});

describe.skipIf(!hasPython)('rendered training lines: which texts a build sets', () => {
  it('takes texts[first:first + n], numbered from first, seeded by number', () => {
    const script = 'import json\nfrom training.data.rendered_lines import text_jobs\nprint(json.dumps(text_jobs(["a", "b", "c", "d", "e"], 1, 3, 2)))';
    const jobs = JSON.parse(execFileSync(PY, ['-c', script], { encoding: 'utf8', cwd: process.cwd() })) as [number, string, number][];
    expect(jobs).toEqual([
      [1, 'b', 2 * 1_000_003 + 1],
      [2, 'c', 2 * 1_000_003 + 2],
      [3, 'd', 2 * 1_000_003 + 3],
    ]);
  });
});
