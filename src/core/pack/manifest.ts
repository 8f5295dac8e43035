// Validates pack.json (docs/pack-format.md) before anything is fetched or run, so a broken pack fails
// with the field that is wrong instead of an opaque onnxruntime error later.
import type { DType, GraphSpec, ImagePreprocess, LinesPack, RecognizerSpec, TensorSpec } from './manifest-types';
import type { PackManifest } from './loaded-pack';
import { validatePagePack } from '../page-pack/page-manifest';
import { PackError } from './pack-error';

export { PackError };

const DTYPES: readonly DType[] = ['float32', 'float16', 'int64', 'int32', 'uint8'];
const SHA256 = /^[0-9a-f]{64}$/;

type Obj = Record<string, unknown>;

class Checker {
  constructor(readonly file: string) {}

  fail(field: string, message: string): never {
    throw new PackError(message, this.file, field);
  }

  obj(v: unknown, field: string): Obj {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) this.fail(field, 'must be an object');
    return v as Obj;
  }

  str(o: Obj, key: string, field: string): string {
    const v = o[key];
    if (typeof v !== 'string' || v.length === 0) this.fail(`${field}.${key}`, 'must be a non-empty string');
    return v;
  }

  int(o: Obj, key: string, field: string, min = 0): number {
    const v = o[key];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min) {
      this.fail(`${field}.${key}`, `must be an integer ≥ ${min}`);
    }
    return v;
  }

  num(o: Obj, key: string, field: string): number {
    const v = o[key];
    if (typeof v !== 'number' || !Number.isFinite(v)) this.fail(`${field}.${key}`, 'must be a finite number');
    return v;
  }

  /** A path relative to pack.json: no absolute paths, no `..`, so a pack cannot reach outside itself. */
  path(o: Obj, key: string, field: string): string {
    const p = this.str(o, key, field);
    if (p.startsWith('/') || p.includes('\\') || p.split('/').some((s) => s === '..' || s === '' || s === '.')) {
      this.fail(`${field}.${key}`, `"${p}" must be a relative path inside the pack`);
    }
    return p;
  }

  sha(o: Obj, key: string, field: string): string {
    const v = this.str(o, key, field);
    if (!SHA256.test(v)) this.fail(`${field}.${key}`, 'must be 64 lowercase hex digits (sha256)');
    return v;
  }
}

function checkTensor(c: Checker, v: unknown, field: string): TensorSpec {
  const o = c.obj(v, field);
  c.str(o, 'name', field);
  if (!DTYPES.includes(o.dtype as DType)) c.fail(`${field}.dtype`, `must be one of ${DTYPES.join(', ')}`);
  if (!Array.isArray(o.shape)) c.fail(`${field}.shape`, 'must be an array');
  o.shape.forEach((d: unknown, i: number) => {
    const ok = (typeof d === 'number' && Number.isInteger(d) && d >= 0) || (typeof d === 'string' && d.length > 0);
    if (!ok) c.fail(`${field}.shape[${i}]`, 'must be a size ≥ 0 or an axis name');
  });
  return o as unknown as TensorSpec;
}

function checkGraph(c: Checker, v: unknown, field: string, inputs: string[], outputs: string[]): GraphSpec {
  const o = c.obj(v, field);
  c.path(o, 'file', field);
  if (o.npm !== undefined) c.str(o, 'npm', field);
  c.sha(o, 'sha256', field);
  c.int(o, 'bytes', field, 1);
  if (o.externalData !== undefined) {
    if (!Array.isArray(o.externalData)) c.fail(`${field}.externalData`, 'must be an array');
    o.externalData.forEach((e: unknown, i: number) => {
      const f = `${field}.externalData[${i}]`;
      const eo = c.obj(e, f);
      c.path(eo, 'file', f);
      c.sha(eo, 'sha256', f);
      const bytes = c.int(eo, 'bytes', f, 1);
      if (bytes > 2 ** 30) c.fail(`${f}.bytes`, 'external data files must be ≤ 1 GiB (WebGPU maxBufferSize)');
    });
  }
  for (const [key, names] of [['inputs', inputs], ['outputs', outputs]] as const) {
    if (!Array.isArray(o[key])) c.fail(`${field}.${key}`, 'must be an array');
    const specs = (o[key] as unknown[]).map((t, i) => checkTensor(c, t, `${field}.${key}[${i}]`));
    for (const name of names) {
      if (!specs.some((s) => s.name === name)) c.fail(`${field}.${key}`, `is missing tensor "${name}"`);
    }
  }
  return o as unknown as GraphSpec;
}

function checkPreprocess(c: Checker, v: unknown, field: string): ImagePreprocess {
  const o = c.obj(v, field);
  if (o.channelOrder !== 'RGB' && o.channelOrder !== 'BGR') c.fail(`${field}.channelOrder`, 'must be "RGB" or "BGR"');
  for (const key of ['mean', 'std'] as const) {
    const a = o[key];
    if (!Array.isArray(a) || a.length !== 3 || !a.every((x) => typeof x === 'number' && Number.isFinite(x))) {
      c.fail(`${field}.${key}`, 'must be three numbers');
    }
    if (key === 'std' && (a as number[]).some((x) => x === 0)) c.fail(`${field}.std`, 'must not contain 0');
  }
  for (const key of ['targetHeight', 'maxSide', 'multipleOf', 'minWidth', 'maxWidth', 'splitWidth'] as const) {
    if (o[key] !== undefined) c.int(o, key, field, 1);
  }
  if (o.padValue !== undefined) {
    const p = c.num(o, 'padValue', field);
    if (p < 0 || p > 255) c.fail(`${field}.padValue`, 'must be within 0..255');
  }
  return o as unknown as ImagePreprocess;
}

function checkRecognizer(c: Checker, v: unknown, field: string): RecognizerSpec {
  const o = c.obj(v, field);
  checkGraph(c, o.encoder, `${field}.encoder`, ['x'], ['feats']);
  if (o.encoderInt8 !== undefined) checkGraph(c, o.encoderInt8, `${field}.encoderInt8`, ['x'], ['feats']);
  checkGraph(c, o.memory, `${field}.memory`, ['feats', 'memory_mask'], ['cross_kv', 'draft_kv']);
  checkGraph(
    c,
    o.decoder,
    `${field}.decoder`,
    ['input_ids', 'position_ids', 'attn_mask', 'past_kv', 'cross_kv', 'memory_mask'],
    ['logits', 'hidden', 'present_kv'],
  );
  if (o.draft !== undefined) {
    checkGraph(
      c,
      o.draft,
      `${field}.draft`,
      ['hidden', 'input_ids', 'position_ids', 'draft_kv', 'memory_mask'],
      ['logits', 'draft_hidden'],
    );
  }
  const pre = checkPreprocess(c, o.preprocess, `${field}.preprocess`);
  if (pre.targetHeight === undefined) c.fail(`${field}.preprocess.targetHeight`, 'is required for a recognizer');
  const tok = c.obj(o.tokenizer, `${field}.tokenizer`);
  c.path(tok, 'file', `${field}.tokenizer`);
  c.sha(tok, 'sha256', `${field}.tokenizer`);
  c.int(tok, 'bytes', `${field}.tokenizer`, 1);
  if (o.lexicon !== undefined) {
    const lex = c.obj(o.lexicon, `${field}.lexicon`);
    c.path(lex, 'file', `${field}.lexicon`);
    c.sha(lex, 'sha256', `${field}.lexicon`);
    c.int(lex, 'bytes', `${field}.lexicon`, 1);
  }
  for (const key of ['decoderLayers', 'heads', 'headDim', 'hiddenSize', 'vocabSize', 'maxTokens'] as const) {
    c.int(o, key, field, 1);
  }
  const vocab = o.vocabSize as number;
  for (const key of ['bos', 'eos', 'pad'] as const) {
    const id = c.int(tok, key, `${field}.tokenizer`);
    if (id >= vocab) c.fail(`${field}.tokenizer.${key}`, `token id ${id} is outside the vocabulary (${vocab})`);
  }
  const maxDraft = c.int(o, 'maxDraft', field);
  if (o.draft === undefined && maxDraft > 0) c.fail(`${field}.maxDraft`, 'must be 0 when the pack has no draft graph');
  if (o.fusedDrafts !== undefined) checkFusedDrafts(c, o, `${field}.fusedDrafts`, maxDraft);
  if (o.output !== 'text' && o.output !== 'latex') c.fail(`${field}.output`, 'must be "text" or "latex"');
  return o as unknown as RecognizerSpec;
}

function checkFusedDrafts(c: Checker, o: Obj, field: string, maxDraft: number): void {
  if (o.draft === undefined) c.fail(field, 'needs the draft graph it was fused from');
  if (!Array.isArray(o.fusedDrafts)) c.fail(field, 'must be an array');
  const seen = new Set<number>();
  o.fusedDrafts.forEach((v: unknown, i: number) => {
    const f = `${field}[${i}]`;
    const e = c.obj(v, f);
    const steps = c.int(e, 'steps', f, 1);
    if (steps > maxDraft) c.fail(`${f}.steps`, `must be ≤ maxDraft (${maxDraft})`);
    if (seen.has(steps)) c.fail(`${f}.steps`, `${steps} is listed twice`);
    seen.add(steps);
    checkGraph(c, e.graph, `${f}.graph`, ['hidden', 'input_ids', 'position_ids', 'draft_kv', 'memory_mask'], ['draft_ids']);
  });
}

/** Parses and validates pack.json text; throws PackError naming the file and field. */
export function parseManifest(text: string, file = 'pack.json'): PackManifest {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new PackError(`is not valid JSON (${(e as Error).message})`, file);
  }
  return validateManifest(raw, file);
}

const KINDS = ['lines', 'page'];

export function validateManifest(raw: unknown, file = 'pack.json'): PackManifest {
  const c = new Checker(file);
  const o = c.obj(raw, '(root)');
  if (o.format !== 'pagemark-pack') c.fail('format', 'must be "pagemark-pack"');
  if (o.version !== 1) c.fail('version', `unsupported version ${JSON.stringify(o.version)} (this Pagemark reads 1)`);
  if (!KINDS.includes(o.kind as string)) {
    c.fail('kind', `unsupported kind ${JSON.stringify(o.kind)} (this Pagemark runs ${KINDS.map((k) => `"${k}"`).join(' and ')})`);
  }
  const name = c.str(o, 'name', '(root)');
  // The name keys the Cache API entry of the pack.
  if (!/^[A-Za-z0-9._-]+$/.test(name)) c.fail('name', 'may contain only letters, digits, ".", "_" and "-"');
  if (typeof o.attribution !== 'string') c.fail('attribution', 'must be a string');
  const m: PackManifest = o.kind === 'page' ? validatePagePack(raw, file) : checkLines(c, o);
  const seen = new Map<string, string>();
  for (const f of listedFiles(m)) {
    const prev = seen.get(f.file);
    if (prev !== undefined && prev !== f.sha256) c.fail(f.field, `"${f.file}" is listed twice with different hashes`);
    seen.set(f.file, f.sha256);
  }
  return m;
}

function checkLines(c: Checker, o: Obj): LinesPack {
  const det = c.obj(o.detector, 'detector');
  const dg = checkGraph(c, det.graph, 'detector.graph', ['x'], []);
  if (det.graphInt8 !== undefined) checkGraph(c, det.graphInt8, 'detector.graphInt8', ['x'], dg.outputs.map((t) => t.name));
  const dpre = checkPreprocess(c, det.preprocess, 'detector.preprocess');
  if (dpre.maxSide === undefined) c.fail('detector.preprocess.maxSide', 'is required for a detector');
  for (const key of ['threshold', 'boxThreshold', 'unclipRatio'] as const) c.num(det, key, 'detector');
  checkRecognizer(c, o.recognizer, 'recognizer');
  if (o.formula !== undefined) checkRecognizer(c, o.formula, 'formula');
  return o as unknown as LinesPack;
}

export interface PackFile {
  /** Path relative to pack.json. */
  file: string;
  sha256: string;
  bytes: number;
  /** npm specifier when the file arrives through node_modules instead of the pack folder. */
  npm?: string;
  /** Where in pack.json it is named (for messages). */
  field: string;
}

/** Every file the pack needs, graphs first, each once. */
export function packFiles(m: PackManifest): PackFile[] {
  const seen = new Set<string>();
  return listedFiles(m).filter((f) => (seen.has(f.file) ? false : (seen.add(f.file), true)));
}

/** Every file entry of pack.json in order, repeats included. */
function listedFiles(m: PackManifest): PackFile[] {
  const out: PackFile[] = [];
  const graph = (g: GraphSpec | undefined, field: string) => {
    if (!g) return;
    out.push({ file: g.file, sha256: g.sha256, bytes: g.bytes, npm: g.npm, field });
    g.externalData?.forEach((e, i) => out.push({ ...e, field: `${field}.externalData[${i}]` }));
  };
  if (m.kind === 'page') {
    graph(m.vision.global, 'vision.global');
    graph(m.vision.tile, 'vision.tile');
    graph(m.decoder, 'decoder');
    graph(m.draft, 'draft');
    const t = m.tokenizer;
    out.push({ file: t.file, sha256: t.sha256, bytes: t.bytes, field: 'tokenizer' });
  } else {
    graph(m.detector.graph, 'detector.graph');
    graph(m.detector.graphInt8, 'detector.graphInt8');
    for (const [key, r] of [['recognizer', m.recognizer], ['formula', m.formula]] as const) {
      if (!r) continue;
      graph(r.encoder, `${key}.encoder`);
      graph(r.encoderInt8, `${key}.encoderInt8`);
      graph(r.memory, `${key}.memory`);
      graph(r.decoder, `${key}.decoder`);
      graph(r.draft, `${key}.draft`);
      r.fusedDrafts?.forEach((d, i) => graph(d.graph, `${key}.fusedDrafts[${i}].graph`));
      out.push({ file: r.tokenizer.file, sha256: r.tokenizer.sha256, bytes: r.tokenizer.bytes, field: `${key}.tokenizer` });
      if (r.lexicon) out.push({ file: r.lexicon.file, sha256: r.lexicon.sha256, bytes: r.lexicon.bytes, field: `${key}.lexicon` });
    }
  }
  return out;
}

/** Every graph of the pack (to pick a backend the graphs can run on). */
export function packGraphs(m: PackManifest): GraphSpec[] {
  if (m.kind === 'page') return [m.vision.global, m.vision.tile, m.decoder, ...(m.draft ? [m.draft] : [])];
  const rec = [m.recognizer, m.formula].filter((r) => r !== undefined);
  const drafts = (r: RecognizerSpec) => [...(r.draft ? [r.draft] : []), ...(r.fusedDrafts ?? []).map((d) => d.graph)];
  return [m.detector.graph, ...rec.flatMap((r) => [r.encoder, r.memory, r.decoder, ...drafts(r)])];
}

/** Cache key version: bump when the stored layout changes. */
export function packVersion(m: PackManifest): string {
  // The pack's identity is its content: the hash of the decoder is enough to tell versions apart
  // but the whole file list is cheap and catches a swapped tokenizer too.
  const h = packFiles(m)
    .map((f) => f.sha256.slice(0, 8))
    .join('');
  return `v${m.version}-${fnv1a(h)}`;
}

function fnv1a(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}
