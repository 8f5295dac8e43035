// Inline math of prose lines set in Times- and Palatino-like math (mathptmx, mathpazo): their letters are the text
// face's italic, their accents and \mathbf the text face's own glyphs; only a few glyphs are in a math font.
import { describe, expect, it } from 'vitest';
import { fontClass, type Glyph } from './glyphs';
import { inlineText } from './prose-math';

const ROMAN = 'NXTLCQ+NimbusRomNo9L-Regu';
const ITALIC = 'TQRGIT+NimbusRomNo9L-ReguItal';
const BOLD = 'BQXXMG+NimbusRomNo9L-Medi';
const BODY = 20;
const BASE = 100;

/** Glyphs set left to right from x: each piece [text, font, options]; a space is a word space. */
function line(...pieces: [string, string, { size?: number; rise?: number; over?: boolean; gap?: number }?][]): Glyph[] {
  const out: Glyph[] = [];
  let x = 0;
  for (const [run, [text, font, o = {}]] of pieces.entries()) {
    const size = o.size ?? BODY;
    x += o.gap ?? 0;
    // An accent is drawn over the glyph after it: it starts where that glyph does and takes no room of its own.
    for (const ch of text) {
      const w = ch === ' ' ? 0.25 * size : 0.5 * size;
      out.push({ ch, font, cls: fontClass(font), size, x0: x, x1: x + (o.over ? 0.3 * size : w), base: BASE - (o.rise ?? 0), run });
      if (!o.over) x += w;
    }
  }
  return out;
}

describe('inlineText in a Times paragraph', () => {
  it("reads the text face's accent over a lone italic letter as the letter's accent", () => {
    const gs = line(['the value ', ROMAN], ['ˆ', ROMAN, { over: true, gap: 2 }], ['y', ITALIC, { gap: 2 }], [' is small', ROMAN]);
    expect(inlineText(gs, [], BODY, BASE)).toBe('the value $\\hat{y}$ is small');
  });

  it('takes a lone italic letter with its subscript and the math beside it into one formula', () => {
    // "p(x | y)": brackets in cmr, the bar in cmsy, the letters the text's italic.
    const gs = line(['of ', ROMAN], ['p', ITALIC], ['(', 'CMR10'], ['x', ITALIC], ['|', 'CMSY10', { gap: 4 }], ['y', ITALIC, { gap: 4 }], [')', 'CMR10'], [' here', ROMAN]);
    expect(inlineText(gs, [], BODY, BASE)).toBe('of $p(x|y)$ here');
    const scripted = line(['term ', ROMAN], ['˜', ROMAN, { over: true, gap: 2 }], ['x', ITALIC, { gap: 2 }], ['i', ITALIC, { size: 14, rise: -4 }], [' of', ROMAN]);
    expect(inlineText(scripted, [], BODY, BASE)).toBe('term $\\tilde{x}_{i}$ of');
  });

  it('joins a differential after the math ("dx"), not an italic word of two letters', () => {
    const integral = line(['value ', ROMAN], ['∫', 'CMSY10'], ['f', ITALIC, { gap: 3 }], ['(', 'CMR10'], ['x', ITALIC], [')', 'CMR10'], ['dx', ITALIC, { gap: 3 }], [' of', ROMAN]);
    expect(inlineText(integral, [], BODY, BASE)).toBe('value $\\int f(x)dx$ of');
    const word = line(['value ', ROMAN], ['∫', 'CMSY10'], ['f', ITALIC, { gap: 3 }], [' ', ROMAN], ['in', ITALIC], [' turn', ROMAN]);
    expect(inlineText(word, [], BODY, BASE)).toBe('value $\\int f$ in turn');
  });

  it("writes the text face's bold letters as \\mathbf in a plain line, and as the line's style in a bold one", () => {
    const plain = line(['value ', ROMAN], ['W', BOLD], ['⊤', 'CMSY10', { size: 14, rise: 8 }], ['x', BOLD, { gap: 2 }], [' of this', ROMAN]);
    expect(inlineText(plain, [], BODY, BASE)).toBe('value $\\mathbf{W}^{\\top}\\mathbf{x}$ of this');
    const heading = line(['Bounds ', BOLD], ['W', BOLD], ['⊤', 'CMSY10', { size: 14, rise: 8 }], [' for all', BOLD]);
    expect(inlineText(heading, [], BODY, BASE)).toBe('Bounds $W^{\\top}$ for all');
  });

  it("ends the math at a full stop and a space: a caption's bold \"(c)\" after it is no \\mathbf", () => {
    const gs = line(['edge ', ROMAN], ['R', BOLD], ['E', 'CMMI7', { size: 14, rise: -4 }], ['. ', ROMAN], ['(c)', BOLD], [' The pass', ROMAN]);
    expect(inlineText(gs, [], BODY, BASE)).toBe('edge $\\mathbf{R}_{E}$. (c) The pass');
    // pdf.js may give no space glyph there, only the gap
    const gap = line(['edge ', ROMAN], ['R', BOLD], ['E', 'CMMI7', { size: 14, rise: -4 }], ['.', ROMAN], ['(c)', BOLD, { gap: 6 }], [' The pass', ROMAN]);
    expect(inlineText(gap, [], BODY, BASE)).toBe('edge $\\mathbf{R}_{E}$. (c) The pass');
  });

  it('takes a function name a word space after the prose into the formula, not the word before it', () => {
    // "small log ⅟δ": the fraction's numerator stands in from its bar, which starts a thin space after "log".
    const gs = line(['is small ', ROMAN], ['log', ROMAN], ['1', ROMAN, { size: 14, rise: 6, gap: 6 }]);
    const numerator = gs.at(-1)!;
    gs.push({ ...numerator, ch: 'δ', font: 'StandardSymL-Slant_167', cls: fontClass('StandardSymL-Slant_167'), base: BASE + 8 });
    const bar = { x0: numerator.x0 - 2, x1: numerator.x1 + 2, y: BASE - 4 };
    expect(inlineText(gs, [bar], BODY, BASE)).toBe('is small $\\log\\frac{1}{\\delta}$');
  });
});

describe('inlineText: operators\' names in roman letters', () => {
  it('takes a name with its script into the formula, and leaves a name that is a word of prose before a variable alone', () => {
    // "\max_i x_i" all in Times' text faces: the name, its script set against it, the variable and its script.
    const max = line(['the value of ', ROMAN], ['max', ROMAN], ['i', ITALIC, { size: 14, rise: -4 }], ['x', ITALIC, { gap: 3 }], ['i', ITALIC, { size: 14, rise: -4 }], [' of', ROMAN]);
    expect(inlineText(max, [], BODY, BASE)).toBe('the value of $\\max_{i}x_{i}$ of');
    // "precision at rank $k$": a word space, no script; "rank" is prose.
    const rank = line(['the precision at rank ', ROMAN], ['k', 'CMMI10'], [' is', ROMAN]);
    expect(inlineText(rank, [], BODY, BASE)).toBe('the precision at rank $k$ is');
    // "\log n" in Times: a name that is no word, a thin space, a lone italic letter.
    const log = line(['the term ', ROMAN], ['log', ROMAN], ['n', ITALIC, { gap: 3 }], [' of', ROMAN]);
    expect(inlineText(log, [], BODY, BASE)).toBe('the term $\\log n$ of');
  });
});
