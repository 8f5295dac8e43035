// One canonical spelling per LaTeX math construct, so a formula recognizer's output can be compared with
// its label by string equality, and training labels never teach two spellings of one picture.
//
//   x^2_i        → x_{i}^{2}         (scripts braced, subscript first)
//   \dfrac12     → \frac {1}{2}      (synonyms unified, arguments braced)
//   {a}+b\,      → a+b               (redundant braces and thin spaces dropped)
//   \le \lbrace  → \leq \{
//
// Spelling: every control word is followed by one space, nothing else is spaced (except inside \text),
// so the recognizer's pieces (control words carry their space) concatenate to exactly this string.
// Training labels (training/formula) and the eval (bench/eval.mjs) both call `normalizeLatex`.
import { isControlWord, isGroup, parse, tokenize, type Group, type Node } from './latex-tokens';

const SYNONYMS: Record<string, string> = {
  '\\dfrac': '\\frac', '\\tfrac': '\\frac', '\\cfrac': '\\frac', '\\dbinom': '\\binom', '\\tbinom': '\\binom',
  '\\le': '\\leq', '\\ge': '\\geq', '\\ne': '\\neq', '\\leqslant': '\\leq', '\\geqslant': '\\geq',
  '\\to': '\\rightarrow', '\\gets': '\\leftarrow', '\\lbrace': '\\{', '\\rbrace': '\\}', '\\lbrack': '[', '\\rbrack': ']',
  '\\vert': '|', '\\lvert': '|', '\\rvert': '|', '\\Vert': '\\|', '\\lVert': '\\|', '\\rVert': '\\|',
  '\\bm': '\\boldsymbol', '\\land': '\\wedge', '\\lor': '\\vee', '\\lnot': '\\neg', '\\ldots': '\\dots',
  '\\dotsc': '\\dots', '\\dotsb': '\\cdots', '\\dotsm': '\\cdots', '\\textrm': '\\text', '\\mbox': '\\text',
  '\\implies': '\\Longrightarrow', '\\iff': '\\Longleftrightarrow', '\\owns': '\\ni', '\\lt': '<', '\\gt': '>',
  '\\Rightarrow': '\\Rightarrow', '\\varnothing': '\\emptyset',
};

/** Spacing and style switches that do not change what a display formula reads as. */
const DROP = new Set(['\\displaystyle', '\\textstyle', '\\limits', '\\,', '\\:', '\\;', '\\!', '\\>', '\\ ', '~', '\\nonumber', '\\notag']);

const ARITY: Record<string, number> = {
  '\\frac': 2, '\\binom': 2, '\\stackrel': 2, '\\overset': 2, '\\underset': 2,
  '\\sqrt': 1, '\\hat': 1, '\\bar': 1, '\\vec': 1, '\\tilde': 1, '\\dot': 1, '\\ddot': 1, '\\check': 1,
  '\\breve': 1, '\\acute': 1, '\\grave': 1, '\\widehat': 1, '\\widetilde': 1, '\\overline': 1, '\\underline': 1,
  '\\overrightarrow': 1, '\\overleftarrow': 1, '\\mathbf': 1, '\\mathrm': 1, '\\mathbb': 1, '\\mathcal': 1,
  '\\mathit': 1, '\\mathsf': 1, '\\mathtt': 1, '\\mathfrak': 1, '\\boldsymbol': 1, '\\operatorname': 1,
  '\\text': 1, '\\textbf': 1, '\\textit': 1, '\\overbrace': 1, '\\underbrace': 1,
};

/** \operatorname{…} of a name KaTeX has as its own command. */
const OPERATORS = new Set(['sin', 'cos', 'tan', 'cot', 'sec', 'csc', 'sinh', 'cosh', 'tanh', 'coth', 'arcsin', 'arccos',
  'arctan', 'log', 'ln', 'lg', 'exp', 'lim', 'max', 'min', 'sup', 'inf', 'det', 'dim', 'ker', 'deg', 'gcd', 'arg',
  'Pr', 'hom', 'liminf', 'limsup']);

/** Old-style declarations whose scope is their group: such a group keeps its braces. */
const SCOPED = new Set(['\\rm', '\\bf', '\\it', '\\cal', '\\sf', '\\tt', '\\scriptstyle', '\\scriptscriptstyle']);

function letters(n: Node): string | null {
  if (!isGroup(n)) return null;
  return n.items.every((t) => typeof t === 'string' && /^[a-zA-Z]$/.test(t)) ? (n.items as string[]).join('') : null;
}

function braced(n: Node): Group {
  return isGroup(n) && n.braced ? n : { kind: 'group', braced: true, items: [n] };
}

/** Normalizes one sequence of nodes (a group's items). */
function sequence(items: Node[]): Node[] {
  const src: Node[] = items.flatMap((n): Node[] => (typeof n === 'string' ? (DROP.has(n) ? [] : [SYNONYMS[n] ?? n]) : [n]));
  const out: Node[] = [];
  let i = 0;
  const arg = (): Group => {
    while (i < src.length && src[i] === ' ') i++;
    const n = src[i++];
    return braced(n === undefined ? { kind: 'group', braced: true, items: [] } : isGroup(n) ? group(n) : n);
  };
  while (i < src.length) {
    const t = src[i++]!;
    if (isGroup(t)) {
      const g = group(t);
      const next = src[i];
      const keep = g.items.length === 0 || next === '^' || next === '_' || next === "'" || SCOPED.has(g.items[0] as string);
      if (keep) out.push(g);
      else out.push(...g.items);
      continue;
    }
    if (t === '^' || t === '_') {
      const a = arg();
      // subscript first: x^{a}_{b} → x_{b}^{a}
      if (t === '_' && out.length >= 2 && out[out.length - 2] === '^') {
        const sup = out.splice(out.length - 2, 2);
        out.push('_', a, ...sup);
      } else out.push(t, a);
      continue;
    }
    if (t === '\\sqrt' && src[i] === '[') {
      const close = src.indexOf(']', i);
      if (close > i) {
        const opt = sequence(src.slice(i + 1, close));
        i = close + 1;
        out.push(t, '[', ...opt, ']', arg());
        continue;
      }
    }
    if (t === '\\operatorname' && OPERATORS.has(letters(src[i] as Node) ?? '')) {
      out.push('\\' + letters(src[i++] as Node));
      continue;
    }
    const n = ARITY[t];
    if (n) {
      out.push(t);
      for (let k = 0; k < n; k++) out.push(arg());
      continue;
    }
    if (t.startsWith('\\end{')) {
      // a row break right before \end draws nothing
      while (out.length && (out[out.length - 1] === '\\\\' || out[out.length - 1] === ' ')) out.pop();
    }
    out.push(t);
  }
  return out;
}

function group(g: Group): Group {
  return { kind: 'group', braced: g.braced, items: sequence(g.items) };
}

function serialize(items: Node[]): string {
  let s = '';
  for (const n of items) {
    if (isGroup(n)) s += `{${serialize(n.items)}}`;
    else s += isControlWord(n) ? n + ' ' : n;
  }
  return s;
}

export function normalizeLatex(src: string): string {
  let s = src.trim();
  // display/inline delimiters around the whole formula
  const m = /^(?:\$\$([\s\S]*)\$\$|\\\[([\s\S]*)\\\]|\$([\s\S]*)\$|\\\(([\s\S]*)\\\))$/.exec(s);
  if (m) s = (m[1] ?? m[2] ?? m[3] ?? m[4] ?? '').trim();
  return serialize(sequence(parse(tokenize(s)).items)).trimEnd();
}

/**
 * The recognizer's pieces of a canonical formula: control words carry their trailing space, so the
 * pieces concatenate (then trimEnd) to the canonical string.
 */
export function latexPieces(canonical: string): string[] {
  return tokenize(canonical).map((t) => (isControlWord(t) ? t + ' ' : t));
}
