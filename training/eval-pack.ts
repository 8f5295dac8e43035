// Scores a lines pack on the held-out real lines (training/eval-lines.tsv, boxes in training/work/lines.jsonl):
// line CER of the pack's decoder (greedy, batch 1, through onnxruntime-node from page pixels), next to the
// PP-OCRv4 CTC head and tesseract on the same crops; and FastMTP at K = 1..3: tokens per verifier pass,
// acceptance per draft step, and whether speculative output equals greedy on every line.
// Usage: npx tsx training/eval-pack.ts models/pocket [--limit N] [--k 3]
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadImage, createCanvas } from '@napi-rs/canvas';
import * as ort from 'onnxruntime-node';
import { lineInput, linePreprocess } from '../src/core/image/line-input';
import type { BBox, PageImage } from '../src/protocol/page';

const args = process.argv.slice(2);
const dir = args[0] ?? 'models/pocket';
const opt = (name: string, d: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : d);
const limit = opt('--limit', 1e9);
const K = opt('--k', 3);
const work = 'training/work';

const pack = JSON.parse(readFileSync(join(dir, 'pack.json'), 'utf8'));
const rec = pack.recognizer;
const pieces: string[] = JSON.parse(readFileSync(join(dir, rec.tokenizer.file), 'utf8')).pieces;
const { bos, eos } = rec.tokenizer;
const L2 = 2 * rec.decoderLayers, H = rec.heads, dh = rec.headDim, V = rec.vocabSize;
const pre = linePreprocess(rec.preprocess);
const so = { intraOpNumThreads: 1 };
const [enc, mem, dec, draft] = await Promise.all(
  [rec.encoder, rec.memory, rec.decoder, rec.draft].map((g: { file: string }) => ort.InferenceSession.create(join(dir, g.file), so)),
);

const jsonl = (p: string) => (existsSync(p) ? readFileSync(p, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)) : []);
interface Row { page_png: string; box: BBox; label: string; split: string; doc: string }
const lines: Row[] = jsonl(join(work, 'lines.jsonl'));
const ctcById = new Map<number, string>(jsonl(join(work, 'features/index.jsonl')).map((r) => [r.id, r.ctc]));
const tessById = new Map<number, string>(jsonl(join(work, 'tesseract.jsonl')).map((r) => [r.id, r.text]));

function editDistance(a: string, b: string): number {
  const A = [...a], B = [...b];
  let prev = Array.from({ length: B.length + 1 }, (_, j) => j);
  for (let i = 1; i <= A.length; i++) {
    const cur = [i];
    for (let j = 1; j <= B.length; j++) cur.push(Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (A[i - 1] === B[j - 1] ? 0 : 1)));
    prev = cur;
  }
  return prev[B.length]!;
}
const nospace = (s: string) => s.replace(/\s+/g, '');
const cer = (ref: string, hyp: string) => editDistance(ref, hyp) / Math.max(1, [...ref].length);

const pages = new Map<string, PageImage>();
async function page(path: string): Promise<PageImage> {
  let p = pages.get(path);
  if (!p) {
    const img = await loadImage(readFileSync(path));
    const c = createCanvas(img.width, img.height);
    const ctx = c.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, img.width, img.height);
    p = { width: img.width, height: img.height, pixels: new Uint8ClampedArray(d.data.buffer), dpi: 0 };
    pages.clear();
    pages.set(path, p);
  }
  return p;
}

const i64 = (v: number[]) => new ort.Tensor('int64', BigInt64Array.from(v.map(BigInt)), [1, v.length]);
const argmax = (a: Float32Array, off: number, n: number) => {
  let b = 0;
  for (let i = 1; i < n; i++) if (a[off + i]! > a[off + b]!) b = i;
  return b;
};
/** Keeps the first `keep` slots of a [2L,1,H,P,dh] cache (rolls back rejected draft slots). */
function keepSlots(kv: ort.Tensor, keep: number): ort.Tensor {
  const P = kv.dims[3]!;
  if (keep === P) return kv;
  const src = kv.data as Float32Array;
  const out = new Float32Array(L2 * H * keep * dh);
  for (let b = 0; b < L2 * H; b++) out.set(src.subarray(b * P * dh, b * P * dh + keep * dh), b * keep * dh);
  return new ort.Tensor('float32', out, [L2, 1, H, keep, dh]);
}

interface Memory { cross: ort.Tensor; draftKv: ort.Tensor; mask: ort.Tensor }
async function decodeStep(m: Memory, past: ort.Tensor, ids: number[], pos0: number) {
  const P = past.dims[3]!, T = ids.length;
  const mask = new Float32Array(T * (P + T));
  for (let r = 0; r < T; r++) for (let c = 0; c < P + T; c++) mask[r * (P + T) + c] = c <= P + r ? 0 : -1e9;
  const out = await dec.run({
    input_ids: i64(ids), position_ids: i64(ids.map((_, i) => pos0 + i)),
    attn_mask: new ort.Tensor('float32', mask, [1, 1, T, P + T]), past_kv: past, cross_kv: m.cross, memory_mask: m.mask,
  });
  return { logits: out.logits!.data as Float32Array, hidden: out.hidden!.data as Float32Array, present: out.present_kv! };
}

const maxTokens: number = rec.maxTokens;
async function greedy(m: Memory) {
  let past = new ort.Tensor('float32', new Float32Array(0), [L2, 1, H, 0, dh]);
  const out: number[] = [];
  let tok = bos, calls = 0;
  for (let pos = 0; pos < maxTokens; pos++) {
    const r = await decodeStep(m, past, [tok], pos);
    calls++;
    past = r.present;
    tok = argmax(r.logits, 0, V);
    out.push(tok);
    if (tok === eos) break;
  }
  return { out, calls };
}

async function speculative(m: Memory, k: number) {
  let past = new ort.Tensor('float32', new Float32Array(0), [L2, 1, H, 0, dh]);
  const D = rec.hiddenSize;
  let r = await decodeStep(m, past, [bos], 0);
  let calls = 1, draftCalls = 0;
  past = r.present;
  let next = argmax(r.logits, 0, V); // token at position q
  let hidden = r.hidden.slice(0, D); // hidden at q - 1
  let q = 1;
  const out = [next];
  const accepted = new Array(k).fill(0), proposed = new Array(k).fill(0);
  while (next !== eos && out.length < maxTokens) {
    const drafts: number[] = [];
    let h = hidden, t = next;
    for (let s = 0; s < k; s++) {
      const d = await draft.run({
        hidden: new ort.Tensor('float32', h, [1, 1, D]), input_ids: i64([t]), position_ids: i64([q + s]),
        draft_kv: m.draftKv, memory_mask: m.mask,
      });
      draftCalls++;
      t = argmax(d.logits!.data as Float32Array, 0, V);
      h = (d.draft_hidden!.data as Float32Array).slice();
      drafts.push(t);
    }
    r = await decodeStep(m, past, [next, ...drafts], q);
    calls++;
    let a = 0;
    while (a < k && drafts[a] === argmax(r.logits, a * V, V) && drafts[a] !== eos) a++;
    for (let s = 0; s < k; s++) {
      if (s <= a && s < k) proposed[s]++;
      if (s < a) accepted[s]++;
    }
    const committed = [...drafts.slice(0, a), argmax(r.logits, a * V, V)];
    past = keepSlots(r.present, q + a + 1);
    hidden = r.hidden.slice(a * D, (a + 1) * D);
    q += a + 1;
    for (const c of committed) {
      if (out.length >= maxTokens || out[out.length - 1] === eos) break;
      out.push(c);
    }
    next = out[out.length - 1]!;
    if (next === eos) break;
  }
  return { out, calls, draftCalls, accepted, proposed };
}

const text = (ids: number[]) => ids.filter((i) => i > 3 && i !== eos).map((i) => pieces[i]).join('');

const evalIds = lines.map((r, i) => ({ r, i })).filter(({ r }) => r.split === 'eval');
const totals = { n: 0, chars: 0, model: 0, modelNs: 0, ctc: 0, ctcNs: 0, tess: 0, tessNs: 0, charsNs: 0, skipped: 0 };
const spec = { tokens: 0, calls: 0, greedyCalls: 0, accepted: new Array(K).fill(0), proposed: new Array(K).fill(0), same: 0, draftCalls: 0 };
const t0 = Date.now();
let msGreedy = 0, msSpec = 0;
for (const { r, i } of evalIds.slice(0, limit)) {
  const ctc = ctcById.get(i), tess = tessById.get(i);
  if (ctc === undefined || tess === undefined) { totals.skipped++; continue; }
  // The text layer must describe visible pixels: at least one baseline reader roughly agrees with it.
  if (Math.min(cer(nospace(r.label), nospace(ctc)), cer(nospace(r.label), nospace(tess))) > 0.5) { totals.skipped++; continue; }
  const img = await page(r.page_png);
  const li = lineInput(img, r.box, pre);
  const feats = (await enc.run({ x: new ort.Tensor('float32', li.tensor, [1, 3, 48, li.width]) })).feats!;
  const S = feats.dims[3]!;
  const mask = new ort.Tensor('float32', new Float32Array(S), [1, 1, 1, S]);
  const mo = await mem.run({ feats, memory_mask: mask });
  const m: Memory = { cross: mo.cross_kv!, draftKv: mo.draft_kv!, mask };
  let t = Date.now();
  const g = await greedy(m);
  msGreedy += Date.now() - t;
  t = Date.now();
  const s = await speculative(m, K);
  msSpec += Date.now() - t;
  const hyp = text(g.out);
  const n = [...r.label].length, nn = [...nospace(r.label)].length;
  totals.n++;
  totals.chars += n;
  totals.charsNs += nn;
  totals.model += editDistance(r.label, hyp);
  totals.modelNs += editDistance(nospace(r.label), nospace(hyp));
  totals.ctc += editDistance(r.label, ctc);
  totals.ctcNs += editDistance(nospace(r.label), nospace(ctc));
  totals.tess += editDistance(r.label, tess);
  totals.tessNs += editDistance(nospace(r.label), nospace(tess));
  spec.tokens += s.out.length;
  spec.calls += s.calls;
  spec.greedyCalls += g.calls;
  spec.draftCalls += s.draftCalls;
  s.accepted.forEach((a, j) => (spec.accepted[j] += a));
  s.proposed.forEach((p, j) => (spec.proposed[j] += p));
  if (s.out.join() === g.out.join()) spec.same++;
  else if (process.env.SHOW) console.log(JSON.stringify({ mismatch: r.label, greedy: text(g.out), speculative: text(s.out), lengths: [g.out.length, s.out.length] }));
  if (process.env.SHOW) console.log(JSON.stringify({ label: r.label, hyp, ctc, tess }));
}
const pct = (e: number, c: number) => ((100 * e) / Math.max(1, c)).toFixed(2) + ' %';
console.log(`pack ${dir}: ${totals.n} held-out real lines scored (${totals.skipped} skipped: no baseline result, or the text layer matches neither reader), ${totals.chars} characters, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
console.log('| reader | CER | CER ignoring spaces |');
console.log('|---|---|---|');
console.log(`| ${pack.name} decoder, greedy | ${pct(totals.model, totals.chars)} | ${pct(totals.modelNs, totals.charsNs)} |`);
console.log(`| PP-OCRv4 CTC head | ${pct(totals.ctc, totals.chars)} | ${pct(totals.ctcNs, totals.charsNs)} |`);
console.log(`| tesseract --psm 7 | ${pct(totals.tess, totals.chars)} | ${pct(totals.tessNs, totals.charsNs)} |`);
console.log(`FastMTP K=${K}: ${(spec.tokens / spec.calls).toFixed(2)} tokens per verifier pass (greedy: ${(spec.tokens / spec.greedyCalls).toFixed(2)}), ` +
  `acceptance per draft step ${spec.accepted.map((a, j) => (a / Math.max(1, spec.proposed[j])).toFixed(3)).join(' / ')}, ` +
  `speculative == greedy on ${spec.same}/${totals.n} lines; decoder+draft time greedy ${msGreedy} ms, speculative ${msSpec} ms (batch 1, 1 thread)`);
