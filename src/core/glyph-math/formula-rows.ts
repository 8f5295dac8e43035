// Atoms placed on rows: one baseline → a row with its super- and subscripts; several → a matrix, cases,
// aligned or gathered rows. A script is a formula of its own, built by the caller (`sub`).
import { baselineOf, cx, cy, Unsure, type Atom } from './formula-atoms';

/** Builds a script's atoms as a formula (fractions, roots, limits inside a script). */
export type BuildScript = (atoms: Atom[]) => string;

const OPENERS: Record<string, string> = { '(': 'pmatrix', '[': 'bmatrix', '\\{': 'Bmatrix', '|': 'vmatrix', '\\|': 'Vmatrix' };
const CLOSERS = new Set([')', ']', '\\}', '|', '\\|']);
const CLOSER_OF: Record<string, string> = { '(': ')', '[': ']', '\\{': '\\}', '|': '|', '\\|': '\\|' };
/** A delimiter of the extension font, or one as tall as two rows. */
const tall = (a: Atom, s: number) => a.hangs || a.bottom - a.top > 1.6 * s;

/**
 * Tall delimiters around rows of their own inside a larger formula ("A = ( a b / c d )", "n over k in
 * parentheses = n!/…") → one atom on the formula's row, written as a matrix (a binomial where it is one column
 * of two); a tall brace with rows after it and no closer → cases. Innermost first.
 */
export function delimitedRows(atoms: Atom[], s: number, sub: BuildScript): Atom[] {
  let out = [...atoms];
  for (const l of out.filter((a) => OPENERS[a.tex] && tall(a, s)).sort((a, b) => b.x0 - a.x0)) {
    if (!out.includes(l)) continue;
    const level = (a: Atom) => Math.min(a.bottom, l.bottom) - Math.max(a.top, l.top) > 0.6 * Math.min(l.bottom - l.top, a.bottom - a.top);
    const r = out.filter((a) => a !== l && a.tex === CLOSER_OF[l.tex] && tall(a, s) && a.x0 >= l.x1 - 0.1 * s && level(a)).sort((a, b) => a.x0 - b.x0)[0];
    if (!r && l.tex !== '\\{') continue;
    const inner = out.filter((a) => a !== l && a !== r && cx(a) > l.x1 && (!r || cx(a) < r.x0) && cy(a) > l.top && cy(a) < l.bottom);
    if (inner.length === 0 || rows(inner, s).length < 2) continue;
    const parts = [l, ...inner, ...(r ? [r] : [])];
    const tex = arrange(parts, s, sub);
    const [top, bottom] = [Math.min(...parts.map((a) => a.top)), Math.max(...parts.map((a) => a.bottom))];
    out = out.filter((a) => !parts.includes(a));
    // Centred on the math axis, a quarter of the size above the row's baseline.
    out.push({ tex, x0: l.x0, x1: Math.max(...parts.map((a) => a.x1)), top, bottom, base: (l.top + l.bottom) / 2 + 0.25 * s, size: s });
  }
  return out;
}

/**
 * Atoms on one baseline → a row with its scripts; on several (full-size rows a line apart) → a matrix when
 * delimiters stand left and right of all the rows, cases when only a brace stands left, else rows gathered.
 */
export function arrange(atoms: Atom[], s: number, sub: BuildScript): string {
  // Delimiters of the rows are tall, or stand between rows (a Unicode math font's tall parenthesis, at the text's
  // size): brackets on a row's baseline are a cell's own ("x² sin(1/x)" in cases).
  const brackets = atoms.filter((a) => OPENERS[a.tex] || CLOSERS.has(a.tex));
  const inner = atoms.filter((a) => !brackets.includes(a));
  const bases = inner.length ? rows(inner, s).map((r) => baselineOf(r)) : [];
  const delims = brackets.filter((a) => tall(a, s) || bases.length < 2 || bases.every((b) => Math.abs(a.base - b) > 0.3 * s));
  const content = atoms.filter((a) => !delims.includes(a));
  const rs = content.length ? rows(content, s) : [];
  if (rs.length < 2) return rows(atoms, s).map((row) => scripts(row, s, sub)).join(' \\\\ ');
  const x0 = Math.min(...content.map((a) => a.x0));
  const x1 = Math.max(...content.map((a) => a.x1));
  const top = Math.min(...rs.map((r) => baselineOf(r)));
  const bottom = Math.max(...rs.map((r) => baselineOf(r)));
  const spans = (a: Atom) => cy(a) > top - 0.5 * s && cy(a) < bottom + 0.5 * s;
  const left = delims.find((a) => OPENERS[a.tex] && a.x1 <= x0 + 0.1 * s && spans(a));
  const right = delims.find((a) => CLOSERS.has(a.tex) && a.x0 >= x1 - 0.1 * s && spans(a) && a !== left);
  const others = delims.filter((a) => a !== left && a !== right);
  if (left && (right || left.tex === '\\{') && others.length === 0) {
    const cells = rs.map((r) => cellsOf(r, s).map((c) => scripts(c, s, sub)));
    const env = right ? OPENERS[left.tex]! : 'cases';
    if (right && cells.some((r) => r.length !== cells[0]!.length)) throw new Unsure('ragged matrix');
    if (left.tex === '(' && cells.length === 2 && cells.every((r) => r.length === 1)) return `\\binom{${cells[0]![0]}}{${cells[1]![0]}}`;
    return `\\begin{${env}}${cells.map((r) => r.join(' & ')).join(' \\\\ ')}\\end{${env}}`;
  }
  const all = rows(atoms, s);
  return alignedRows(all, s, sub) ?? `\\begin{gathered}${all.map((row) => scripts(row, s, sub)).join(' \\\\ ')}\\end{gathered}`;
}

const RELATIONS = new Set(['=', '<', '>', '\\approx', '\\le', '\\ge', '\\leq', '\\geq', '\\equiv', '\\sim', '\\simeq', '\\ne', '\\neq', '\\propto', '\\Rightarrow', '\\Leftrightarrow']);

/**
 * Rows whose first relations stand one under another (a chain "a = b / = c", each line's "=" at one x)
 * → aligned, each row split at its relation; undefined when the relations do not line up.
 */
function alignedRows(rs: Atom[][], s: number, sub: BuildScript): string | undefined {
  const rel = rs.map((r) => [...r].sort((a, b) => a.x0 - b.x0).find((a) => RELATIONS.has(a.tex) && a.size >= 0.85 * s));
  if (rel.some((a) => !a)) return undefined;
  const xs = rel.map((a) => a!.x0);
  if (Math.max(...xs) - Math.min(...xs) > 0.5 * s) return undefined;
  const lines = rs.map((r, i) => {
    const at = rel[i]!.x0 - 0.05 * s;
    const left = r.filter((a) => a.x0 < at);
    const right = r.filter((a) => a.x0 >= at);
    return `${left.length ? scripts(left, s, sub) : ''}&${scripts(right, s, sub)}`;
  });
  return `\\begin{aligned}${lines.join(' \\\\ ')}\\end{aligned}`;
}

/** A matrix row cut into cells at gaps wider than a space. */
function cellsOf(row: Atom[], s: number): Atom[][] {
  const sorted = [...row].sort((a, b) => a.x0 - b.x0);
  const cells: Atom[][] = [];
  let right = -Infinity;
  for (const a of sorted) {
    if (!cells.length || a.x0 - right > 0.7 * s) cells.push([]);
    cells.at(-1)!.push(a);
    right = Math.max(right, a.x1);
  }
  return cells;
}

/** Atoms split into rows of full-size glyphs a line apart (aligned equations); smaller ones join the nearest. */
function rows(atoms: Atom[], s: number): Atom[][] {
  const full = atoms.filter((a) => !a.op && !a.hangs && a.size >= 0.85 * s);
  const bases: number[] = [];
  for (const b of full.map((a) => a.base).sort((x, y) => x - y)) if (!bases.length || b - bases.at(-1)! > 0.9 * s) bases.push(b);
  if (bases.length <= 1) return [atoms];
  const out: Atom[][] = bases.map(() => []);
  for (const a of atoms) {
    const y = a.op || a.hangs ? cy(a) : a.base;
    let k = 0;
    bases.forEach((b, i) => Math.abs(y - b) < Math.abs(y - bases[k]!) && (k = i));
    out[k]!.push(a);
  }
  return out.filter((r) => r.length);
}

/** One row: atoms on its baseline in order, each with the smaller atoms raised or lowered after it as scripts. */
function scripts(atoms: Atom[], s: number, sub: BuildScript): string {
  const main = baselineOf(atoms);
  // A hanging glyph (a big operator, a tall delimiter of the extension font) is centred on the row's axis, its
  // base far above the row's: it stands on the row, never a script.
  const onBase = (a: Atom) =>
    a.op || a.hangs || (a.size >= 0.85 * s ? Math.abs(a.base - main) < 0.3 * s : Math.abs(a.base - main) < 0.04 * s) || a.tex.startsWith('\\frac') || a.tex.startsWith('\\sqrt');
  const base = atoms.filter(onBase).sort((a, b) => a.x0 - b.x0);
  const rest = atoms.filter((a) => !onBase(a)).sort((a, b) => a.x0 - b.x0);
  // A full-size glyph off the baseline is no script: a layout this cannot read.
  if (rest.some((a) => a.size >= 0.85 * s && !a.hangs)) throw new Unsure('a full-size glyph off the baseline');
  const attached = new Map<Atom | null, { sup: Atom[]; sub: Atom[] }>();
  for (const a of rest) {
    const before = base.filter((b) => b.x0 < a.x0 + 0.1 * a.size);
    const anchor = before.length ? before[before.length - 1]! : null;
    if (!attached.has(anchor)) attached.set(anchor, { sup: [], sub: [] });
    const up = a.base < main - 0.05 * s;
    attached.get(anchor)![up ? 'sup' : 'sub'].push(a);
  }
  // A subscript's own superscript may stand above the row's baseline (\|f\|_{L^p}): smaller than the subscript, after
  // it, and no superscript of the subscript's size beside it.
  for (const sc of attached.values()) {
    if (!sc.sub.length || !sc.sup.length) continue;
    const size = Math.min(...sc.sub.map((a) => a.size));
    const right = Math.max(...sc.sub.map((a) => a.x1));
    if (sc.sup.some((a) => a.size >= 0.85 * size)) continue;
    const nested = sc.sup.filter((a) => a.x0 >= right - 0.1 * a.size && a.x0 - right < 0.3 * size);
    if (nested.length !== sc.sup.length) continue;
    sc.sub.push(...nested);
    sc.sup = [];
  }
  const withScripts = (tex: string, at: Atom | null) => {
    const sc = attached.get(at);
    if (!sc) return tex;
    const lower = sc.sub.length ? `_{${sub(sc.sub)}}` : '';
    const raised = sc.sup.length ? sub(sc.sup) : '';
    // Primes alone are written as primes (f'(x)): KaTeX sets ^{'} lower than a prime.
    const primes = /^'+$/.test(raised);
    const upper = raised && !primes ? `^{${raised}}` : '';
    return `${/[_^]/.test(tex) && !/^\\(sum|prod|int|lim|max|min|sup|inf|coprod|oint|iint|bigcup|bigcap)/.test(tex) ? `{${tex}}` : tex}${primes ? raised : ''}${lower}${upper}`;
  };
  let out = attached.has(null) ? withScripts('{}', null) : '';
  // Delimiters taller than the row around something tall (a fraction, a ∑ with limits) pair up as \left …
  // \right: drawn taller, or taken from the extension font (TeX's \big… sizes, whose heights pdf.js does not give).
  const tallDelimiter = (a: Atom) => tall(a, s) && /^([()[\]|]|\\[{}])$/.test(a.tex);
  const sides = new Map<Atom, string>();
  const open: Atom[] = [];
  for (const b of base) {
    if (!tallDelimiter(b)) continue;
    // A tall bar closes the tall bar before it (|∫f|), else opens.
    const bar = b.tex === '|' || b.tex === '\\|';
    if (bar && open.at(-1)?.tex === b.tex) {
      sides.set(open.pop()!, '\\left');
      sides.set(b, '\\right');
    } else if (bar || /^(\(|\[|\\\{)$/.test(b.tex)) open.push(b);
    else if (open.length) {
      // A bar left open between a bracket and its closer stands in the middle: \left[ … \middle| … \right].
      const top = open.at(-1)!;
      if ((top.tex === '|' || top.tex === '\\|') && open.length > 1) sides.set(open.pop()!, '\\middle');
      sides.set(open.pop()!, '\\left');
      sides.set(b, '\\right');
    }
  }
  let prev: Atom | undefined;
  for (const b of base) {
    if (sides.has(b)) {
      // A closing delimiter keeps its scripts: (∑ |xᵢ|²)^{1/2}.
      out = join(out, sides.get(b) === '\\right' ? withScripts(`\\right${b.tex}`, b) : `${sides.get(b)}${b.tex}`);
      prev = b;
      continue;
    }
    // An asterisk set tight after a letter or bracket is a superscript star (C*, the conjugate).
    if (b.tex === '*' && prev && b.x0 - prev.x1 < 0.3 * s && /[A-Za-z)}]$/.test(out) && !attached.has(b)) {
      out = `${out.endsWith('}') && /[_^]\{[^{}]*\}$/.test(out) ? `{${out}}` : out}^{*}`;
      prev = b;
      continue;
    }
    // A wide gap on the baseline is a space the page set on purpose (between "n = 1" and "n = 2"), measured
    // from the end of the scripts before it (a text-style ∑ with its limits at its side).
    const scriptsOf = prev && attached.get(prev);
    const right = prev && Math.max(prev.x1, ...(scriptsOf ? [...scriptsOf.sup, ...scriptsOf.sub].map((a) => a.x1) : []));
    if (right !== undefined && b.x0 - right > 1.5 * s) out += '\\quad ';
    out = join(out, withScripts(b.tex, b));
    prev = b;
  }
  return out;
}

/** Appends a token, with a space only where a command would run into a letter. */
function join(out: string, tex: string): string {
  if (/\\[A-Za-z]+$/.test(out) && /^[A-Za-z0-9]/.test(tex)) return `${out} ${tex}`;
  return out + tex;
}
