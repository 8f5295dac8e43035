import { describe, expect, it } from 'vitest';
import type { BBox } from '../../protocol/page';
import type { Block } from '../layout/types';
import { glyphFormulaBlocks } from './formula-blocks';
import type { GlyphFormula, MathLine } from './page-math';

const sum: GlyphFormula = { id: 0, latex: '\\sum_{k=1}^{n}k^{2}', bbox: [100, 100, 300, 160], tag: '2' };
const layer: MathLine[] = [
  { bbox: [150, 100, 170, 110], text: 'n', formula: sum },
  { bbox: [100, 115, 300, 135], text: '∑ k 2', formula: sum },
  { bbox: [150, 140, 180, 150], text: 'k=1', formula: sum },
  { bbox: [500, 115, 530, 135], text: '(2)', formula: sum },
  { bbox: [100, 200, 500, 220], text: 'Some prose after it.' },
];
const boxes: BBox[] = [[148, 98, 172, 112], [98, 113, 302, 137], [148, 138, 182, 152], [498, 113, 532, 137], [98, 198, 502, 222]];
const block = (type: Block['type'], lines: number[]): Block => ({ type, lines, bbox: [Math.min(...lines.map((i) => boxes[i]![0])), Math.min(...lines.map((i) => boxes[i]![1])), Math.max(...lines.map((i) => boxes[i]![2])), Math.max(...lines.map((i) => boxes[i]![3]))] });

describe('glyphFormulaBlocks', () => {
  it('gives a formula block made of glyph-formula lines their LaTeX, its number on its last line, and keeps it from the recognizer', () => {
    const blocks = [block('formula', [0, 1, 2, 3]), block('paragraph', [4])];
    const texts = ['n', '∑ k 2', 'k=1', '(2)', 'Some prose after it.'];
    const done = glyphFormulaBlocks(blocks, boxes, texts, layer);
    expect([...done]).toEqual([blocks[0]]);
    expect(texts).toEqual(['\\sum_{k=1}^{n}k^{2}', '', '', '(2)', 'Some prose after it.']);
  });
  it('keeps the one number beside an equation set on three lines, each line its own glyph formula', () => {
    // |R + U|² on the first line, "= …" and "+ …" under it, and "(1)" at the right of the middle line.
    const rows: GlyphFormula[] = [
      { id: 0, latex: 'I=R+U', bbox: [100, 100, 300, 115] },
      { id: 1, latex: '=R^{2}+U^{2}', bbox: [100, 120, 300, 135], tag: '1' },
      { id: 2, latex: '+RU^{*}+R^{*}U', bbox: [100, 140, 300, 155] },
    ];
    const stacked: MathLine[] = [...rows.map((f) => ({ bbox: f.bbox, text: f.latex, formula: f })), { bbox: [500, 120, 520, 135], text: '(1)', formula: rows[1]! }];
    const lineBoxes: BBox[] = stacked.map((l) => l.bbox);
    const blocks: Block[] = [{ type: 'formula', lines: [0, 1, 3, 2], bbox: [100, 100, 520, 155] }];
    const texts = stacked.map((l) => l.text ?? '');
    glyphFormulaBlocks(blocks, lineBoxes, texts, stacked);
    expect(texts.filter(Boolean)).toEqual(['\\begin{gathered}I=R+U \\\\ =R^{2}+U^{2} \\\\ +RU^{*}+R^{*}U\\end{gathered}', '(1)']);
    expect(texts[2]).toBe('(1)');
  });
  it('writes the number of a formula block of one line into its LaTeX (not_parsing.pdf: (1) and (5) were lost)', () => {
    const f: GlyphFormula = { id: 0, latex: 'a=b', bbox: [100, 100, 520, 115], tag: '5' };
    const blocks: Block[] = [{ type: 'formula', lines: [0], bbox: [100, 100, 520, 115] }];
    const texts = ['a = b (5)'];
    glyphFormulaBlocks(blocks, [[100, 100, 520, 115]], texts, [{ bbox: [100, 100, 520, 115], text: 'a = b (5)', formula: f }]);
    expect(texts).toEqual(['a=b \\tag{5}']);
  });
  it('makes a table of loose formula glyphs a formula block, and writes a formula split over two blocks once', () => {
    const blocks = [block('table', [0, 1]), block('paragraph', [2, 3])];
    const texts = ['n', '∑ k 2', 'k=1', '(2)'];
    glyphFormulaBlocks(blocks, boxes, texts, layer);
    expect(blocks.map((b) => b.type)).toEqual(['formula', 'formula']);
    // The number goes with the block that writes the formula.
    expect(texts).toEqual(['\\sum_{k=1}^{n}k^{2}', '(2)', '', '']);
  });
  it('cuts a formula block that also holds prose into a paragraph and the formula, in its place', () => {
    // bws_book_ch2.pdf p10: "to write" (the end of the paragraph before it) taken into the display formula's block
    const blocks = [block('paragraph', []), block('formula', [4, 0, 1, 2])];
    blocks[0] = { type: 'heading', lines: [], bbox: [0, 0, 10, 10] };
    const texts = ['n', '∑ k 2', 'k=1', '(2)', 'to write'];
    const done = glyphFormulaBlocks(blocks, boxes, texts, layer);
    expect(blocks.map((b) => [b.type, b.lines])).toEqual([['heading', []], ['paragraph', [4]], ['formula', [0, 1, 2]]]);
    expect(blocks[2]!.bbox).toEqual([98, 98, 302, 152]);
    expect(done).toEqual(new Set(blocks.slice(1)));
    // The formula's number goes on the formula part's last line, as for any formula block.
    expect(texts).toEqual(['\\sum_{k=1}^{n}k^{2}', '', '(2)', '(2)', 'to write']);
  });
  it("blanks a written formula's line that the layout put in a paragraph (a denominator on the row of the next word)", () => {
    // bws_book_ch2.pdf p24: the fractions' "2 2 2 2" under a display formula, on the row of the next paragraph's "and"
    const blocks = [block('formula', [0, 1, 3]), block('paragraph', [2, 4])];
    const texts = ['n', '∑ k 2', 'k=1', '(2)', 'and'];
    glyphFormulaBlocks(blocks, boxes, texts, layer);
    expect(blocks.map((b) => b.type)).toEqual(['formula', 'paragraph']);
    expect(texts).toEqual(['\\sum_{k=1}^{n}k^{2}', '', '', '(2)', 'and']);
  });
  it('leaves a block of two formulas side by side to the recognizer (a √ drawn as a path between them)', () => {
    // generated math-a.pdf: f(x) = √(x²+1) printed by a browser, whose radical is a path, not a glyph
    const left: GlyphFormula = { id: 1, latex: 'f(x)=', bbox: [100, 300, 160, 320] };
    const right: GlyphFormula = { id: 2, latex: 'x^{2}+1', bbox: [180, 298, 240, 320] };
    const side: MathLine[] = [
      { bbox: [100, 300, 160, 320], text: 'f(x) =', formula: left },
      { bbox: [180, 298, 240, 320], text: 'x 2 + 1', formula: right },
    ];
    const blocks: Block[] = [{ type: 'formula', lines: [0, 1], bbox: [98, 296, 242, 322] }];
    const texts = ['f(x) =', 'x 2 + 1'];
    expect(glyphFormulaBlocks(blocks, side.map((l) => l.bbox), texts, side).size).toBe(0);
    expect(texts).toEqual(['f(x) =', 'x 2 + 1']);
  });
  it('leaves blocks without glyph formulas to the recognizer', () => {
    const blocks = [block('formula', [4])];
    const texts = ['', '', '', '', 'x + y'];
    expect(glyphFormulaBlocks(blocks, boxes, texts, layer).size).toBe(0);
    expect(texts[4]).toBe('x + y');
  });

  describe('a paragraph the layout ran through a display formula', () => {
    // "… this reads" / "Attention(Q, K, V) = softmax(QKᵀ/√d)V (1)" set in from the left / "which holds for all …"
    const run = (formula: GlyphFormula, x0: number) => {
      const lines: MathLine[] = [
        { bbox: [100, 100, 500, 115], text: 'In the notation of Section 2 this reads' },
        { bbox: [x0, 125, 420, 140], text: 'Attention(Q, K, V ) = softmax', formula },
        { bbox: [100, 150, 500, 165], text: 'which holds for all admissible inputs.' },
      ];
      const lineBoxes = lines.map((l) => l.bbox);
      const blocks: Block[] = [{ type: 'paragraph', lines: [0, 1, 2], bbox: [100, 100, 500, 165] }];
      const texts = lines.map((l) => l.text ?? '');
      glyphFormulaBlocks(blocks, lineBoxes, texts, lines);
      return { types: blocks.map((b) => b.type), texts };
    };
    const latex = '\\mathrm{Attention}(Q,K,V)=\\mathrm{softmax}\\left(\\frac{QK^{\\top}}{\\sqrt{d}}\\right)V';
    const attention: GlyphFormula = { id: 0, latex, bbox: [180, 125, 420, 140], tag: '1' };

    it('is cut in three, the formula a block of its own', () => {
      const { types, texts } = run(attention, 180);
      expect(types).toEqual(['paragraph', 'formula', 'paragraph']);
      expect(texts[1]).toBe(`${latex} \\tag{1}`);
    });

    it('is left whole where the formula starts at its left edge (an algorithm’s run-on line), states nothing (a bullet) or has no build of a formula (a table’s column of limits)', () => {
      expect(run({ ...attention, bbox: [104, 125, 420, 140] }, 104).types).toEqual(['paragraph']);
      expect(run({ ...attention, latex: '\\bullet' }, 180).types).toEqual(['paragraph']);
      // lots_of_sci_tables: "Threshold Limit" over "> 0.1% w/w", a column the layout did not take for a table
      expect(run({ ...attention, latex: '\\begin{gathered}\\mathrm{Threshold}\\mathrm{Limit} \\\\ >0.1\\%w/w\\end{gathered}' }, 180).types).toEqual(['paragraph']);
    });
  });
  it('writes numbered formulas where their glyphs are, not in a column of their numbers the layout made a block of', () => {
    // Two numbered displays with a short line between (an eqnarray, then a gather): their numbers stand one under
    // another at the right margin, one block; the formulas were written there, both as one, after the text.
    const f1: GlyphFormula = { id: 0, latex: 'a_{1}=b', bbox: [200, 120, 520, 135], tag: '1' };
    const f2: GlyphFormula = { id: 1, latex: 'c_{2}=d', bbox: [200, 160, 520, 175], tag: '2' };
    const lines: MathLine[] = [
      { bbox: [100, 100, 300, 115], text: 'The first system is' },
      { bbox: [200, 120, 300, 135], text: 'a1 = b', formula: f1 },
      { bbox: [500, 120, 520, 135], text: '(1)', formula: f1 },
      { bbox: [100, 140, 400, 155], text: 'which we solve' },
      { bbox: [200, 160, 300, 175], text: 'c2 = d', formula: f2 },
      { bbox: [500, 160, 520, 175], text: '(2)', formula: f2 },
    ];
    const at = lines.map((l) => l.bbox);
    const blocks: Block[] = [
      { type: 'paragraph', lines: [0, 1], bbox: [100, 100, 300, 135] },
      { type: 'paragraph', lines: [3, 4], bbox: [100, 140, 400, 175] },
      { type: 'paragraph', lines: [2, 5], bbox: [500, 120, 520, 175] },
    ];
    const texts = lines.map((l) => l.text ?? '');
    glyphFormulaBlocks(blocks, at, texts, lines);
    expect(texts).toEqual(['The first system is', 'a_{1}=b \\tag{1}', '', 'which we solve', 'c_{2}=d \\tag{2}', '']);
    expect(blocks.map((b) => b.type)).toEqual(['paragraph', 'formula', 'paragraph', 'formula', 'paragraph']);
  });
  it('cuts a formula of rows out of the paragraph it runs through, unless the rows have words beside them', () => {
    // A multline's first row starts at the paragraph's margin; a grammar's rows ("τ ::= A | α", "basic type") do too.
    const rows: GlyphFormula = { id: 0, latex: '\\begin{gathered}p=a_{0}+a_{1}x \\\\ +a_{2}x^{2}\\end{gathered}', bbox: [100, 120, 400, 155] };
    const lines = (words: boolean): MathLine[] => [
      { bbox: [100, 100, 400, 115], text: 'A long expression is split over lines:' },
      { bbox: [100, 120, 300, 135], text: 'p = a0 + a1x', formula: rows },
      { bbox: [200, 140, 400, 155], text: '+ a2x2', formula: rows },
      ...(words ? [{ bbox: [330, 120, 400, 135] as BBox, text: 'basic type' }] : []),
    ];
    for (const words of [false, true]) {
      const layerLines = lines(words);
      const blocks: Block[] = [{ type: 'paragraph', lines: layerLines.map((_, i) => i), bbox: [100, 100, 400, 155] }];
      const texts = layerLines.map((l) => l.text ?? '');
      glyphFormulaBlocks(blocks, layerLines.map((l) => l.bbox), texts, layerLines);
      expect(blocks.map((b) => b.type)).toEqual(words ? ['paragraph'] : ['paragraph', 'formula']);
    }
  });
  it('drops the text content’s copy of a written formula’s glyphs that the layout put in a paragraph, not words', () => {
    // not_parsing.pdf p5, eq. 6: a Word formula read from its glyphs, and pdf.js's line of the same glyphs
    // ("∆ θ ϕ ( , x y ) = 2k sin …") under it, which the layout took into the next paragraph.
    const f: GlyphFormula = { id: 0, latex: '\\Delta\\varphi(x,y)=2k\\sin\\frac{\\Delta\\theta}{2}x', bbox: [100, 100, 400, 140] };
    const lines: MathLine[] = [
      { bbox: [100, 100, 400, 114], text: 'Δφ(x,y) = 2k sin Δθ x', formula: f },
      { bbox: [200, 126, 220, 140], text: '2', formula: f },
      { bbox: [110, 116, 390, 124], text: '∆ θ ϕ ( , x y ) = 2k sin x 2' },
      { bbox: [250, 126, 350, 140], text: 'for every pixel' },
      // a few of its symbols, as a cases row the LaTeX left out ("if n = 0"): no copy
      { bbox: [360, 126, 395, 140], text: 'x sin 2' },
      { bbox: [100, 150, 400, 165], text: 'where k is the wave number.' },
    ];
    const blocks: Block[] = [
      { type: 'formula', lines: [0, 1], bbox: [100, 100, 400, 140] },
      { type: 'paragraph', lines: [2, 3, 4, 5], bbox: [100, 116, 400, 165] },
    ];
    const texts = lines.map((l) => l.text ?? '');
    glyphFormulaBlocks(blocks, lines.map((l) => l.bbox), texts, lines);
    expect(texts.slice(2)).toEqual(['', 'for every pixel', 'x sin 2', 'where k is the wave number.']);
  });
});
