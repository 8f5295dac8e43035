// Validates a `page` pack.json (src/core/page-pack/page-pack-types.ts) with the file and field in every error,
// so a converted pack with a wrong field fails here rather than as an opaque onnxruntime error.
import { PackError } from '../pack/pack-error';
import type { PagePack } from './page-pack-types';

type Obj = Record<string, unknown>;

const SHA256 = /^[0-9a-f]{64}$/;
const GIB = 2 ** 30;

const GRAPHS: Record<string, [string[], string[]]> = {
  'vision.global': [['pixels'], ['tokens']],
  'vision.tile': [['tiles'], ['tile_tokens', 'image_newline']],
  decoder: [['input_ids', 'image_embeds', 'position_ids', 'attn_mask', 'past_kv'], ['logits', 'hidden', 'present_kv']],
  draft: [['hidden', 'input_ids'], ['logits', 'draft_hidden']],
};

export function validatePagePack(raw: unknown, file = 'pack.json'): PagePack {
  const fail = (field: string, msg: string): never => {
    throw new PackError(msg, file, field);
  };
  const obj = (v: unknown, field: string): Obj =>
    typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : fail(field, 'must be an object');
  const int = (o: Obj, key: string, field: string, min = 0): number => {
    const v = o[key];
    return typeof v === 'number' && Number.isInteger(v) && v >= min ? v : fail(`${field}${key}`, `must be an integer ≥ ${min}`);
  };
  const str = (o: Obj, key: string, field: string): string => {
    const v = o[key];
    return typeof v === 'string' && v.length > 0 ? v : fail(`${field}${key}`, 'must be a non-empty string');
  };
  const path = (o: Obj, key: string, field: string): string => {
    const p = str(o, key, field);
    if (p.startsWith('/') || p.includes('\\') || p.split('/').some((s) => s === '..' || s === '' || s === '.')) {
      fail(`${field}${key}`, `"${p}" must be a relative path inside the pack`);
    }
    return p;
  };
  const fileEntry = (o: Obj, field: string, maxBytes = Infinity) => {
    path(o, 'file', field);
    if (!SHA256.test(String(o.sha256))) fail(`${field}sha256`, 'must be 64 lowercase hex digits (sha256)');
    if (int(o, 'bytes', field, 1) > maxBytes) fail(`${field}bytes`, 'external data files must be ≤ 1 GiB (WebGPU maxBufferSize)');
  };
  const ids = (v: unknown, field: string): number[] =>
    Array.isArray(v) && v.every((x) => Number.isInteger(x) && x >= 0) ? (v as number[]) : fail(field, 'must be an array of token ids');

  const o = obj(raw, '(root)');
  if (o.format !== 'pagemark-pack') fail('format', 'must be "pagemark-pack"');
  if (o.version !== 1) fail('version', 'must be 1');
  if (o.kind !== 'page') fail('kind', 'must be "page"');
  str(o, 'name', '');
  const vision = obj(o.vision, 'vision');
  const base = int(vision, 'baseSize', 'vision.', 64);
  const tile = int(vision, 'tileSize', 'vision.', 64);
  if (base % 64 || tile % 64) fail('vision', 'baseSize and tileSize must be multiples of 64 (patch 16, 4x compressor)');
  const minTiles = int(vision, 'minTiles', 'vision.', 1);
  if (int(vision, 'maxTiles', 'vision.', minTiles) < minTiles) fail('vision.maxTiles', 'must be ≥ minTiles');
  const pre = obj(vision.preprocess, 'vision.preprocess');
  if (pre.channelOrder !== 'RGB') fail('vision.preprocess.channelOrder', 'must be "RGB"');
  for (const key of ['mean', 'std']) {
    const a = pre[key];
    if (!Array.isArray(a) || a.length !== 3 || !a.every((x) => typeof x === 'number' && Number.isFinite(x) && (key === 'mean' || x !== 0))) {
      fail(`vision.preprocess.${key}`, 'must be three numbers (std non-zero)');
    }
  }
  if (typeof pre.padValue !== 'number' || pre.padValue < 0 || pre.padValue > 255) fail('vision.preprocess.padValue', 'must be within 0..255');

  const graph = (name: string, v: unknown) => {
    const g = obj(v, name);
    fileEntry(g, `${name}.`);
    if (g.externalData !== undefined) {
      if (!Array.isArray(g.externalData)) fail(`${name}.externalData`, 'must be an array');
      (g.externalData as unknown[]).forEach((e, i) => fileEntry(obj(e, `${name}.externalData[${i}]`), `${name}.externalData[${i}].`, GIB));
    }
    const [inputs, outputs] = GRAPHS[name]!;
    for (const [key, names] of [['inputs', inputs], ['outputs', outputs]] as const) {
      const specs = g[key];
      if (!Array.isArray(specs)) fail(`${name}.${key}`, 'must be an array');
      for (const n of names) if (!(specs as Obj[]).some((s) => s?.name === n)) fail(`${name}.${key}`, `is missing tensor "${n}"`);
    }
  };
  graph('vision.global', vision.global);
  graph('vision.tile', vision.tile);
  graph('decoder', o.decoder);
  if (o.draft !== undefined) graph('draft', o.draft);

  const tok = obj(o.tokenizer, 'tokenizer');
  for (const key of ['bos', 'eos', 'pad', 'image']) int(tok, key, 'tokenizer.');
  if (tok.file === undefined) fail('tokenizer.file', "is required: it turns the decoder's token ids into text (the checkpoint's tokenizer.json)");
  fileEntry(tok, 'tokenizer.');
  const prompt = obj(o.prompt, 'prompt');
  const around = [...ids(prompt.before, 'prompt.before'), ...ids(prompt.after, 'prompt.after')];
  if (around.includes(tok.image as number)) fail('prompt', 'must not contain the image placeholder; the engine inserts one per visual token');
  for (const key of ['decoderLayers', 'heads', 'headDim', 'hiddenSize', 'vocabSize', 'maxTokens', 'maxPositions']) int(o, key, '', 1);
  const vocab = o.vocabSize as number;
  for (const key of ['bos', 'eos', 'pad', 'image']) if ((tok[key] as number) >= vocab) fail(`tokenizer.${key}`, `must be < vocabSize ${vocab}`);
  int(o, 'maxDraft', '', 0);
  if ((o.maxDraft as number) > 0 && o.draft === undefined) fail('maxDraft', 'is > 0 but the pack has no draft graph');
  const stop = obj(o.stop, 'stop');
  int(stop, 'ngram', 'stop.', 0);
  if (stop.window !== undefined) int(stop, 'window', 'stop.', 1);
  const output = obj(o.output, 'output');
  if (output.math !== 'tex-delimiters' && output.math !== 'dollars') fail('output.math', 'must be "tex-delimiters" or "dollars"');
  if (output.boxes !== 'ref-det-999' && output.boxes !== 'none') fail('output.boxes', 'must be "ref-det-999" or "none"');
  return o as unknown as PagePack;
}
