// Whether a formula's LaTeX writes what the page shows: the letters and digits KaTeX would draw for it
// against the glyphs the page draws there. LaTeX rebuilt from the glyphs must use each glyph once (a glyph
// lost or doubled on the way is a reading gone wrong), and the formula recognizer's LaTeX for a formula
// whose glyphs the PDF holds must mostly agree with them (it writes confident nonsense otherwise).
//
//   latexSymbols("\\frac{x_1}{\\sin y}") → ['x', '1', 's', 'i', 'n', 'y']   (undefined: KaTeX cannot parse it)
//   textSymbols("x1 sin y")              → the same, from text
//   symbolAgreement(a, b)                → 0…1, shared symbols over all (Dice on multisets)
import { katexTree } from './katex-check';

/** Greek letter commands (and \hbar, an h) → their letters, so "\alpha" counts as the page's "α". */
const GREEK: Record<string, string> = Object.fromEntries(
  'alpha:α beta:β gamma:γ delta:δ epsilon:ϵ varepsilon:ε zeta:ζ eta:η theta:θ vartheta:ϑ iota:ι kappa:κ lambda:λ mu:μ nu:ν xi:ξ pi:π varpi:ϖ rho:ρ varrho:ϱ sigma:σ varsigma:ς tau:τ upsilon:υ phi:ϕ varphi:φ chi:χ psi:ψ omega:ω Gamma:Γ Delta:Δ Theta:Θ Lambda:Λ Xi:Ξ Pi:Π Sigma:Σ Upsilon:Υ Phi:Φ Psi:Ψ Omega:Ω hbar:ℏ'
    .split(' ')
    .map((p) => p.split(':') as [string, string]),
);

/**
 * One form per letter: the page's φ/ϕ, ε/ϵ, ∆/Δ are one symbol whichever form the font or the LaTeX chose; ℏ
 * (ħ once normalized) is an h, as TeX draws it of h and a macron.
 */
const canon = (ch: string) => ({ ϕ: 'φ', ϵ: 'ε', '∆': 'Δ', ϑ: 'θ', ϖ: 'π', ϱ: 'ρ', ς: 'σ', ħ: 'h' })[ch] ?? ch;

/** Latin letters, digits and Greek letters: what both a glyph and a LaTeX command name without doubt. */
const SYMBOL = /^[A-Za-z0-9\u0391-\u03a9\u03b1-\u03c9]$/;

/** The letters and digits of a text, one per character (math alphanumerics as their plain letters; ℓ is \ell). */
export function textSymbols(text: string): string[] {
  return [...text.replace(/ℓ/g, '').normalize('NFKC')].map(canon).filter((c) => SYMBOL.test(c));
}

/** The letters and digits KaTeX draws for `latex` (function names spelled out), or undefined if it does not parse. */
export function latexSymbols(latex: string): string[] | undefined {
  const tree = katexTree(latex);
  if (tree === undefined) return undefined;
  const out: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const n = node as Record<string, unknown>;
    if ((n.type === 'mathord' || n.type === 'textord') && typeof n.text === 'string') {
      const t = n.text.startsWith('\\') ? GREEK[n.text.slice(1)] : n.text;
      if (t) out.push(...textSymbols(t));
      return;
    }
    // \sin, \log, \lim: KaTeX keeps the name; \operatorname{…} keeps its body as nodes.
    if (n.type === 'op' && typeof n.name === 'string' && !n.symbol) out.push(...textSymbols(n.name.replace(/^\\/, '')));
    for (const [k, v] of Object.entries(n)) if (k !== 'loc' && k !== 'type' && k !== 'mode') walk(v);
  };
  walk(tree);
  return out;
}

/** Shared symbols over all symbols of both (1: the same multiset; 0: nothing in common). */
export function symbolAgreement(a: readonly string[], b: readonly string[]): number {
  if (a.length + b.length === 0) return 1;
  const count = new Map<string, number>();
  for (const c of a) count.set(c, (count.get(c) ?? 0) + 1);
  let shared = 0;
  for (const c of b) {
    const k = count.get(c) ?? 0;
    if (k > 0) {
      shared++;
      count.set(c, k - 1);
    }
  }
  return (2 * shared) / (a.length + b.length);
}
