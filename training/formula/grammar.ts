// Random LaTeX formulas from a grammar of real notation: fractions, scripts, sums, integrals, limits,
// roots, matrices, cases, aligned equations, Greek, accents, operators and \left…\right delimiters.
// Sources use varied spellings (x^2 / x^{2}, \le / \leq, \dfrac); labels are their normalized form.
import type { Rng } from '../../src/core/random/mulberry32';

export { mulberry32, type Rng } from '../../src/core/random/mulberry32';

const GREEK = ['\\alpha', '\\beta', '\\gamma', '\\delta', '\\epsilon', '\\varepsilon', '\\zeta', '\\eta', '\\theta',
  '\\vartheta', '\\iota', '\\kappa', '\\lambda', '\\mu', '\\nu', '\\xi', '\\pi', '\\rho', '\\sigma', '\\tau', '\\upsilon',
  '\\phi', '\\varphi', '\\chi', '\\psi', '\\omega', '\\Gamma', '\\Delta', '\\Theta', '\\Lambda', '\\Xi', '\\Pi', '\\Sigma',
  '\\Phi', '\\Psi', '\\Omega'];
const LATIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
const COMMON = 'xyzabcnkmijtfgpqrsuvwABCDEFGHLMNPRSTUVXYZ'.split('');
const SYMBOLS = ['\\infty', '\\partial', '\\nabla', '\\hbar', '\\ell', '\\emptyset'];
const BINOPS = ['+', '-', '+', '-', '\\pm', '\\mp', '\\times', '\\cdot', '\\div', '\\circ', '\\otimes', '\\oplus', '\\cup', '\\cap', '\\wedge', '\\vee', '\\setminus', '/'];
const RELS = ['=', '=', '=', '<', '>', ['\\le', '\\leq'], ['\\ge', '\\geq'], ['\\ne', '\\neq'], '\\approx', '\\equiv', '\\sim', '\\simeq',
  '\\propto', '\\in', '\\notin', '\\subset', '\\subseteq', '\\supset', ['\\to', '\\rightarrow'], '\\mapsto', '\\Rightarrow',
  '\\Leftrightarrow', '\\perp', '\\parallel', '\\ll', '\\gg', '\\cong', '\\leftarrow'];
const FUNCS = ['\\sin', '\\cos', '\\tan', '\\log', '\\ln', '\\exp', '\\det', '\\dim', '\\ker', '\\arg', '\\sinh', '\\cosh', '\\arctan'];
const ACCENTS = ['\\hat', '\\bar', '\\vec', '\\tilde', '\\dot', '\\ddot', '\\overline', '\\widehat', '\\mathbf', '\\boldsymbol', '\\mathrm'];
const BIGOPS = ['\\sum', '\\sum', '\\prod', '\\bigcup', '\\bigcap', '\\coprod', '\\bigoplus'];
const INTS = ['\\int', '\\int', '\\oint', '\\iint'];
const DELIMS: [string, string][] = [['(', ')'], ['(', ')'], ['[', ']'], ['|', '|'], ['\\{', '\\}'], ['\\langle', '\\rangle'], ['\\|', '\\|'], ['\\lfloor', '\\rfloor'], ['\\lceil', '\\rceil']];
const MATRICES = ['pmatrix', 'bmatrix', 'vmatrix', 'matrix', 'Bmatrix'];

export class Grammar {
  constructor(private r: Rng) {}
  private pick<T>(a: readonly T[]): T {
    return a[Math.floor(this.r() * a.length)]!;
  }
  private chance(p: number) {
    return this.r() < p;
  }
  private int(lo: number, hi: number) {
    return lo + Math.floor(this.r() * (hi - lo + 1));
  }
  private spell(x: string | string[]) {
    return typeof x === 'string' ? x : this.pick(x);
  }
  /** `{x}` or, for one plain token, sometimes bare (x^2). */
  private brace(x: string) {
    return /^[a-zA-Z0-9]$/.test(x) && this.chance(0.5) ? x : `{${x}}`;
  }
  private sep(a: string, b: string) {
    return /[a-zA-Z]$/.test(a) && /^[a-zA-Z]/.test(b) ? `${a} ${b}` : a + b;
  }
  private join(parts: string[]) {
    return parts.reduce((s, p) => (s ? this.sep(s, p) : p), '');
  }

  number(): string {
    const n = this.pick([() => String(this.int(0, 9)), () => String(this.int(10, 99)), () => String(this.int(100, 9999)),
      () => `${this.int(0, 9)}.${this.int(0, 99)}`]);
    return n();
  }
  letter(): string {
    return this.chance(0.7) ? this.pick(COMMON) : this.pick(LATIN);
  }
  atom(): string {
    const x = this.r();
    if (x < 0.45) return this.letter();
    if (x < 0.62) return this.pick(GREEK);
    if (x < 0.8) return this.number();
    if (x < 0.86) return this.pick(SYMBOLS);
    if (x < 0.93) {
      const acc = this.pick(ACCENTS);
      return `${acc}{${acc === '\\mathrm' ? this.pick(['d', 'e', 'i', 'T', 'max']) : this.chance(0.8) ? this.letter() : this.pick(GREEK)}}`;
    }
    return this.pick(['\\mathbb{R}', '\\mathbb{N}', '\\mathbb{Z}', '\\mathbb{C}', '\\mathcal{L}', '\\mathcal{O}', '\\mathcal{H}', '\\mathbb{E}']);
  }
  index(): string {
    const x = this.r();
    if (x < 0.4) return this.pick(['i', 'j', 'k', 'n', 'm', 't', '0', '1', '2', 'x', 'ij', 'n+1', 'i-1', 'k=1', 'i=1', 'max', 'T', '\\mu', '\\nu']);
    if (x < 0.7) return this.pick(['2', '2', '3', 'n', '-1', 'k', '*', '\\prime', 'T', '\\top', '-\\alpha', 'p', '2n']);
    return this.small(1);
  }
  scripted(base: string): string {
    const x = this.r();
    if (x < 0.4) return `${base}_${this.brace(this.index())}`;
    if (x < 0.8) return `${base}^${this.brace(this.index())}`;
    const sub = `_${this.brace(this.index())}`, sup = `^${this.brace(this.index())}`;
    return base + (this.chance(0.7) ? sub + sup : sup + sub);
  }
  /** A short expression for scripts, limits and small arguments. */
  small(depth: number): string {
    const parts = [this.chance(0.3) ? this.scripted(this.atom()) : this.atom()];
    const n = this.int(0, depth > 0 ? 2 : 1);
    for (let k = 0; k < n; k++) parts.push(this.pick(['+', '-', '', '', '\\cdot']), this.atom());
    return this.join(parts.filter(Boolean));
  }
  factor(depth: number): string {
    const x = this.r();
    if (depth <= 0 || x < 0.35) return this.chance(0.35) ? this.scripted(this.atom()) : this.atom();
    if (x < 0.48) return `${this.pick(['\\frac', '\\frac', '\\dfrac', '\\tfrac'])}{${this.expr(depth - 1, 2)}}{${this.expr(depth - 1, 2)}}`;
    if (x < 0.55) return this.chance(0.3) ? `\\sqrt[${this.pick(['3', 'n', '4'])}]{${this.expr(depth - 1, 2)}}` : `\\sqrt{${this.expr(depth - 1, 2)}}`;
    if (x < 0.65) {
      const [l, r] = this.pick(DELIMS);
      const inner = this.expr(depth - 1, 3);
      const body = this.chance(0.6) ? `\\left${l} ${inner} \\right${r}` : `${l} ${inner} ${r}`;
      return this.chance(0.3) ? `${body}^${this.brace(this.index())}` : body;
    }
    if (x < 0.73) return `${this.pick(FUNCS)}${this.chance(0.3) ? '^2' : ''}${this.chance(0.5) ? ` ${this.atom()}` : `\\left(${this.small(1)}\\right)`}`;
    if (x < 0.78) return `${this.letter()}${this.chance(0.2) ? "'" : ''}(${this.join([this.small(0), ...(this.chance(0.3) ? [',', this.atom()] : [])])})`;
    if (x < 0.84) {
      const op = this.pick(BIGOPS);
      const lim = this.chance(0.8) ? `_{${this.pick(['i=1', 'k=0', 'n=1', 'j=1', 'i', 'k', 'i\\in I', 'n=0'])}}^{${this.pick(['n', 'N', '\\infty', 'm', 'K'])}}` : `_{${this.pick(['i', 'k', 'n'])}}`;
      return `${op}${this.chance(0.15) ? '\\limits' : ''}${lim} ${this.factor(depth - 1)}`;
    }
    if (x < 0.9) {
      const op = this.pick(INTS);
      const lim = this.chance(0.7) ? `_${this.brace(this.pick(['0', 'a', '-\\infty', '\\Omega', 'V', '1']))}^${this.brace(this.pick(['1', 'b', '\\infty', 't', 'x', '\\pi']))}` : '';
      const v = this.pick(['x', 't', 'u', 's', '\\theta']);
      return `${op}${lim} ${this.expr(depth - 1, 2)}${this.pick(['\\,', '\\, ', ' ', '\\;'])}${this.pick(['d', '\\mathrm{d}'])}${v}`;
    }
    if (x < 0.94) return `\\lim_{${this.pick(['n', 'x', 'h', 't', 'k'])} ${this.pick(['\\to', '\\rightarrow'])} ${this.pick(['\\infty', '0', 'a', '0^+'])}} ${this.factor(depth - 1)}`;
    if (x < 0.97) return `\\binom{${this.pick(['n', 'N', 'n+1', '2n', 'm'])}}{${this.pick(['k', 'i', 'j', '2', 'k-1'])}}`;
    return `${this.pick(ACCENTS.slice(0, 6))}{${this.letter()}}`;
  }
  expr(depth: number, maxTerms = 4): string {
    const n = this.int(1, maxTerms);
    const parts = [this.chance(0.12) ? '-' : '', this.factor(depth)];
    for (let k = 1; k < n; k++) {
      parts.push(this.chance(0.3) ? '' : this.pick(BINOPS), this.factor(depth));
    }
    return this.join(parts.filter(Boolean));
  }
  matrix(): string {
    const env = this.pick(MATRICES);
    const rows = this.int(2, 3), cols = this.int(2, 3);
    const cell = () => (this.chance(0.7) ? this.atom() : this.small(0));
    const body = Array.from({ length: rows }, () => Array.from({ length: cols }, cell).join(' & ')).join(' \\\\ ');
    return `\\begin{${env}} ${body} \\end{${env}}`;
  }
  cases(): string {
    const rows = Array.from({ length: 2 }, () => `${this.expr(1, 2)} & ${this.pick(['\\text{if } ', '', 'x>0', '\\text{otherwise}'])}${this.chance(0.5) ? this.join([this.atom(), this.spell(this.pick(RELS)), this.atom()]) : ''}`);
    return `${this.letter()}(x) = \\begin{cases} ${rows.join(' \\\\ ')} \\end{cases}`;
  }
  aligned(): string {
    const lhs = this.expr(1, 2);
    const rows = [`${lhs} &= ${this.expr(1, 3)}`, `&= ${this.expr(1, 3)}`];
    return `\\begin{aligned} ${rows.join(' \\\\ ')} \\end{aligned}`;
  }
  /** One display formula. */
  formula(): string {
    const x = this.r();
    if (x < 0.05) return this.matrix();
    if (x < 0.08) return `${this.pick(['A', 'M', 'R', 'J'])} = ${this.matrix()}`;
    if (x < 0.1) return this.cases();
    if (x < 0.12) return this.aligned();
    const depth = this.r() < 0.6 ? 1 : 2;
    if (x < 0.35) return this.expr(depth, 3);
    const f = `${this.expr(depth, 2)} ${this.spell(this.pick(RELS))} ${this.expr(depth, 2)}`;
    return this.chance(0.12) ? `${f}, \\quad ${this.join([this.atom(), this.spell(this.pick(RELS)), this.atom()])}` : f;
  }
}
