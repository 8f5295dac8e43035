// Inline math in a PDF's own text → $…$. A PDF typeset with math fonts gives its formulas' letters as
// Unicode Mathematical Alphanumeric Symbols (𝑥, 𝐯, ℝ, 𝛼): they say, letter by letter, that this is math.
// A run of them with the operators, digits and brackets between becomes one $…$ span in LaTeX; text with
// no such letter is returned unchanged (recognized text never has them).
//
//   inlineMath("let 𝑥 and 𝑦 satisfy 𝑥 > 𝑦.") → "let $x$ and $y$ satisfy $x > y$."

const GREEK_UPPER = ['A', 'B', '\\Gamma', '\\Delta', 'E', 'Z', 'H', '\\Theta', 'I', 'K', '\\Lambda', 'M', 'N', '\\Xi', 'O', '\\Pi', 'P', '\\Theta', '\\Sigma', 'T', '\\Upsilon', '\\Phi', 'X', '\\Psi', '\\Omega'];
const GREEK_LOWER = ['\\alpha', '\\beta', '\\gamma', '\\delta', '\\varepsilon', '\\zeta', '\\eta', '\\theta', '\\iota', '\\kappa', '\\lambda', '\\mu', '\\nu', '\\xi', 'o', '\\pi', '\\rho', '\\varsigma', '\\sigma', '\\tau', '\\upsilon', '\\varphi', '\\chi', '\\psi', '\\omega'];
// The Greek runs of the block: capitals (ϴ in 18th place), ∇, small letters, ∂, then ϵ ϑ ϰ ϕ ϱ ϖ.
const GREEK = [...GREEK_UPPER, '\\nabla', ...GREEK_LOWER, '\\partial', '\\epsilon', '\\vartheta', '\\varkappa', '\\phi', '\\varrho', '\\varpi'];

/** Latin alphabets of U+1D400…: first code point and the command its letters take ('' for italic). */
const LATIN: [number, string][] = [
  [0x1d400, '\\mathbf'],
  [0x1d434, ''],
  [0x1d468, '\\boldsymbol'],
  [0x1d49c, '\\mathcal'],
  [0x1d4d0, '\\mathcal'],
  [0x1d504, '\\mathfrak'],
  [0x1d538, '\\mathbb'],
  [0x1d56c, '\\mathfrak'],
  [0x1d5a0, '\\mathsf'],
  [0x1d5d4, '\\mathsf'],
  [0x1d608, '\\mathsf'],
  [0x1d63c, '\\mathsf'],
  [0x1d670, '\\mathtt'],
];
const GREEK_STYLES: [number, string][] = [
  [0x1d6a8, '\\boldsymbol'],
  [0x1d6e2, ''],
  [0x1d71c, '\\boldsymbol'],
  [0x1d756, '\\boldsymbol'],
  [0x1d790, '\\boldsymbol'],
];
const DIGITS: [number, string][] = [
  [0x1d7ce, '\\mathbf'],
  [0x1d7d8, '\\mathbb'],
  [0x1d7e2, '\\mathsf'],
  [0x1d7ec, '\\mathsf'],
  [0x1d7f6, '\\mathtt'],
];
/** Letterlike symbols standing in the holes of the alphabets above. */
const LETTERLIKE: Record<string, string> = {
  'ℎ': 'h', 'ℬ': '\\mathcal{B}', 'ℰ': '\\mathcal{E}', 'ℱ': '\\mathcal{F}', 'ℋ': '\\mathcal{H}', 'ℐ': '\\mathcal{I}', 'ℒ': '\\mathcal{L}',
  'ℳ': '\\mathcal{M}', 'ℛ': '\\mathcal{R}', 'ℂ': '\\mathbb{C}', 'ℍ': '\\mathbb{H}', 'ℕ': '\\mathbb{N}', 'ℙ': '\\mathbb{P}', 'ℚ': '\\mathbb{Q}',
  'ℝ': '\\mathbb{R}', 'ℤ': '\\mathbb{Z}', 'ℭ': '\\mathfrak{C}', 'ℌ': '\\mathfrak{H}', 'ℑ': '\\mathfrak{I}', 'ℜ': '\\mathfrak{R}', 'ℨ': '\\mathfrak{Z}',
};
/** Operators and symbols that join math letters into one span, with their LaTeX. */
const OPERATORS: Record<string, string> = {
  '=': '=', '+': '+', '-': '-', '−': '-', '/': '/', '<': '\\lt', '>': '>', '|': '|', '(': '(', ')': ')', '[': '[', ']': ']', "'": "'",
  '×': '\\times', '·': '\\cdot', '⋅': '\\cdot', '∗': '*', '≤': '\\leq', '≥': '\\geq', '≠': '\\neq', '≈': '\\approx', '≡': '\\equiv', '∼': '\\sim',
  '∝': '\\propto', '∈': '\\in', '∉': '\\notin', '⊂': '\\subset', '⊆': '\\subseteq', '∪': '\\cup', '∩': '\\cap', '→': '\\to', '←': '\\leftarrow',
  '↦': '\\mapsto', '⇒': '\\Rightarrow', '⇔': '\\Leftrightarrow', '∀': '\\forall', '∃': '\\exists', '∂': '\\partial', '∇': '\\nabla', '±': '\\pm',
  '∓': '\\mp', '∞': '\\infty', '∑': '\\sum', '∏': '\\prod', '∫': '\\int', '√': '\\surd', '′': "'", '∘': '\\circ', '⊗': '\\otimes', '⊕': '\\oplus',
  '∧': '\\wedge', '∨': '\\vee', '¬': '\\neg', '…': '\\ldots', '⋯': '\\cdots', '⟨': '\\langle', '⟩': '\\rangle', '‖': '\\|', '∣': '\\mid',
};

/** The LaTeX of one math letter or digit (a Mathematical Alphanumeric Symbol or a letterlike one), else undefined. */
export function mathLetter(ch: string): string | undefined {
  if (LETTERLIKE[ch]) return LETTERLIKE[ch];
  const cp = ch.codePointAt(0)!;
  if (cp < 0x1d400 || cp > 0x1d7ff) return undefined;
  const wrap = (cmd: string, body: string) => (cmd ? `${cmd}{${body}}` : body);
  for (const [start, cmd] of LATIN) {
    if (cp >= start && cp < start + 52) {
      const i = cp - start;
      return wrap(cmd, String.fromCharCode(i < 26 ? 65 + i : 97 + i - 26));
    }
  }
  if (cp === 0x1d6a4) return '\\imath';
  if (cp === 0x1d6a5) return '\\jmath';
  for (const [start, cmd] of GREEK_STYLES) if (cp >= start && cp < start + GREEK.length) return wrap(cmd, GREEK[cp - start]!);
  for (const [start, cmd] of DIGITS) if (cp >= start && cp < start + 10) return wrap(cmd, String(cp - start));
  return undefined;
}

type Kind = 'letter' | 'joiner' | 'space' | 'comma' | 'other';

function kindOf(ch: string): Kind {
  if (mathLetter(ch) !== undefined) return 'letter';
  if (/\s/.test(ch)) return 'space';
  if (ch === ',') return 'comma';
  if (/[0-9]/.test(ch) || OPERATORS[ch] !== undefined) return 'joiner';
  return 'other';
}

/** LaTeX of a span's characters; a command is kept apart from a letter after it. */
function latex(chars: readonly string[]): string {
  let out = '';
  for (const ch of chars) {
    const t = mathLetter(ch) ?? OPERATORS[ch] ?? (/\s/.test(ch) ? ' ' : ch);
    if (/\\[A-Za-z]+$/.test(out) && /^[A-Za-z0-9]/.test(t)) out += ' ';
    out += t;
  }
  return out.replace(/\s+/g, ' ').trim();
}

function balanced(chars: readonly string[], start: number, end: number): [number, number] {
  const depth = (s: number, e: number) => chars.slice(s, e).reduce((d, c) => d + ('([⟨'.includes(c) ? 1 : ')]⟩'.includes(c) ? -1 : 0), 0);
  while (end > start + 1 && ')]⟩'.includes(chars[end - 1]!) && depth(start, end) < 0) end--;
  while (start < end - 1 && '([⟨'.includes(chars[start]!) && depth(start, end) > 0) start++;
  // An operator left dangling at either end ("𝑥 −", "= 𝑦") is kept out too.
  while (end > start + 1 && /[=+\-−/<>×·⋅,\s]/.test(chars[end - 1]!)) end--;
  return [start, end];
}

export function inlineMath(text: string): string {
  const chars = [...text];
  const kinds = chars.map(kindOf);
  if (!kinds.includes('letter')) return text;
  const spans: [number, number][] = [];
  let i = 0;
  while (i < chars.length) {
    if (kinds[i] !== 'letter') {
      i++;
      continue;
    }
    // Back over digits and operators touching the first letter ("2𝑥", "−𝑥"), not over a space.
    let start = i;
    while (start > 0 && kinds[start - 1] === 'joiner') start--;
    // On while letters and joiners follow, across spaces and commas that lead to more of them.
    let end = i + 1;
    for (let j = end; j < chars.length; j++) {
      if (kinds[j] === 'letter' || kinds[j] === 'joiner') end = j + 1;
      else if (kinds[j] === 'space' || kinds[j] === 'comma') {
        let k = j;
        while (k < chars.length && (kinds[k] === 'space' || kinds[k] === 'comma')) k++;
        const next = kinds[k];
        // A space before a plain word ends the span; before more math it is part of it.
        if (next !== 'letter' && next !== 'joiner') break;
        // A lone "-" or digit after a comma is prose ("x, 3 apples"): only a letter continues after a comma.
        if (chars.slice(j, k).includes(',') && next !== 'letter') break;
        j = k - 1;
      } else break;
    }
    // Brackets the span does not match stay outside: "(see 𝑥)." keeps its ")" in the prose.
    [start, end] = balanced(chars, start, end);
    spans.push([start, end]);
    i = end;
  }
  let out = '';
  let at = 0;
  for (const [s, e] of spans) {
    out += chars.slice(at, s).join('') + `$${latex(chars.slice(s, e))}$`;
    at = e;
  }
  return out + chars.slice(at).join('');
}
