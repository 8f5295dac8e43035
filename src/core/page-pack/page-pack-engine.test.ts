// ocrPagePack end to end over scripted graphs: vision graphs return tokens of the right shapes, the
// decoder "writes" a fixed grounded text (tokenized by Hugging Face tokenizers.js with seed-tiny's real
// tokenizer.json), the draft guesses it with some misses. The page result must hold the text with tags
// removed, `\(…\)` as `$…$`, regions in page pixels, and the same for greedy and FastMTP.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Tokenizer } from '@huggingface/tokenizers';
import { describe, expect, it } from 'vitest';
import type { LoadedPack } from '../pack/loaded-pack';
import type { GraphSpec } from '../pack/manifest-types';
import type { PagePack } from './page-pack-types';
import type { Tensor, TensorRuntime, TensorSession } from '../recognize/tensor-runtime';
import { ocrPagePack, openPagePackEngine, type ExternalDataFile } from './page-pack-engine';

class HostTensor implements Tensor {
  constructor(readonly data: Float32Array | BigInt64Array, readonly dims: number[]) {}
}
const runtime: TensorRuntime = {
  backend: 'scripted',
  float32: (d, dims) => new HostTensor(d, [...dims]),
  int64: (d, dims) => new HostTensor(d, [...dims]),
  read: async (t) => (t as HostTensor).data as Float32Array,
  dispose: () => {},
};

const dir = join(__dirname, '../../../models/seed-tiny');
const manifest: PagePack = { ...JSON.parse(readFileSync(join(dir, 'pack.json'), 'utf8')), maxTokens: 300 };
const tokenizerBytes = new Uint8Array(readFileSync(join(dir, 'tokenizer.json')));
const TEXT =
  '<|ref|>title<|/ref|><|det|>[[100,50,899,120]]<|/det|>\n# Results — café\n\n' +
  '<|ref|>text<|/ref|><|det|>[[100,150,899,400]]<|/det|>\nWe measured \\(x^2\\) twice, 日本.\n' +
  '<|ref|>table<|/ref|><|det|>[[100,450,899,600]]<|/det|>\n<table border=1><tr><th>k</th><th>v</th></tr><tr><td>a</td><td>1</td></tr></table>\n';
const SCRIPT = new Tokenizer(JSON.parse(new TextDecoder().decode(tokenizerBytes)), {}).encode(TEXT, { add_special_tokens: false }).ids;
const V = manifest.vocabSize;
const D = manifest.hiddenSize;

function oneHot(out: Float32Array, row: number, token: number) {
  out[row * V + token] = 10;
}

/** Sessions by graph file; the decoder's hidden carries its position so the draft can "predict". */
function scriptedSessions(seen: { externalData: string[] }) {
  let promptLen = 0;
  const next = (pos: number) => SCRIPT[pos - (promptLen - 1)] ?? manifest.tokenizer.eos;
  const session = (run: TensorSession['run']): TensorSession => ({ inputNames: [], outputNames: [], run, release: async () => {} });
  const byFile: Record<string, TensorSession> = {
    'vision_global.onnx': session(async () => ({ tokens: new HostTensor(new Float32Array(273 * D).fill(0.5), [1, 273, D]) })),
    'vision_tile.onnx': session(async (f) => {
      const n = f.tiles!.dims[0]!;
      return { tile_tokens: new HostTensor(new Float32Array(n * 100 * D), [n, 100, D]), image_newline: new HostTensor(new Float32Array(D), [D]) };
    }),
    'decoder.onnx': session(async (f) => {
      const [B, T] = f.input_ids!.dims as [number, number];
      const P = f.past_kv!.dims[3]!;
      if (P === 0) promptLen = T;
      const pos = (f.position_ids as HostTensor).data as BigInt64Array;
      const logits = new Float32Array(B * T * V);
      const hidden = new Float32Array(B * T * D);
      for (let i = 0; i < B * T; i++) {
        oneHot(logits, i, next(Number(pos[i])));
        hidden[i * D] = Number(pos[i]);
      }
      return {
        logits: new HostTensor(logits, [B, T, V]),
        hidden: new HostTensor(hidden, [B, T, D]),
        present_kv: new HostTensor(new Float32Array(4 * B * 4 * (P + T) * 16), [4, B, 4, P + T, 16]),
      };
    }),
    'draft.onnx': session(async (f) => {
      const B = f.hidden!.dims[0]!;
      const h = (f.hidden as HostTensor).data as Float32Array;
      const logits = new Float32Array(B * V);
      const hidden = new Float32Array(B * D);
      for (let b = 0; b < B; b++) {
        const pos = h[b * D]! + 1;
        // Every fifth guess is wrong, so rejections and cache rollback happen too.
        oneHot(logits, b, pos % 5 === 0 ? 42 : next(pos));
        hidden[b * D] = pos;
      }
      return { logits: new HostTensor(logits, [B, 1, V]), draft_hidden: new HostTensor(hidden, [B, 1, D]) };
    }),
  };
  return async (_bytes: Uint8Array, _label: string, graph: GraphSpec, externalData: ExternalDataFile[]) => {
    seen.externalData.push(...externalData.map((e) => e.path));
    return byFile[graph.file]!;
  };
}

function loadedPack(): LoadedPack<PagePack> {
  const files = new Map<string, Uint8Array>([['tokenizer.json', tokenizerBytes]]);
  for (const g of [manifest.vision.global, manifest.vision.tile, manifest.decoder, manifest.draft!]) {
    files.set(g.file, new Uint8Array(1));
    for (const e of g.externalData ?? []) files.set(e.file, new Uint8Array(1));
  }
  return { manifest, files, source: 'test' };
}

describe('ocrPagePack', () => {
  it('turns grounded output into Markdown and regions, identically for K=0 and K=3', async () => {
    const seen = { externalData: [] as string[] };
    const engine = await openPagePackEngine(runtime, scriptedSessions(seen), loadedPack());
    expect(seen.externalData.sort()).toEqual(['decoder.onnx.data0', 'draft.onnx.data0', 'vision_global.onnx.data0', 'vision_global.onnx.data1', 'vision_tile.onnx.data0']);
    const page = { width: 999, height: 1998, pixels: new Uint8ClampedArray(999 * 1998 * 4).fill(255), dpi: 0 };
    const greedy = await ocrPagePack(engine, page, 3, { k: 0 });
    const spec = await ocrPagePack(engine, page, 3, { k: 3 });

    // The model's table as the app writes tables: its heading row in <thead>, its attributes dropped.
    const table = '<table>\n<thead>\n<tr><th>k</th><th>v</th></tr>\n</thead>\n<tbody>\n<tr><td>a</td><td>1</td></tr>\n</tbody>\n</table>';
    expect(greedy.markdown).toBe(`# Results — café\n\nWe measured $x^2$ twice, 日本.\n\n${table}`);
    expect(greedy.regions).toEqual([
      { bbox: [100, 100, 899, 240], type: 'heading', markdown: '# Results — café' },
      { bbox: [100, 300, 899, 800], type: 'paragraph', markdown: 'We measured $x^2$ twice, 日本.' },
      { bbox: [100, 900, 899, 1200], type: 'table', markdown: table },
    ]);
    expect(greedy.page).toBe(3);
    expect(greedy.figures).toEqual([]);
    expect(greedy.stats.tokens).toBe(SCRIPT.length + 1); // eos counted
    expect(greedy.stats.backend).toBe('scripted');

    expect(spec.markdown).toBe(greedy.markdown);
    expect(spec.regions).toEqual(greedy.regions);
    expect(spec.stats.tokens).toBe(greedy.stats.tokens);
    expect(spec.stats.tokensPerPass).toBeGreaterThan(2);
    expect(spec.stats.decoderCalls).toBeLessThan(greedy.stats.decoderCalls / 2);
    expect(spec.stats.proposedPerStep[0]! - spec.stats.acceptedPerStep[0]!).toBeGreaterThan(0);
  });
});
