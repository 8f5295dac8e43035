// models/seed-tiny end to end in onnxruntime-node: page image -> views -> vision graphs -> visual-token
// layout -> prompt -> decodeBatch. Greedy matches PyTorch's greedy tokens; FastMTP K=1..3 commits
// exactly the greedy tokens on several synthetic pages (one without tiles, wide and tall tiled ones).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBatch } from '../../src/core/decoding/decode-batch';
import type { PageImage } from '../../src/protocol/page';
import { encodePage, readPage, type PageGraphs } from '../../src/core/page-pack/read-page';
import { pageDetokenizer } from '../../src/core/page-pack/page-detokenizer';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pagePrompt } from '../../src/core/page-pack/page-prompt';
import { assembleVisualTokens, visualTokenCount } from '../../src/core/page-pack/visual-tokens';
import { PACK_DIR, fixturePixels, openGraphs, pack, reference, runtime } from './seed-tiny';

let graphs: PageGraphs;
beforeAll(async () => {
  graphs = await openGraphs();
});
afterAll(async () => {
  await Promise.all([graphs.global.release(), graphs.tile.release(), graphs.model.release()]);
});

/** A page-like RGBA image: white paper, dark "text lines" whose pattern depends on `seed`. */
function syntheticPage(width: number, height: number, seed: number): PageImage {
  const pixels = new Uint8ClampedArray(width * height * 4).fill(255);
  let s = seed * 7919 + 17;
  const rand = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let y = Math.floor(height * 0.08); y < height * 0.92; y += 18 + Math.floor(rand() * 10)) {
    const x0 = Math.floor(width * (0.08 + rand() * 0.05));
    const x1 = Math.floor(width * (0.6 + rand() * 0.32));
    for (let x = x0; x < x1; x++) {
      if (rand() < 0.2) continue; // word gaps
      for (let dy = 0; dy < 9; dy++) {
        const p = ((y + dy) * width + x) * 4;
        pixels[p] = pixels[p + 1] = pixels[p + 2] = 20 + Math.floor(rand() * 40);
      }
    }
  }
  return { width, height, pixels, dpi: 0 };
}

const STOP = { eos: pack.tokenizer.eos, maxTokens: 40 };

describe('seed-tiny decoding', () => {
  it('greedy on the fixture views reproduces PyTorch greedy, and K=1..3 commit the same tokens', async () => {
    const g = reference.greedy;
    const D = pack.hiddenSize;
    const gOut = await graphs.global.run({ pixels: runtime.float32(fixturePixels(1, 1024, 0), [1, 3, 1024, 1024]) });
    const tOut = await graphs.tile.run({ tiles: runtime.float32(fixturePixels(2, 640, 1), [2, 3, 640, 640]) });
    const grid = { cols: g.cols, rows: g.rows };
    const embeds = assembleVisualTokens(
      await runtime.read(gOut.tokens!),
      await runtime.read(tOut.tile_tokens!),
      await runtime.read(tOut.image_newline!),
      grid,
      D,
      10,
    );
    const count = visualTokenCount(1024, 640, grid);
    expect(count).toBe(g.visualTokens);
    const prompt = pagePrompt({ before: g.before, after: g.after }, pack.tokenizer.image, count);
    const memory = { batch: 1, embeds, count, imageStart: prompt.imageStart };
    for (const k of [0, 1, 2, 3]) {
      const out = await decodeBatch(graphs.model, memory, 1, { k, prompt: prompt.ids, stop: { eos: pack.tokenizer.eos, maxTokens: 24 } });
      expect(out.tokens[0], `K=${k}`).toEqual(g.tokens);
    }
  });

  const pages: [string, PageImage][] = [
    ['600x400, global view only', syntheticPage(600, 400, 1)],
    ['1500x1000, 3x2 tiles', syntheticPage(1500, 1000, 2)],
    ['700x2000, tall tiles', syntheticPage(700, 2000, 3)],
  ];
  for (const [label, page] of pages) {
    it(`speculative == greedy for K=0..3: ${label}`, async () => {
      const enc = await encodePage(runtime, pack, graphs, page);
      const results = [];
      for (const k of [0, 1, 2, 3]) {
        const out = await decodeBatch(graphs.model, enc.memory, 1, { k, prompt: enc.prompt, stop: STOP });
        results.push(out);
      }
      const greedy = results[0]!.tokens[0]!;
      expect(greedy.length).toBeGreaterThan(0);
      for (const r of results.slice(1)) expect(r.tokens[0]).toEqual(greedy);
      // Speculation really ran, with accepted drafts (the tiny draft is distilled on the main model).
      const accepted = results[3]!.stats.acceptedPerStep.reduce((a, b) => a + b, 0);
      expect(accepted).toBeGreaterThan(0);
      expect(results[3]!.stats.decoderCalls).toBeLessThan(results[0]!.stats.decoderCalls);
    });
  }

  it('two same-size pages in one batch read as each does alone (K=0 and K=2)', async () => {
    const a = await encodePage(runtime, pack, graphs, syntheticPage(1200, 900, 4));
    const b = await encodePage(runtime, pack, graphs, syntheticPage(1200, 900, 5));
    expect(a.prompt).toEqual(b.prompt);
    const both = { ...a.memory, batch: 2, embeds: new Float32Array([...a.memory.embeds, ...b.memory.embeds]) };
    for (const k of [0, 2]) {
      const batch = await decodeBatch(graphs.model, both, 2, { k, prompt: a.prompt, stop: STOP });
      const alone = [
        await decodeBatch(graphs.model, a.memory, 1, { k: 0, prompt: a.prompt, stop: STOP }),
        await decodeBatch(graphs.model, b.memory, 1, { k: 0, prompt: b.prompt, stop: STOP }),
      ];
      expect(batch.tokens).toEqual([alone[0]!.tokens[0], alone[1]!.tokens[0]]);
    }
  });

  it('readPage gives the same Markdown and regions for K=0 and K=3', async () => {
    const detokenize = pageDetokenizer(readFileSync(join(PACK_DIR, pack.tokenizer.file), 'utf8'), pack.tokenizer, pack.vocabSize);
    const page = syntheticPage(1300, 1700, 6);
    const opts = { detokenize, maxTokens: 48 };
    const greedy = await readPage(runtime, pack, graphs, page, { ...opts, k: 0 });
    const spec = await readPage(runtime, pack, graphs, page, { ...opts, k: 3 });
    expect(greedy.tokens.length).toBeGreaterThan(0);
    expect(spec.markdown).toBe(greedy.markdown);
    expect(spec.regions).toEqual(greedy.regions);
    expect(spec.stats.draftCalls).toBeGreaterThan(0);
  });
});
