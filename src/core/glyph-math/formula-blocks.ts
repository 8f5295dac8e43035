// Display formulas from the glyphs take the place of the formula recognizer: a block of the page's layout
// whose text-layer lines are all lines of glyph formulas (page-math.ts) gets their LaTeX, and is made a
// formula block if the layout called it something else (a LaTeX paper's display formulas, set as loose
// glyphs on several baselines, read as tables or paragraphs). The blocks returned need nothing from the
// recognizer. A formula split over several blocks is written once, in the first.
//
//   glyphFormulaBlocks(blocks, boxes, texts, layerLines) → blocks whose text is now LaTeX (texts, blocks updated;
//                                                          a formula block holding prose is cut in its place)
import type { BBox } from '../../protocol/page';
import { union } from '../layout/geometry';
import type { Block } from '../layout/types';
import { latexSymbols, symbolAgreement, textSymbols } from './formula-symbols';
import { EQ_NUMBER } from './math-lines';
import type { GlyphFormula, MathLine } from './page-math';

/**
 * A formula that states something and has a formula's build (a fraction, a root, a big operator, scripts, Greek):
 * not a bullet, nor a table's column of "> 0.1% w/w" a paragraph holds.
 */
const STATEMENT = /[=<>]|\\(leq?|geq?|approx|equiv|sim|in|to)(?![a-z])/;
const BUILD = /[_^]|\\(frac|sqrt|sum|prod|int|oint|lim|alpha|beta|gamma|delta|epsilon|varepsilon|theta|lambda|mu|pi|sigma|tau|phi|varphi|psi|omega|Gamma|Delta|Theta|Lambda|Sigma|Phi|Psi|Omega)(?![a-z])/;
const center = (b: readonly number[]) => [(b[0]! + b[2]!) / 2, (b[1]! + b[3]!) / 2] as const;

export function glyphFormulaBlocks(blocks: Block[], boxes: readonly BBox[], texts: string[], layer: readonly MathLine[]): Set<Block> {
  const done = new Set<Block>();
  if (!layer.some((l) => l.formula)) return done;
  const written = new Set<number>();
  // Blocks cut in parts, put in their place once all are read.
  const split = new Map<Block, Block[]>();
  const runThrough: { b: Block; held: MathLine[] }[] = [];
  const within = (box: readonly number[]) => (l: MathLine) => {
    const [x, y] = center(l.bbox);
    return x >= box[0]! - 2 && x <= box[2]! + 2 && y >= box[1]! - 2 && y <= box[3]! + 2;
  };
  for (const b of blocks) {
    if (b.type === 'figure' || b.type === 'header' || b.type === 'footer' || b.lines.length === 0) continue;
    const held = layer.filter(within(b.bbox));
    if (!held.some((l) => l.formula)) continue;
    // Two formulas side by side in one block are one formula with a part drawn as paths, not glyphs (a
    // browser's √): the recognizer reads it from the pixels.
    const ids = [...new Map(held.flatMap((l) => (l.formula ? [[l.formula.id, l.formula] as const] : []))).values()];
    if (ids.some((f, i) => ids.some((g, j) => j > i && Math.min(f.bbox[3], g.bbox[3]) - Math.max(f.bbox[1], g.bbox[1]) > 0.5 * Math.min(f.bbox[3] - f.bbox[1], g.bbox[3] - g.bbox[1])))) continue;
    // A column of equation numbers the layout made a block of (numbered displays one under another, a short line
    // between): the formulas are written where their glyphs are.
    if (held.every((l) => EQ_NUMBER.test(l.text?.trim() ?? ''))) continue;
    if (held.every((l) => l.formula)) {
      writeFormula(b, unwritten(held, written), texts);
      done.add(b);
      continue;
    }
    if (b.type === 'formula') cut(b);
    else if (b.type === 'paragraph') runThrough.push({ b, held });
  }
  // A paragraph the layout ran through a formula not written yet (one set with a word or two in the body's font,
  // "Attention(Q, K, V) = softmax(…)", is no narrower than prose) is cut as a formula block is: a formula that states
  // something or is numbered, set in from the paragraph's left edge as a display is (an algorithm's run-on line of
  // math is not), or set on rows of its own (a multline's first row starts at the margin; a grammar's rows have their
  // words beside them).
  for (const { b, held } of runThrough) {
    const beside = (f: GlyphFormula) => held.some((l) => !l.formula && Math.min(l.bbox[3], f.bbox[3]) - Math.max(l.bbox[1], f.bbox[1]) > 0.5 * (l.bbox[3] - l.bbox[1]));
    const rows = (f: GlyphFormula) => f.latex.includes('\\\\') && !beside(f);
    const setApart = (f: GlyphFormula) => f.bbox[0] - b.bbox[0] > 0.1 * (b.bbox[2] - b.bbox[0]) || rows(f);
    const fresh = held.some((l) => l.formula && !written.has(l.formula.id) && (STATEMENT.test(l.formula.latex) || l.formula.tag !== undefined) && BUILD.test(l.formula.latex) && setApart(l.formula));
    if (fresh) cut(b);
  }
  // Lines of a formula written in its own block that the layout put in another (a fraction's denominators on the
  // row of the next paragraph's first word) are that formula's, not the other block's text.
  // So is a line wholly inside a written formula's box whose letters and digits are most of the formula's: the text
  // content's copy of a Word formula's glyphs, which pdf.js gives as a line of its own beside the glyphs the formula
  // was read from (words set between a formula's parts are not the formula's, and stay).
  const writtenFormulas = [...new Map(layer.flatMap((l) => (l.formula && written.has(l.formula.id) ? [[l.formula.id, l.formula] as const] : []))).values()].map((f) => ({
    bbox: f.bbox,
    drawn: latexSymbols(f.latex) ?? [],
  }));
  const copyOf = (box: readonly number[], own: readonly string[], f: (typeof writtenFormulas)[number]) => {
    const w = Math.min(box[2]!, f.bbox[2]) - Math.max(box[0]!, f.bbox[0]);
    const h = Math.min(box[3]!, f.bbox[3]) - Math.max(box[1]!, f.bbox[1]);
    if (w <= 0 || h <= 0 || w * h < 0.9 * (box[2]! - box[0]!) * (box[3]! - box[1]!)) return false;
    // Most of the formula's symbols, each one of them (a cases row's "if n = 0" the LaTeX left out is no copy).
    return own.length >= 0.4 * f.drawn.length && symbolAgreement(own, f.drawn) * (own.length + f.drawn.length) >= 1.8 * own.length;
  };
  for (const b of blocks) {
    if (split.has(b) || done.has(b)) continue;
    for (const i of b.lines) {
      const inBox = layer.filter(within(boxes[i]!));
      if (inBox.length && inBox.every((l) => l.formula && written.has(l.formula.id))) texts[i] = '';
      else if (writtenFormulas.length) {
        const own = textSymbols(texts[i] ?? '');
        if (writtenFormulas.some((f) => copyOf(boxes[i]!, own, f))) texts[i] = '';
      }
    }
  }
  if (split.size) blocks.splice(0, blocks.length, ...blocks.flatMap((b) => split.get(b) ?? [b]));
  return done;

  /**
   * A formula block that also holds prose (the end of the paragraph that leads into it, a heading, a word the
   * layout took in): cut where its lines turn from formula to prose, each formula part a formula block of its
   * own, each prose part a paragraph; nothing is recognized.
   */
  function cut(b: Block): void {
    const isFormula = b.lines.map((i) => {
      const inBox = layer.filter(within(boxes[i]!));
      return inBox.length > 0 && inBox.every((l) => l.formula);
    });
    const parts: Block[] = [];
    b.lines.forEach((i, k) => {
      const type = isFormula[k] ? 'formula' : 'paragraph';
      const last = parts.at(-1);
      if (last?.type === type) last.lines.push(i);
      else parts.push({ type, lines: [i], bbox: b.bbox });
    });
    for (const part of parts) {
      part.bbox = union(part.lines.map((i) => boxes[i]!));
      if (part.type === 'formula') writeFormula(part, unwritten(layer.filter((l) => part.lines.some((i) => within(boxes[i]!)(l))), written), texts);
      done.add(part);
    }
    split.set(b, parts);
  }
}

/** A formula block's lines written as its formulas' LaTeX (on its first line), its type made formula. */
function writeFormula(b: Block, fresh: readonly GlyphFormula[], texts: string[]): void {
  b.lines.forEach((i) => (texts[i] = ''));
  b.type = 'formula';
  if (fresh.length === 0) return;
  texts[b.lines[0]!] = blockLatex(fresh);
  // The equation number stays a line of its own, which the assembly sets beside the formula; one number
  // beside formulas the block stacks (an equation set on three lines, "= …" and "+ …" under the first) numbers them all.
  const tags = fresh.flatMap((f) => (f.tag ? [f.tag] : []));
  const tag = tags.length === 1 ? tags[0] : undefined;
  if (tag && b.lines.length > 1) texts[b.lines.at(-1)!] = `(${tag})`;
  else if (tag) texts[b.lines[0]!] += ` \\tag{${tag}}`;
}

/** The distinct formulas of these lines not written yet, top to bottom (now counted as written). */
function unwritten(lines: readonly MathLine[], written: Set<number>): GlyphFormula[] {
  const formulas = [...new Map(lines.map((l) => [l.formula!.id, l.formula!] as const)).values()].sort((p, q) => p.bbox[1] - q.bbox[1]);
  const fresh = formulas.filter((f) => !written.has(f.id));
  fresh.forEach((f) => written.add(f.id));
  return fresh;
}

function blockLatex(formulas: readonly GlyphFormula[]): string {
  if (formulas.length === 1) return formulas[0]!.latex;
  return `\\begin{gathered}${formulas.map((f) => f.latex).join(' \\\\ ')}\\end{gathered}`;
}
