// A PDF page's text as glyphs with their font and geometry, in page-image pixels (y down), for rebuilding
// formulas from how they are typeset (formula-latex.ts). pdf.js gives runs of glyphs (one font, size and
// baseline per run); each run is cut into glyphs, their advance shared out by a rough width per character.
//
//   fontClass("ABCDEF+CMMI10") → 'italic'        what a math font says about the glyphs it sets
//   runGlyphs(runs, viewport)   → Glyph[]         one per character, spaces kept (they separate words)

import { baseFontName } from '../text-layer/font-name';

/** One pdf.js text run with the real name of its font (the font object's `name`, subset prefix and all). */
export interface GlyphRun {
  str: string;
  font: string;
  /** pdf.js's text transform [a, b, c, d, e, f] in PDF points. */
  transform: number[];
  width: number;
}

/**
 * What a font says about its glyphs in a formula. 'text': a text font (its letters may be prose);
 * 'italic': math italic letters; 'symbol': math symbols (CMSY: its capitals are calligraphic);
 * 'extension': big operators and delimiters (CMEX); 'bb', 'cal', 'frak': alphabets; 'math': a Unicode
 * math font (STIX/Cambria/Latin Modern Math: the character says what it is); 'roman', 'bold': upright
 * math text fonts (CMR, CMBX) whose letters in a formula are function names or \mathrm.
 */
export type FontClass = 'text' | 'italic' | 'symbol' | 'extension' | 'bb' | 'cal' | 'frak' | 'math' | 'roman' | 'bold';

const FONT_CLASSES: [RegExp, FontClass][] = [
  // Computer Modern under a typesetter's own names (text-layer/tex-font-encodings.ts reads their glyphs).
  [/^texcmmathsitalic|^pichars\d/, 'italic'],
  [/^texcmmathssymbols/, 'symbol'],
  [/^texcmroman/, 'roman'],
  // txfonts', pxfonts' and newtx's blackboard letters are their symbol font B (txsyb, pxsyb).
  [/^(msbm|bbold|dsrom|bbm|stixds|txsyb|pxsyb|.*doublestruck|.*blackboard)/, 'bb'],
  [/^(eusm|eusb|rsfs|mathc|.*script|.*calligraph)/, 'cal'],
  [/^(eufm|eufb|.*fraktur)/, 'frak'],
  // newtx (ntx…/NewTX…), newpx (NewPX…): Times- and Palatino-like math for TeX. (MathTime's MTSY is left a text
  // font: journals set their text's ± and footnote ∗ in it.)
  [/^(cmex|lmex|.*extension|stixsize|stixvariants|txex|pxex|ntxex|newtxex|newpxex|.*mtextra|euex|esint)/, 'extension'],
  [/^(cmsy|cmbsy|lmsy|msam|txsy|pxsy|rtxsy|ntxsy|newtxsy|newpxsy|stixgeneral|symbol|standardsym|.*symbolmt|.*mathsymbol|fdsymbol|mnsymbol|lasy|wasy|stmary)/, 'symbol'],
  [/^(cmmi|cmbmi|lmmi|txmi|pxmi|rtxmi|ntxmi|ntxbmi|newtxmi|newtxbmi|newpxmi|newpxbmi|eurm|eurb|.*mathitalic|.*mathematicalpi|.*mathpi)/, 'italic'],
  [/(math|cambria.?math|xits|asana|lmroman.*math|texgyre.*math|mathjax)/, 'math'],
  [/^(cmr\d|cmr$|lmr\d|cmss|cmtt|cmu)/, 'roman'],
  [/^(cmbx|lmbx|cmb\d|lmroman\d+bold)/, 'bold'],
];

export function fontClass(name: string): FontClass {
  const n = baseFontName(name).toLowerCase().replace(/[^a-z0-9]/g, '');
  for (const [re, c] of FONT_CLASSES) if (re.test(n)) return c;
  return 'text';
}

/** Is this an italic text font (a lone letter in it is a variable, not a word)? */
export const isItalicFont = (name: string) => /italic|oblique|cmti|cmmi|-it\b/i.test(baseFontName(name)) || /\.(B?I)$/.test(name);

/**
 * URW's Nimbus faces, which LaTeX's Times sets in, say "ReguItal", "MediItal", "BoldObli" (Palladio "L-Ital"); Adobe's say "BoldIt".
 * Read as italic where a formula's letters are told from its upright names (Times math sets "QK" in the text's
 * italic); prose keeps reading their words as words (an algorithm's "iff" and "s.t." between formulas).
 */
export const isItalicFace = (name: string) => isItalicFont(name) || /[a-z-](Ital|Obli|It)$/.test(name);

export interface Glyph {
  ch: string;
  font: string;
  cls: FontClass;
  /** Font size in pixels. */
  size: number;
  x0: number;
  x1: number;
  /** Baseline, pixels from the top of the page. */
  base: number;
  /** Index of the run it came from. */
  run: number;
  /** How far a TeX extension glyph hangs below its baseline, in sizes (cmex's metrics: a \bigg parenthesis 2.4). */
  depth?: number;
  /** How far an extension glyph stands above its baseline, in sizes, where it does (txexs's parenthesis pieces). */
  height?: number;
}

/** Rough advance widths in ems, so a run's width can be shared out among its characters. */
function advance(ch: string): number {
  if (/\s/.test(ch)) return 0.3;
  if (/[.,:;'!|`]/.test(ch)) return 0.28;
  if (/[()[\]{}ijlftI1r]/.test(ch)) return 0.35;
  if (/[=+−<>×÷±∓≤≥≠≈≡∼∈∉⊂⊆∪∩→←⇒⇔∞∑∏∫√∂∇mwMW]/.test(ch)) return 0.8;
  return 0.55;
}

/**
 * Each run cut into glyphs, in page-image pixels (`vt`: the viewport transform). Only level runs are cut
 * (turned text is not math to rebuild); a run's advance is shared by rough character widths.
 */
export function runGlyphs(runs: readonly GlyphRun[], vt: readonly number[]): Glyph[] {
  const scale = Math.hypot(vt[0]!, vt[1]!);
  const out: Glyph[] = [];
  runs.forEach((r, run) => {
    const [a, b, c, d, e, f] = r.transform as [number, number, number, number, number, number];
    if (Math.abs(b) > 1e-3 * Math.abs(a) || a <= 0 || !r.str) return;
    const size = Math.hypot(c, d) * scale || Math.abs(a) * scale;
    const x = vt[0]! * e + vt[2]! * f + vt[4]!;
    const base = vt[1]! * e + vt[3]! * f + vt[5]!;
    const chars = [...r.str];
    const units = chars.map(advance);
    const total = units.reduce((s, u) => s + u, 0);
    const w = r.width * scale;
    let at = x;
    chars.forEach((ch, i) => {
      const cw = total ? (w * units[i]!) / total : 0;
      out.push({ ch, font: r.font, cls: fontClass(r.font), size, x0: at, x1: at + cw, base, run });
      at += cw;
    });
  });
  return out;
}
