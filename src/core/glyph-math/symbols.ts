// One glyph of a formula → its LaTeX, from its character and its font (glyphs.ts). The character decides
// for Unicode math fonts (𝑥, ℝ, ∑); for TeX's own fonts the font decides the alphabet (MSBM's R is ℝ,
// CMSY's capitals are calligraphic).
import { mathLetter } from '../text-layer/inline-math';
import type { FontClass } from './glyphs';

const GREEK: Record<string, string> = {
  α: '\\alpha', β: '\\beta', γ: '\\gamma', δ: '\\delta', ε: '\\varepsilon', ϵ: '\\epsilon', ζ: '\\zeta', η: '\\eta', θ: '\\theta', ϑ: '\\vartheta',
  ι: '\\iota', κ: '\\kappa', λ: '\\lambda', μ: '\\mu', µ: '\\mu', ν: '\\nu', ξ: '\\xi', π: '\\pi', ϖ: '\\varpi', ρ: '\\rho', ϱ: '\\varrho', σ: '\\sigma',
  ς: '\\varsigma', τ: '\\tau', υ: '\\upsilon', φ: '\\varphi', ϕ: '\\phi', χ: '\\chi', ψ: '\\psi', ω: '\\omega', Γ: '\\Gamma', Δ: '\\Delta', '∆': '\\Delta',
  Θ: '\\Theta', Λ: '\\Lambda', Ξ: '\\Xi', Π: '\\Pi', Σ: '\\Sigma', Υ: '\\Upsilon', Φ: '\\Phi', Ψ: '\\Psi', Ω: '\\Omega', '\u2126': '\\Omega',
};

/** The Greek letters' commands (\alpha … \Omega). */
export const GREEK_COMMANDS = new Set(Object.values(GREEK));

const SYMBOLS: Record<string, string> = {
  '=': '=', '+': '+', '-': '-', '−': '-', '/': '/', '<': '<', '>': '>', '|': '|', '(': '(', ')': ')', '[': '[', ']': ']', ',': ',', ';': ';',
  ':': ':', '.': '.', '!': '!', '?': '?', "'": "'", '′': "'", '″': "''", '*': '*', '∗': '*', '{': '\\{', '}': '\\}', '#': '\\#', '%': '\\%',
  '&': '\\&', _: '\\_', $: '\\$', '\\': '\\backslash', '~': '\\sim', '^': '\\wedge', '×': '\\times', '÷': '\\div', '·': '\\cdot', '⋅': '\\cdot',
  '•': '\\bullet', '∙': '\\cdot', '≤': '\\leq', '≥': '\\geq', '⩽': '\\leq', '⩾': '\\geq', '≠': '\\neq', '≈': '\\approx', '≡': '\\equiv',
  '∼': '\\sim', '≃': '\\simeq', '≅': '\\cong', '∝': '\\propto', '≪': '\\ll', '≫': '\\gg', '≺': '\\prec', '≻': '\\succ', '∈': '\\in',
  '∉': '\\notin', '∋': '\\ni', '⊂': '\\subset', '⊃': '\\supset', '⊆': '\\subseteq', '⊇': '\\supseteq', '∪': '\\cup', '∩': '\\cap',
  '∖': '\\setminus', '→': '\\to', '←': '\\leftarrow', '↔': '\\leftrightarrow', '↦': '\\mapsto', '⇀': '\\rightharpoonup', '↼': '\\leftharpoonup', '⇁': '\\rightharpoondown', '↽': '\\leftharpoondown', '⇌': '\\rightleftharpoons', '⇒': '\\Rightarrow', '⇐': '\\Leftarrow',
  '⇔': '\\Leftrightarrow', '⟶': '\\longrightarrow', '⟹': '\\Longrightarrow', '⟸': '\\Longleftarrow', '⟺': '\\Longleftrightarrow', '⟵': '\\longleftarrow',
  '⟷': '\\longleftrightarrow', '⟼': '\\longmapsto', '↪': '\\hookrightarrow', '↑': '\\uparrow', '↓': '\\downarrow', '∀': '\\forall',
  '∃': '\\exists', '∄': '\\nexists', '∂': '\\partial', '∇': '\\nabla', '±': '\\pm', '∓': '\\mp', '∞': '\\infty', '∅': '\\emptyset',
  '∘': '\\circ', '○': '\\circ', '⊗': '\\otimes', '⊕': '\\oplus', '⊙': '\\odot', '∧': '\\wedge', '∨': '\\vee', '¬': '\\neg', '…': '\\ldots',
  '⋯': '\\cdots', '⋮': '\\vdots', '⋱': '\\ddots', '⟨': '\\langle', '⟩': '\\rangle', '〈': '\\langle', '〉': '\\rangle', '\u2329': '\\langle', '\u232a': '\\rangle', '‖': '\\|',
  '∥': '\\parallel', '∣': '\\mid', '⊥': '\\perp', '∠': '\\angle', '⌊': '\\lfloor', '⌋': '\\rfloor', '⌈': '\\lceil', '⌉': '\\rceil',
  '√': '\\surd', '∑': '\\sum', '∏': '\\prod', '∐': '\\coprod', '∫': '\\int', '∬': '\\iint', '∭': '\\iiint', '∮': '\\oint', '⋃': '\\bigcup',
  '⋂': '\\bigcap', '⨁': '\\bigoplus', '⨂': '\\bigotimes', '⋁': '\\bigvee', '⋀': '\\bigwedge', ℓ: '\\ell', ℏ: '\\hbar', '℘': '\\wp',
  ı: '\\imath', ȷ: '\\jmath', '†': '\\dagger', '‡': '\\ddagger', '°': '^{\\circ}', '⊤': '\\top', '⊢': '\\vdash', '♯': '\\sharp', '♭': '\\flat',
  '□': '\\square', '△': '\\triangle', '★': '\\star', '⋆': '\\star', '≔': ':=', '∶': ':', '∵': '\\because', '∴': '\\therefore', '⟂': '\\perp',
};

/** Big operators: their limits sit above and below them (or beside them, as scripts). */
export const BIG_OPERATORS = new Set(['\\sum', '\\prod', '\\coprod', '\\int', '\\iint', '\\iiint', '\\oint', '\\bigcup', '\\bigcap', '\\bigoplus', '\\bigotimes', '\\bigvee', '\\bigwedge']);

/** Accents set as their own glyph over a letter: the character and the command. */
export const ACCENTS: Record<string, string> = {
  'ˆ': '\\hat', '^': '\\hat', '̂': '\\hat', '˜': '\\tilde', '~': '\\tilde', '̃': '\\tilde', '¯': '\\bar', 'ˉ': '\\bar', '̄': '\\bar', '˙': '\\dot',
  '̇': '\\dot', '¨': '\\ddot', '̈': '\\ddot', '→': '\\vec', '⃗': '\\vec', 'ˇ': '\\check', '˘': '\\breve', '´': '\\acute', '`': '\\grave',
};

/** Upright letter runs that are operator names. */
export const FUNCTION_NAMES = new Set([
  'sin', 'cos', 'tan', 'cot', 'sec', 'csc', 'arcsin', 'arccos', 'arctan', 'sinh', 'cosh', 'tanh', 'coth', 'log', 'ln', 'lg', 'exp', 'lim', 'liminf',
  'limsup', 'sup', 'inf', 'max', 'min', 'arg', 'det', 'dim', 'ker', 'deg', 'gcd', 'hom', 'Pr', 'mod', 'tr', 'Tr', 'rank', 'sgn', 'diag', 'Re', 'Im',
  'argmax', 'argmin', 'var', 'Var', 'cov', 'Cov', 'supp',
]);
/** Names KaTeX knows as commands; the rest are written \operatorname{…} (\Re and \Im are ℜ and ℑ, not Re and Im). */
const KNOWN_FUNCTIONS = new Set(['sin', 'cos', 'tan', 'cot', 'sec', 'csc', 'arcsin', 'arccos', 'arctan', 'sinh', 'cosh', 'tanh', 'coth', 'log', 'ln', 'lg', 'exp', 'lim', 'liminf', 'limsup', 'sup', 'inf', 'max', 'min', 'arg', 'det', 'dim', 'ker', 'deg', 'gcd', 'hom', 'Pr', 'mod']);

export function functionName(name: string): string {
  if (name === 'mod') return '\\bmod';
  return KNOWN_FUNCTIONS.has(name) ? `\\${name}` : `\\operatorname{${name}}`;
}

/** The LaTeX of one glyph's character in a formula, or undefined for one Pagemark cannot write. */
/** Symbol font's private-use pieces of tall delimiters, as their Unicode pieces. */
const SYMBOL_PIECES: Record<string, string> = {
  '\uf8eb': '⎛', '\uf8ec': '⎜', '\uf8ed': '⎝', '\uf8ee': '⎡', '\uf8ef': '⎢', '\uf8f0': '⎣', '\uf8f1': '⎧', '\uf8f2': '⎨', '\uf8f3': '⎩',
  '\uf8f4': '⎪', '\uf8f6': '⎞', '\uf8f7': '⎟', '\uf8f8': '⎠', '\uf8f9': '⎤', '\uf8fa': '⎥', '\uf8fb': '⎦', '\uf8fc': '⎫', '\uf8fd': '⎬', '\uf8fe': '⎭',
};

/** The characters a brace tip is read as (Latin Modern's map names them so; tex-font-encodings.ts reads cmex's). */
export const isBraceTip = (ch: string | undefined) => ch !== undefined && /^[︷︸⏞⏟]$/.test(ch);

/** Is this glyph a piece of a tall delimiter (its pieces stack into one)? */
export const isDelimiterPiece = (ch: string) => '⎛⎜⎝⎞⎟⎠⎡⎢⎣⎤⎥⎦⎧⎨⎩⎪⎫⎬⎭'.includes(SYMBOL_PIECES[ch] ?? ch) && ch !== '';

export function glyphLatex(ch: string, cls: FontClass): string | undefined {
  const letter = mathLetter(ch);
  if (letter !== undefined) return letter;
  if (/^[A-Za-z]$/.test(ch)) {
    if (cls === 'bb') return `\\mathbb{${ch.toUpperCase()}}`;
    if (cls === 'frak') return `\\mathfrak{${ch}}`;
    if (cls === 'cal' || (cls === 'symbol' && /[A-Z]/.test(ch))) return `\\mathcal{${ch.toUpperCase()}}`;
    if (cls === 'bold') return `\\mathbf{${ch}}`;
    return ch;
  }
  if (/^[0-9]$/.test(ch)) return cls === 'bold' ? `\\mathbf{${ch}}` : ch;
  if (GREEK[ch]) return GREEK[ch];
  if (SYMBOLS[ch]) return SYMBOLS[ch];
  // Extensible pieces of tall delimiters are drawn by their end glyph's command (Symbol's private
  // characters U+F8EB… are the same pieces).
  const piece = SYMBOL_PIECES[ch];
  if (piece) ch = piece;
  if ('⎛⎜⎝'.includes(ch)) return '(';
  if ('⎞⎟⎠'.includes(ch)) return ')';
  if ('⎡⎢⎣'.includes(ch)) return '[';
  if ('⎤⎥⎦'.includes(ch)) return ']';
  if ('⎧⎨⎩⎪'.includes(ch)) return '\\{';
  if ('⎫⎬⎭'.includes(ch)) return '\\}';
  return undefined;
}
