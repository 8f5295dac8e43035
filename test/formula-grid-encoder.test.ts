// The formula recognizer's own encoder (formula-encoder.onnx, training/cut_encoder.py cut_grid) is the line
// encoder's backbone with its three rows kept apart, read column by column: averaged over each column's
// three steps it must give the line encoder's pooled backbone features (its first 480 channels), on a real
// formula crop. A wrong row/column order or a different cut breaks this.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { lineInput, linePreprocess } from '../src/core/image/line-input';
import { readPageImage } from '../src/node/png-page';
import { artifactMissing } from './support/required-artifact';

const root = (p: string) => fileURLToPath(new URL(`../${p}`, import.meta.url));
const PACK = root('models/pocket');
const pack = artifactMissing(`${PACK}/pack.json`, 'the pocket pack (models/pocket)') ? undefined : JSON.parse(readFileSync(`${PACK}/pack.json`, 'utf8'));
const gridEncoder: string | undefined = pack?.formula?.encoder?.file === 'formula-encoder.onnx' ? pack.formula.encoder.file : undefined;
const ROWS = 3;
const BACKBONE = 480;

describe.skipIf(!gridEncoder)('formula grid encoder (models/pocket)', () => {
  it('averages, column by column, to the line encoder’s pooled backbone features', async () => {
    const fixture = JSON.parse(readFileSync(root('test/fixtures/formula/formulas.jsonl'), 'utf8').split('\n')[0]!);
    const img = await readPageImage(root(`test/fixtures/formula/${fixture.png}`));
    const input = lineInput(img, [0, 0, img.width, img.height], linePreprocess(pack.formula.preprocess));
    const x = new ort.Tensor('float32', input.tensor, [1, 3, input.height, input.width]);
    const run = async (file: string) => {
      const s = await ort.InferenceSession.create(`${PACK}/${file}`, { intraOpNumThreads: 1 });
      const out = (await s.run({ x })).feats!;
      await s.release();
      return out;
    };
    const grid = await run(gridEncoder!);
    const line = await run(pack.recognizer.encoder.file);
    const S = line.dims[3]!;
    expect(grid.dims).toEqual([1, BACKBONE, 1, ROWS * S]);
    const g = grid.data as Float32Array;
    const l = line.data as Float32Array;
    let worst = 0;
    let scale = 0;
    for (let c = 0; c < BACKBONE; c++) {
      for (let s = 0; s < S; s++) {
        let sum = 0;
        for (let r = 0; r < ROWS; r++) sum += g[c * ROWS * S + s * ROWS + r]!;
        const want = l[c * S + s]!;
        worst = Math.max(worst, Math.abs(sum / ROWS - want));
        scale = Math.max(scale, Math.abs(want));
      }
    }
    expect(scale).toBeGreaterThan(1); // real activations, not a blank crop
    expect(worst).toBeLessThan(1e-3 * scale);
    // and the rows differ: the grid is not the pooled row repeated
    let spread = 0;
    for (let i = 0; i < BACKBONE * S; i++) spread = Math.max(spread, Math.abs(g[i * ROWS]! - g[i * ROWS + 2]!));
    expect(spread).toBeGreaterThan(0.1 * scale);
  });
});
