import { describe, expect, it } from 'vitest';
import type { BBox, PageImage } from '../../protocol/page';
import { checkLines, isLevel, layerError, layerText, lostLetters, visibleLines } from './pdf-text';

function pageWithInk(width: number, height: number, inked: BBox[]): PageImage {
  const pixels = new Uint8ClampedArray(width * height * 4).fill(255);
  for (const [x0, y0, x1, y1] of inked) {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x += 3) pixels.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
  }
  return { width, height, pixels, dpi: 0 };
}

describe('visibleLines', () => {
  it('keeps lines that put ink on the page, clamped to it, and drops blank or empty ones', () => {
    const page = pageWithInk(200, 100, [[10, 10, 90, 20]]);
    const kept = visibleLines(
      [
        { bbox: [8, 8, 92, 22], text: ' drawn ' },
        { bbox: [10, 50, 90, 60], text: 'white on white' },
        { bbox: [5, 9, 95, 21], text: '   ' },
        { bbox: [-20, 10, 60, 20], text: 'half off the page' },
      ],
      page,
    );
    expect(kept).toEqual([
      { bbox: [8, 8, 92, 22], text: 'drawn' },
      { bbox: [0, 10, 60, 20], text: 'half off the page' },
    ]);
  });
});

describe('layerText', () => {
  const line = (b: BBox, text: string) => ({ bbox: b, text });
  it('fills each box with the layer lines it holds, in reading order, and leaves the rest to recognize', () => {
    const boxes: BBox[] = [
      [0, 0, 100, 20], // one whole line
      [0, 30, 100, 70], // a formula: pieces on three heights
      [0, 110, 100, 130], // text in an image: nothing in the layer
    ];
    const lines = [
      line([2, 2, 98, 18], 'first line'),
      line([40, 52, 95, 68], 'denominator'),
      line([5, 42, 35, 58], 'f ='),
      line([40, 32, 95, 48], 'numerator'),
      line([300, 300, 400, 320], 'missed by the detector'),
    ];
    const { texts, extra } = layerText(boxes, boxes, lines, 1.5);
    expect(texts).toEqual(['first line', 'numerator f = denominator', undefined]);
    // Grown as the detector grows its boxes: offset = area × 1.5 / perimeter = 2000 × 1.5 / 240.
    expect(extra).toEqual([{ bbox: [287.5, 287.5, 412.5, 332.5], text: 'missed by the detector' }]);
  });

  it('shares a line the detector split out word by word, each word to the box that holds its middle', () => {
    // 22 characters over x 5…195: "alpha beta" ends at x ≈ 91, "gamma" starts at x = 100.
    const split = [line([5, 2, 195, 18], 'alpha beta gamma delta')];
    expect(layerText([[0, 0, 100, 20], [110, 0, 200, 20]], [[0, 0, 100, 20], [110, 0, 200, 20]], split).texts).toEqual(['alpha beta', 'gamma delta']);
    // Words in the gap between the boxes ("beta" about x 74, "gamma" about x 122) go to the nearer one;
    // nothing is left over as a line of its own.
    const gap = layerText([[0, 0, 60, 20], [130, 0, 200, 20]], [[0, 0, 60, 20], [130, 0, 200, 20]], split);
    expect(gap).toMatchObject({ texts: ['alpha beta', 'gamma delta'], extra: [] });
    // A box whose other half the layer does not explain (its words start mid-box) is still recognized.
    const part = layerText([[0, 0, 100, 20], [100, 0, 170, 20]], [[0, 0, 100, 20], [100, 0, 170, 20]], [line([60, 2, 160, 18], 'half of it there')]);
    expect(part.texts).toEqual([undefined, 'it there']);
  });

  it('gives the boxes a split line fills the size and face of the line', () => {
    // A contents line, its leader dots in one box and its page number in another.
    const toc = [{ bbox: [5, 2, 195, 18] as BBox, text: 'Preview of Programming....... 276', size: 16, bold: true }];
    const boxes: BBox[] = [[0, 0, 150, 20], [170, 0, 200, 20]];
    const { texts, styles } = layerText(boxes, boxes, toc);
    expect(texts).toEqual(['Preview of Programming.......', '276']);
    expect(styles).toEqual([{ size: 16, bold: true }, { size: 16, bold: true }]);
  });

  it('leaves a line one box holds whole, though it touches another', () => {
    const touching = layerText([[0, 0, 100, 20], [95, 0, 140, 20]], [[0, 0, 100, 20], [95, 0, 140, 20]], [line([2, 2, 98, 18], 'one whole line')]);
    expect(touching.texts).toEqual(['one whole line', undefined]);
  });

  it('recognizes a box the lines it holds cover less than half of', () => {
    expect(layerText([[0, 0, 100, 20]], [[0, 0, 100, 20]], [line([0, 2, 30, 18], 'short')]).texts).toEqual([undefined]);
  });
});

describe('isLevel', () => {
  const at = (direction?: number) => ({ bbox: [0, 0, 100, 10] as BBox, text: 'words', direction });
  it('holds when nine lines in ten or more run level', () => {
    expect(isLevel([...Array(9)].map(() => at(0)).concat(at(Math.PI / 2)))).toBe(true);
    expect(isLevel([...Array(8)].map(() => at(0.0005)).concat(at(0.01), at(Math.PI / 2)))).toBe(false);
    // Lines whose direction is not known (not from a PDF's text) say nothing.
    expect(isLevel([at(undefined), at(0)])).toBe(false);
    expect(isLevel([])).toBe(false);
  });
});

describe('checkLines', () => {
  const line = (y: number, text: string) => ({ bbox: [0, y, 100, y + 10] as BBox, text });
  it('picks wordy lines of moderate length spread down the page', () => {
    const lines = [line(50, 'A middle line of words'), line(0, 'Top line of words'), line(10, '12 345 678 901'), line(90, 'short'), line(70, 'Lower line of words'), line(30, 'Upper middle words')];
    expect(checkLines(lines, 3)).toEqual([1, 0, 4]);
    expect(checkLines(lines, 10)).toEqual([1, 5, 0, 4]);
  });
  it('leaves out pieces of formulas, which the recognizer reads as text (not_parsing.pdf p5)', () => {
    const lines = [line(0, 'Top line of words'), line(10, 'xcos$($θ'), line(20, '∆ θ si n θ'), line(30, 'Lower line of words')];
    expect(checkLines(lines, 3)).toEqual([0, 3]);
  });
});

describe('lostLetters', () => {
  // large_prompt_hint3.pdf p2 as its text writes it: its font maps "c" to nothing.
  const lossy = [
    'The student de ides what she is going to say, presses the re ognise button, and speaks. The system performs',
    'spee h re ognition using a Nu an e re ognition pa kage ompiled from a grammar-based language model, translates',
    'the result into the interlingua, mat hes it against the underlying interlingua representation of the prompt, gives',
    'the student feedba k on the mat h, and adjusts the level of diffi ulty up or down. If the mat h was su essful',
  ];
  const read = ['The student decides what she is going to say, presses the', 'speech recognition using a Nuance recognition package'];
  const body = (ts: string[], size = 10) => ts.map((text) => ({ text, size }));
  it('finds a common letter the lines read from the pixels hold and the body text never does', () => {
    expect(lostLetters(read, body(lossy))).toEqual(['c']);
    // The conference head above it, set larger in another font, has the letter (p1).
    expect(lostLetters(read, [...body(lossy), ...body(['Second Language Studies - Acquisition, Learning, Education'], 12)])).toEqual(['c']);
  });
  it('finds none where the body text holds the letter, is too short to tell, or the pixels show it once', () => {
    expect(lostLetters(read, body([...lossy, 'a coffee please']))).toEqual([]);
    expect(lostLetters(read, body(lossy.slice(0, 1)))).toEqual([]);
    expect(lostLetters(['a cat'], body(lossy))).toEqual([]);
    // Text in another script: the recognizer's Latin reading of it says nothing of the text's letters.
    expect(lostLetters(['ccc eee'], body(['Съешь же ещё этих мягких французских булок, да выпей чаю. '.repeat(8)]))).toEqual([]);
    expect(lostLetters(['ccc eee'], body(lossy.map((t) => t.toUpperCase())))).toEqual([]);
  });
});

describe('layerError', () => {
  it('counts character edits per layer character, spaces and Unicode forms aside', () => {
    expect(layerError(['ﬁne words'], ['finewords'])).toBe(0);
    expect(layerError(['abcd', 'efgh'], ['abXd', ''])).toBe(5 / 8);
  });
});
