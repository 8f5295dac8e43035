// Horizontal braces: \underbrace{1 + ⋯ + 1}_{n} and \overbrace. TeX draws one of four tips of its extension
// font (cmex's codes 7A–7D: two ends and the two halves of the middle point) with rules between them; the spanned
// glyphs stand on one side of the brace, the label in script size on the other.
import type { Rule } from './formula-latex';
import { cx, union, type Atom } from './formula-atoms';

/**
 * Atoms with each horizontal brace, its span and its label built into one atom; the brace's rules are taken
 * from `rules`. A brace with nothing full-size on one side of it is left alone (the builder then says unsure).
 */
export function horizontalBraces(atoms: Atom[], rules: Rule[], s: number, build: (part: Atom[], rules: Rule[]) => string): Atom[] {
  let out = atoms;
  for (const brace of braceRows(atoms.filter((a) => a.brace), s)) {
    const box = union(brace);
    const y = (box.top + box.bottom) / 2;
    const spanned = (a: Atom) => !a.brace && cx(a) > box.x0 - 0.1 * s && cx(a) < box.x1 + 0.1 * s;
    const above = out.filter((a) => spanned(a) && a.bottom < y + 0.1 * s && a.base > y - 2 * s);
    const below = out.filter((a) => spanned(a) && a.top > y - 0.1 * s && a.base < y + 2 * s);
    const full = (part: Atom[]) => part.some((a) => a.size >= 0.85 * s);
    // The spanned formula is full size; the label, if any, is all script size.
    const under = full(above) && !full(below);
    const over = full(below) && !full(above);
    if (!under && !over) continue;
    const [body, label] = under ? [above, below] : [below, above];
    for (const r of rules.filter((q) => q.x0 >= box.x0 - 0.2 * s && q.x1 <= box.x1 + 0.2 * s && Math.abs(q.y - y) < 0.4 * s)) rules.splice(rules.indexOf(r), 1);
    const bodyBox = union(body);
    const inner = build(body, rules.filter((q) => q.y > bodyBox.top && q.y < bodyBox.bottom && q.x0 >= bodyBox.x0 - 1 && q.x1 <= bodyBox.x1 + 1));
    const script = label.length ? `${under ? '_' : '^'}{${build(label, [])}}` : '';
    const parts = [...brace, ...body, ...label];
    out = out.filter((a) => !parts.includes(a));
    const base = body.filter((a) => a.size >= 0.85 * s).reduce((b, a) => Math.max(b, a.base), -Infinity);
    out.push({ tex: `${under ? '\\underbrace' : '\\overbrace'}{${inner}}${script}`, ...union(parts), base, size: s });
  }
  return out;
}

/** Tips on one level, left to right, as braces: a brace is drawn of four (ends and middle). */
function braceRows(tips: readonly Atom[], s: number): Atom[][] {
  const rows: Atom[][] = [];
  for (const t of [...tips].sort((a, b) => a.x0 - b.x0)) {
    const row = rows.find((r) => Math.abs(r[0]!.base - t.base) < 0.3 * s && r.length < 4);
    if (row) row.push(t);
    else rows.push([t]);
  }
  return rows;
}
