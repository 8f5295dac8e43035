// The shipped pack's fused draft graphs (draft_k2.onnx, draft_k3.onnx: all K draft steps in one call, int8
// weights, onnxruntime-node with QDQ transformations off) must draft exactly what K step-by-step calls of
// draft.onnx draft: same acceptance at every step, same decoder calls, same text, on real line crops.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePageEngine, openPageEngine, type PageEngine } from '../src/core/pipeline/page-engine';
import type { LinesPack } from '../src/core/pack/manifest-types';
import type { LineMemoryHost } from '../src/core/recognize/line-memory';
import type { LineModel } from '../src/core/recognize/line-model';
import { decodeLines, encodeLines } from '../src/core/recognize/recognize-lines';
import { loadPackDir } from '../src/node/load-pack';
import { OrtNodeRuntime } from '../src/node/ort-node-session';
import { corpusLines } from './support/line-corpus';
import { artifactMissing } from './support/required-artifact';

const dir = fileURLToPath(new URL('../models/pocket', import.meta.url));

describe.skipIf(artifactMissing(`${dir}/pack.json`, 'the pocket pack (models/pocket)'))('fused draft graphs of the pocket pack', () => {
  let fused: PageEngine;
  let stepwise: PageEngine;
  let memories: LineMemoryHost[];
  let pack: LinesPack;

  beforeAll(async () => {
    const runtime = new OrtNodeRuntime({ threads: 1 });
    const open = (p: Awaited<ReturnType<typeof loadPackDir>>) => openPageEngine(runtime, (bytes, label) => runtime.session(bytes, label), p);
    const loaded = await loadPackDir(dir);
    pack = loaded.manifest as LinesPack;
    fused = await open(loaded);
    // The same pack and sessions options without fusedDrafts: one draft.onnx call per step.
    const { fusedDrafts: _, ...plain } = pack.recognizer;
    stepwise = await open({ ...loaded, manifest: { ...pack, recognizer: plain } });
    // 100 real lines (~5·10^3 tokens) are enough to see a single differing draft; the full 244 run in
    // speculative-equals-greedy.test.ts, which reads this pack through the fused graphs.
    const lines = (await corpusLines(fused)).slice(0, 100);
    memories = (await encodeLines(fused.text, lines.map((l) => l.input))).memories;
  }, 600_000);

  afterAll(async () => {
    if (fused) await closePageEngine(fused);
    if (stepwise) await closePageEngine(stepwise);
  });

  it('are listed for every K from 2 to maxDraft, hold int8 weights, and are used', async () => {
    const steps = (pack.recognizer.fusedDrafts ?? []).map((d) => d.steps);
    expect(steps).toEqual(Array.from({ length: pack.recognizer.maxDraft - 1 }, (_, i) => i + 2));
    for (const d of pack.recognizer.fusedDrafts!) {
      const bytes = await import('node:fs/promises').then((fs) => fs.readFile(`${dir}/${d.graph.file}`));
      expect(bytes.includes('DequantizeLinear')).toBe(true);
    }
    expect((fused.text.model as LineModel).fusedDraftSteps).toEqual(steps);
    expect((stepwise.text.model as LineModel).fusedDraftSteps).toEqual([]);
  });

  for (const k of [2, 3]) {
    for (const batchSize of [1, 8]) {
      it(`K=${k}, batch ${batchSize}: the same drafts as step-by-step calls, in one call per pass`, async () => {
        const a = await decodeLines(fused.text, memories, { k, batchSize });
        const b = await decodeLines(stepwise.text, memories, { k, batchSize });
        expect(a.tokens).toEqual(b.tokens);
        // Equal acceptance at every step over thousands of drafts: the fused graph drafted the same tokens.
        expect(a.stats.proposedPerStep).toEqual(b.stats.proposedPerStep);
        expect(a.stats.acceptedPerStep).toEqual(b.stats.acceptedPerStep);
        expect(a.stats.decoderCalls).toBe(b.stats.decoderCalls);
        expect(a.stats.acceptedPerStep[k - 1]).toBeGreaterThan(50);
        // One draft call per pass (the prefill has none) instead of K.
        const passes = a.stats.decoderCalls - Math.ceil(memories.length / batchSize);
        expect(a.stats.draftCalls).toBeLessThanOrEqual(passes);
        expect(b.stats.draftCalls).toBeGreaterThan((k - 0.5) * a.stats.draftCalls);
      }, 600_000);
    }
  }
});
