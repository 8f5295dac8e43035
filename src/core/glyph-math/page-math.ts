// Math on a PDF page, from its glyphs: which text-layer lines are display formulas (rows of math glyphs on
// their own, stacked around rules: one formula's lines grouped, its LaTeX written from the glyphs), and
// which prose lines hold inline math (math-font runs with their scripts, written as $…$ in the line's text:
// prose-math.ts).
//
//   pageMath(lines, glyphs, rules, hidden) → the lines, inline math written into their text, display formulas
//                                     marked on each of their lines (LayerLine.formula); script lines that
//                                     belong to a prose line are folded into it
import { union } from '../layout/geometry';
import { isOrnament } from '../layout/text-cues';
import type { LayerLine } from '../text-layer/text-items';
import type { Glyph } from './glyphs';
import { formulaLatex, type Rule } from './formula-latex';
import { baselineOf, bodySize, glyphLines, lineBase, middleOf } from './glyph-lines';
import { columnGutters, displayed, EQ_NUMBER, isProse, numbered, phrased } from './math-lines';
import { inlineText, isMathGlyph, MATH_CLASSES, type ProseWord, proseWords } from './prose-math';

/** A display formula read from its glyphs: the LaTeX, its box, and its equation number ("3") if it has one. */
export interface GlyphFormula {
  id: number;
  latex: string;
  bbox: [number, number, number, number];
  tag?: string;
}

export type MathLine = LayerLine & { formula?: GlyphFormula };

const OPEN_END = /(=|[<>]|\\(leq?|geq?|approx|equiv))$/;

type Box = [number, number, number, number];
const vOverlap = (a: Box, b: Box) => Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));

export function pageMath(lines: readonly LayerLine[], glyphs: readonly Glyph[], rules: readonly Rule[], hidden: readonly Glyph[] = []): MathLine[] {
  // No math glyph and no rule (a fraction's bar): no math to write.
  if (!glyphs.some(isMathGlyph) && rules.length === 0) return [...lines];
  const body = bodySize(glyphs);
  const per = glyphLines(lines, glyphs);
  // Glyphs in no line: pdf.js's text content leaves out a few that the page draws (a Word formula's "+").
  const placed = new Set(per.flat());
  const loose = glyphs.filter((g) => g.ch.trim() && !placed.has(g));
  const prose = per.map((gs) => isProse(gs));
  const small = per.map((gs) => gs.some((g) => g.ch.trim()) && gs.every((g) => !g.ch.trim() || g.size < 0.85 * body));
  // Big delimiters of the extension font alone on a line: pdf.js puts "sin(…)"'s tall brackets on lines of
  // their own, hanging from a base above the prose line they stand in. So it does a text-style radical (cmsy's √
  // hangs from a base above the line it stands in).
  const hangs = (g: Glyph) => g.cls === 'extension' || (g.cls === 'symbol' && g.ch === '√' && g.size >= 0.85 * body);
  // An inline integral's upper limit is set on the line pdf.js gives its sign (newtx's "∫¹" above "₀f(x) dx").
  const limitOf = (g: Glyph, gs: readonly Glyph[]) => g.size < 0.85 * body && gs.some((h) => hangs(h) && g.x0 < h.x1 + 0.6 * h.size && g.x1 > h.x0 - 0.3 * h.size);
  const hanging = per.map((gs) => gs.some((g) => g.ch.trim() && hangs(g)) && gs.every((g) => !g.ch.trim() || hangs(g) || limitOf(g, gs)));
  // Where such glyphs are drawn, from their baseline down (their depth, where the font's metrics give it): beside the
  // prose line, not under it (a display formula's tall bar, cut into a line of its own, stands below the prose above).
  const hangsBeside = (i: number, p: Box) => {
    // cmsy's radical hangs 0.96 of its size.
    const depth = (g: Glyph) => g.depth ?? (g.ch === '√' ? 0.96 : undefined);
    const gs = per[i]!.filter((g) => g.ch.trim() && hangs(g));
    const l = lines[i]!.bbox;
    if (gs.some((g) => depth(g) === undefined)) return l[3] > p[1] - 0.3 * body && l[1] < p[3];
    const top = Math.min(...gs.map((g) => g.base - (g.height ?? 0.05) * g.size));
    const bottom = Math.max(...gs.map((g) => g.base + depth(g)! * g.size));
    return Math.min(bottom, p[3]) - Math.max(top, p[1]) > 0.5 * (p[3] - p[1]);
  };
  // A text-style fraction's numerator and denominator, one over and one under a rule (pdf.js may cut them into
  // lines of their own; the one over it stands against the prose line, the one under may not).
  function fractionParts(a: Box, b: Box): boolean {
    const spans = (r: Rule, x: Box) => x[0] > r.x0 - 0.3 * body && x[2] < r.x1 + 0.3 * body;
    const over = (x: Box, r: Rule) => x[3] < r.y + 0.4 * body && x[3] > r.y - 0.5 * body;
    const under = (x: Box, r: Rule) => x[1] > r.y - 0.4 * body && x[1] < r.y + 0.5 * body;
    // A bar as wide as the wider part, give or take: a table's rule runs on under its other columns.
    const bar = (r: Rule) => r.x1 - r.x0 < Math.max(a[2] - a[0], b[2] - b[0]) + body;
    return rules.some((r) => bar(r) && spans(r, a) && spans(r, b) && ((over(a, r) && under(b, r)) || (under(a, r) && over(b, r))));
  }
  // Lines stacked a line's gap apart or less (a display formula's rows, limits and fraction parts), and an
  // equation number on a formula's row: the candidate lines in their groups.
  // A page set in columns: formulas level with each other in two columns, and one's equation number, are not one.
  const gutters = columnGutters(lines.filter((_, i) => prose[i]).map((l) => l.bbox), body);
  const parted = (a: Box, b: Box) => gutters.some((x) => (a[2] <= x && b[0] >= x) || (b[2] <= x && a[0] >= x));
  // A line's box with the extension glyphs in it as drawn: pdf.js boxes a \left( … \right) parenthesis from its
  // baseline up, where cmex hangs it down over the formula's rows.
  const drawnBoxes = lines.map((l, i): Box => {
    const hung = per[i]!.filter((g) => g.cls === 'extension' && g.depth !== undefined);
    return union([l.bbox, ...hung.map((g): Box => [g.x0, g.base - (g.height ?? 0.05) * g.size, g.x1, g.base + g.depth! * g.size])]);
  });
  function stacks(candidate: readonly boolean[]): number[][] {
    const group = lines.map((_, i) => i);
    const find = (i: number): number => (group[i] === i ? i : (group[i] = find(group[i]!)));
    for (let i = 0; i < lines.length; i++) {
      for (let j = i + 1; j < lines.length; j++) {
        if (!candidate[i] || !candidate[j]) continue;
        const a = drawnBoxes[i]!;
        const b = drawnBoxes[j]!;
        if (parted(a, b)) continue;
        const gap = Math.max(a[1], b[1]) - Math.min(a[3], b[3]);
        const xgap = Math.max(a[0], b[0]) - Math.min(a[2], b[2]);
        const number = [i, j].some((k) => EQ_NUMBER.test(lines[k]!.text?.trim() ?? '')) && vOverlap(a, b) > 0.5 * Math.min(a[3] - a[1], b[3] - b[1]);
        if ((gap < 0.6 * body && xgap < 1.5 * body) || number) group[find(i)] = find(j);
      }
    }
    const groups = new Map<number, number[]>();
    lines.forEach((_, i) => candidate[i] && groups.set(find(i), [...(groups.get(find(i)) ?? []), i]));
    // An equation number set between a formula's rows, level with neither (amsmath's split centres it on them).
    const all = [...groups.values()];
    for (const ids of all) {
      const number = lines[ids[0]!]!;
      if (ids.length !== 1 || !EQ_NUMBER.test(number.text?.trim() ?? '')) continue;
      const mid = (number.bbox[1] + number.bbox[3]) / 2;
      const host = all.find((h) => {
        const box = union(h.map((i) => lines[i]!.bbox));
        return h !== ids && h.length > 1 && box[2] < number.bbox[0] && box[1] < mid && box[3] > mid;
      });
      if (host) host.push(...ids.splice(0));
    }
    return all.filter((ids) => ids.length);
  }
  // Visual lines: layer lines side by side on one line of the page (a text fraction or a script splits
  // pdf.js's runs into several), and script lines against a prose line, go with the prose line.
  const owner = lines.map((_, i) => i);
  const root = (i: number): number => (owner[i] === i ? i : (owner[i] = root(owner[i]!)));
  lines.forEach((l, i) => {
    const h = l.bbox[3] - l.bbox[1];
    lines.forEach((p, j) => {
      if (j === i || root(i) === root(j)) return;
      const ph = p.bbox[3] - p.bbox[1];
      const over = vOverlap(p.bbox, l.bbox);
      const xgap = Math.max(l.bbox[0], p.bbox[0]) - Math.min(l.bbox[2], p.bbox[2]);
      // A fill-in blank (a rule on the baseline) may part them wider: "2³ = 1³ + 3 + ___. Where …".
      const blank = () => {
        const [from, to] = [Math.min(l.bbox[2], p.bbox[2]), Math.max(l.bbox[0], p.bbox[0])];
        const [top, bottom] = [Math.max(l.bbox[1], p.bbox[1]), Math.min(l.bbox[3], p.bbox[3])];
        // The blank fills the gap and no more: a rule running under one of them is a fraction's bar.
        const fills = (r: Rule) => Math.abs(r.x0 - from) < 0.5 * body && Math.abs(r.x1 - to) < 0.5 * body;
        return rules.some((r) => fills(r) && r.y > (top + bottom) / 2 && r.y < bottom + 0.3 * body);
      };
      // A short run drawn over the start of its line (Word's "∆ =" over "θ = 0.007°") is that line's too.
      const prefix = l.bbox[2] - l.bbox[0] < 3 * body && l.bbox[0] < p.bbox[0] && l.bbox[2] < p.bbox[2];
      const beside = over > 0.4 * Math.min(h, ph) && (xgap > -0.5 * body || prefix) && (xgap < 1.0 * body || (xgap < 4 * body && blank()));
      const script = small[i] && prose[j] && over > 0.3 * h && l.bbox[0] < p.bbox[2] + body && l.bbox[2] > p.bbox[0] - body;
      // (Within its line or touching either end: pdf.js may cut the line at the glyph, "the ∑" | "i wᵢ = 1 as", and a
      // radical may run on past the line's end, its radicand on the next run: "of √2 of this …".)
      const bracket = hanging[i] && prose[j] && hangsBeside(i, p.bbox) && l.bbox[2] > p.bbox[0] - 0.5 * body && l.bbox[0] < p.bbox[2] + 0.5 * body;
      if (beside || script || bracket || (small[i] && small[j] && fractionParts(l.bbox, p.bbox))) owner[root(i)] = root(j);
    });
  });
  // A formula set in display style inside a prose line ("… prove that ∑ k = n(n+1)/2 is correct?"): pdf.js cuts it
  // into lines of its own around the line's; prose set a space from it on its row makes it the line's.
  const proseRoots = new Set(lines.flatMap((_, i) => (prose[i] ? [root(i)] : [])));
  const apart = lines.map((_, i) => !proseRoots.has(root(i)) && per[i]!.some((g) => g.ch.trim()));
  for (const ids of stacks(apart)) {
    // Math, and no taller than a display fraction or a sum with its limits (a table's column is not one).
    if (!ids.some((i) => per[i]!.some((g) => isMathGlyph(g) || MATH_CLASSES.has(g.cls)))) continue;
    const box = union(ids.map((i) => lines[i]!.bbox));
    lines.forEach((p, j) => {
      if (!prose[j]) return;
      const h = p.bbox[3] - p.bbox[1];
      const onRow = vOverlap(p.bbox, box) > 0.8 * h && box[1] < p.bbox[1] && box[3] > p.bbox[3] && box[3] - box[1] < 3.2 * h;
      const spaced = Math.min(Math.abs(box[0] - p.bbox[2]), Math.abs(p.bbox[0] - box[2])) < 0.8 * body;
      if (onRow && spaced) ids.forEach((i) => (owner[root(i)] = root(j)));
    });
  }
  // A piece beside a prose line once the glyph it was cut at is the line's (the ∑ between "… with the" and "i wᵢ = 1 as"):
  // measured from the line with its pieces so far.
  // (On the prose's row: a limit under the glyph is no such piece.)
  const spans = new Map<number, Box>();
  const rows = new Map<number, Box>();
  lines.forEach((l, i) => {
    spans.set(root(i), union([spans.get(root(i)) ?? l.bbox, l.bbox]));
    if (prose[i]) rows.set(root(i), union([rows.get(root(i)) ?? l.bbox, l.bbox]));
  });
  lines.forEach((l, i) => {
    if (prose[i] || rows.has(root(i))) return;
    const h = l.bbox[3] - l.bbox[1];
    for (const [r, row] of rows) {
      const box = spans.get(r)!;
      const xgap = Math.max(l.bbox[0], box[0]) - Math.min(l.bbox[2], box[2]);
      const level = vOverlap(row, l.bbox) > 0.6 * Math.min(h, row[3] - row[1]);
      if (level && xgap > -0.5 * body && xgap < 0.5 * body && lines.some((p, j) => root(j) === r && !prose[j] && p.bbox[2] - l.bbox[0] > -0.5 * body && p.bbox[0] < l.bbox[0])) {
        owner[root(i)] = r;
        break;
      }
    }
  });
  const braces = glyphs.filter((g) => g.cls === 'extension' && /^[{⎧⎨⎩⎪]$/.test(g.ch));
  // The rule the lines stand on or hang from as a fraction's numerator or denominator, if any.
  const barOf = (ids: number[]) => {
    const box = union(ids.map((i) => lines[i]!.bbox));
    const w = box[2] - box[0];
    return rules.find((r) => Math.min(r.x1, box[2]) - Math.max(r.x0, box[0]) > 0.8 * w && (Math.abs(r.y - box[3]) < 0.5 * body || Math.abs(r.y - box[1]) < 0.5 * body));
  };
  const fractionSide = (ids: number[]) => barOf(ids) !== undefined;
  // A line of a word or two, and an equation number on its row at the right, standing apart: a display formula (or a
  // part of one: Times math sets its letters in the text's italic, and "f v dx" reads as a word).
  const numbers = lines.flatMap((l, j) => (EQ_NUMBER.test(l.text?.trim() ?? '') ? [j] : []));
  const tagged = (ids: number[]) => {
    const box = union(ids.map((i) => lines[i]!.bbox));
    const h = box[3] - box[1];
    return numbers.some((j) => !ids.includes(j) && lines[j]!.bbox[0] > box[2] + 1.5 * body && vOverlap(lines[j]!.bbox, box) > 0.5 * Math.min(h, lines[j]!.bbox[3] - lines[j]!.bbox[1]));
  };
  const members = new Map<number, number[]>();
  lines.forEach((_, i) => members.set(root(i), [...(members.get(root(i)) ?? []), i]));
  const out: (MathLine | undefined)[] = lines.map((l) => ({ ...l }));
  const inVisual = lines.map(() => false);
  // Inline math in prose lines.
  const inline = (ids: number[]) => {
    ids.forEach((i) => (inVisual[i] = true));
    const main = ids.reduce((a, b) => (lines[b]!.bbox[2] - lines[b]!.bbox[0] > lines[a]!.bbox[2] - lines[a]!.bbox[0] ? b : a));
    const gs = ids.flatMap((i) => per[i]!);
    const size = bodySize(gs);
    const text = inlineText(gs, rules, size, baselineOf(gs, size) ?? lineBase(lines[main]!));
    if (text === undefined) return;
    const first = Math.min(...ids);
    // The line is the widest part's (its size, its face): the first may be a text fraction's numerator, set small,
    // and a line taken for smaller type is laid out apart from its paragraph.
    out[first] = { ...lines[main]!, text, bbox: union(ids.map((i) => lines[i]!.bbox)) };
    ids.forEach((i) => i !== first && (out[i] = undefined));
  };
  // A display formula with a word or two waits for the display formulas (unless the line is all one side of a
  // fraction: a Word fraction's numerator "∑ P(k) × label(k)" over a denominator of words); where none is
  // written there, it is a prose line with its inline math after all.
  const waiting: number[][] = [];
  const sides: { ids: number[]; gs: Glyph[]; words: ProseWord[] }[] = [];
  for (const ids of members.values()) {
    if (!ids.some((i) => prose[i])) continue;
    const gs = ids.flatMap((i) => per[i]!);
    const { words } = proseWords(gs);
    // More words wait too where the formula is numbered and no two of them make a phrase.
    const formulaWords = words.length <= 2 ? displayed(gs, body, braces) || tagged(ids) : !phrased(gs, words) && ((numbered(gs, body) && gs.some(isMathGlyph)) || tagged(ids));
    if (formulaWords && !fractionSide(ids)) waiting.push(ids);
    else sides.push({ ids, gs, words });
  }
  // A fraction's side pdf.js cut from the line of a waiting formula (a denominator with a word in it, "∑_{k≠i}
  // exp(sim(z_i, z_k)/τ)") waits with it, where the side is math and no phrase and the formula holds the other side.
  // So does a line of a word or two in a display formula's stack: a limit "p prime" under ∏, with the denominator
  // beside it that pdf.js ran into its line.
  const proseMembers = new Set([...members.entries()].flatMap(([r, ids]) => (ids.some((i) => prose[i]) ? [r] : [])));
  const mathLine = (j: number) => !proseMembers.has(root(j)) && per[j]!.some((g) => isMathGlyph(g) || MATH_CLASSES.has(g.cls));
  for (const { ids, gs, words } of sides) {
    if (!gs.some(isMathGlyph) || phrased(gs, words)) {
      inline(ids);
      continue;
    }
    const box = union(ids.map((i) => lines[i]!.bbox));
    const bar = barOf(ids);
    // Under the bar: the formula holds a line standing on it; over it, one hanging from it.
    const under = bar && Math.abs(box[1] - bar.y) < 0.5 * body;
    const across = (i: number) => {
      const b = lines[i]!.bbox;
      return !!bar && Math.abs((under ? b[3] : b[1]) - bar.y) < 0.5 * body && Math.min(bar.x1, b[2]) > Math.max(bar.x0, b[0]);
    };
    // Stacked on a formula's math, and not at the text's left edge (a "where x ∈ X" under a formula starts there).
    const stacked = lines.some((l, j) => !ids.includes(j) && mathLine(j) && Math.max(box[1], l.bbox[1]) - Math.min(box[3], l.bbox[3]) < 0.6 * body && Math.max(box[0], l.bbox[0]) - Math.min(box[2], l.bbox[2]) < 1.5 * body);
    const atEdge = lines.some((l, k) => prose[k] && !ids.includes(k) && Math.abs(l.bbox[0] - box[0]) < body && Math.abs(l.bbox[1] - box[1]) < 6 * body);
    if (waiting.some((w) => w.some(across)) || (words.length <= 2 && stacked && !atEdge)) waiting.push(ids);
    else inline(ids);
  }
  // Display formulas: neighbouring non-prose lines with math in them.
  const free = lines.map((_, i) => !inVisual[i] && per[i]!.some((g) => g.ch.trim()));
  let id = 0;
  for (const ids of stacks(free)) {
    const box = union(ids.map((i) => drawnBoxes[i]!));
    // Glyphs in no line that the formula's box holds, or that stand just beside it (a tall bar opening the formula,
    // drawn of cmex's pieces that pdf.js's text content leaves out).
    const inside = (g: Glyph) => (g.x0 + g.x1) / 2 > box[0] - 0.8 * body && (g.x0 + g.x1) / 2 < box[2] + 0.8 * body && middleOf(g) > box[1] && middleOf(g) < box[3];
    const gs = [...ids.flatMap((i) => per[i]!).filter((g) => g.ch.trim()), ...loose.filter(inside)];
    // Math: a glyph that says so, or any glyph of a math font (a matrix of digits).
    if (!gs.some((g) => isMathGlyph(g) || MATH_CLASSES.has(g.cls))) continue;
    if (isOrnament(gs.map((g) => g.ch).join(''))) continue;
    // An equation number: "(3)" set apart at the right.
    let tag: string | undefined;
    let body2 = gs;
    const right = [...gs].sort((a, b) => a.x0 - b.x0);
    for (let k = right.length - 1; k > 0; k--) {
      // Set apart at the right (a multline's last row ends a quad before it), or just after the formula's closing
      // full stop or comma (Word's "….(5)").
      const gap = right[k]!.x0 - right[k - 1]!.x1;
      if (gap <= 0.25 * body) continue;
      const t = right.slice(k).map((g) => g.ch).join('');
      if (EQ_NUMBER.test(t) && (gap > 0.8 * body || /^[.,;]$/.test(right[k - 1]!.ch))) {
        [tag, body2] = [t.replace(/[()\s]/g, ''), right.slice(0, k)];
        break;
      }
      if (gap > 1.5 * body) break;
    }
    // Glyphs of it the page hides (painted over by a path: a browser's √) leave it to the recognizer.
    if (hidden.some((h) => (h.x0 + h.x1) / 2 > box[0] - 2.5 * body && (h.x0 + h.x1) / 2 < box[2] + 2.5 * body && h.base > box[1] && h.base - 0.3 * h.size < box[3])) continue;
    const near = rules.filter((r) => r.y > box[1] - 0.3 * body && r.y < box[3] + 0.3 * body && r.x0 > box[0] - body && r.x1 < box[2] + body);
    const latex = formulaLatex(body2, near);
    // A formula that ends in a relation is a part of one ("Precision(k) =" beside a fraction of words); one that ends
    // in an operator may be an exercise's blank ("3³ = 2³ + 3·2² + ___").
    if (!latex || OPEN_END.test(latex)) continue;
    const formula: GlyphFormula = { id: id++, latex, bbox: box, ...(tag && { tag }) };
    for (const i of ids) out[i]!.formula = formula;
  }
  for (const ids of waiting) if (!ids.some((i) => out[i]?.formula)) inline(ids);
  // An operator alone on a text line of no glyphs, over a formula: pdf.js's text content misplaces a glyph of
  // Word's formulas (a "+" put after the closing bracket), while the formula was rebuilt from where it is drawn.
  // So is a wide accent (cmex's \widehat) that the text content sets on a line of its own.
  const formulas = [...new Set(out.map((l) => l?.formula).filter((f): f is GlyphFormula => f !== undefined))];
  out.forEach((l, i) => {
    if (!l || l.formula || free[i] || inVisual[i] || !/^[=+\-−×·±∓<>≤≥ˆ˜¯˙¨ˇ˘]+$/.test(l.text?.trim() ?? '')) return;
    const h = l.bbox[3] - l.bbox[1];
    const over = formulas.find((f) => vOverlap(f.bbox, l.bbox) > 0.5 * h && l.bbox[0] < f.bbox[2] && l.bbox[2] > f.bbox[0]);
    if (over) l.formula = over;
  });
  return out.filter((l): l is MathLine => l !== undefined);
}
