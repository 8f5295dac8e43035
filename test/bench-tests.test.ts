// The olmOCR-bench scorer (bench/eval/bench-tests.mjs): each test semantic on small hand-made cases,
// then three real bench pages whose hand-written ideal Markdown must pass every test, and targeted
// damage that must flip exactly the tests it breaks.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JS module without types
import { baselineTest, normalizeText, scorePage, scoreTest, summarize } from '../bench/eval/bench-tests.mjs';

/** One test's outcome, as the scorer gives it. */
type Result = { id: string; passed: boolean; explanation: string };

const present = (text: string, extra: object = {}) => ({ pdf: 'p.pdf', page: 1, id: 't', type: 'present', text, max_diffs: 0, ...extra });
const absent = (text: string, extra: object = {}) => ({ ...present(text, extra), type: 'absent' });
const passes = (test: object, md: string) => scoreTest(test, md).passed;

describe('normalizeText', () => {
  it('folds quotes, dashes, micro sign, markup, <br> and whitespace as the bench does', () => {
    expect(normalizeText('“Yes,” he said — it’s 5 µm')).toBe('"Yes," he said - it\'s 5 μm');
    expect(normalizeText('**bold** and *italic* and __b__ and _i_')).toBe('bold and italic and b and i');
    expect(normalizeText('a<br>b<br/>c\n\n\td')).toBe('a b c d');
    expect(normalizeText('<b>x</b><i>y</i>')).toBe('xy');
    expect(normalizeText('e\u0301')).toBe('é');
  });

  it('lets bold, curly quotes and dashes in the output still match plain test text', () => {
    expect(passes(present('the "best" - really'), 'It was **the “best” — really** so.')).toBe(true);
  });
});

describe('present / absent', () => {
  const text = 'The quick brown fox jumps';
  it('accepts exactly max_diffs edits and refuses one more', () => {
    expect(passes(present(text, { max_diffs: 2 }), 'Then The quxck brxwn fox jumps over')).toBe(true);
    expect(passes(present(text, { max_diffs: 2 }), 'Then The quxck brxwn fxx jumps over')).toBe(false);
    expect(passes(present(text), 'Then The quick brown fox jumps over')).toBe(true);
    expect(passes(present(text), 'Then The quick brown fox jumbs over')).toBe(false);
  });

  it('counts a dropped character as one edit too', () => {
    expect(passes(present(text, { max_diffs: 1 }), 'Then The quick brwn fox jumps over')).toBe(true);
    expect(passes(present(text, { max_diffs: 1 }), 'Then The quick brwn fx jumps over')).toBe(false);
  });

  it('compares windows as long as the query: a page that is the query minus one character fails', () => {
    // rapidfuzz partial_ratio slides the shorter string (here the page) over the query.
    expect(passes(present(text, { max_diffs: 1 }), 'The quick brwn fox jumps')).toBe(false);
  });

  it('reproduces the bench float rounding: for some lengths exactly max_diffs edits fail', () => {
    // rapidfuzz 3.14 gives partial_ratio 92.3076923076923 / 100 < 1 - 1/13 for one edit in 13 characters.
    expect(passes(present('TELEPHONE 478', { max_diffs: 1 }), 'TELEPHONE 418 Dear Sir')).toBe(false);
    expect(passes(present('TELEPHONE 4789', { max_diffs: 1 }), 'TELEPHONE 4189 Dear Sir')).toBe(true);
  });

  it('is case sensitive unless told otherwise', () => {
    expect(passes(present('Dear Sir'), 'dear sir, hello')).toBe(false);
    expect(passes(present('Dear Sir', { case_sensitive: false }), 'dear sir, hello')).toBe(true);
  });

  it('looks only at the first_n / last_n characters when asked', () => {
    const page = `Page 12\n\n${'Body text of the letter. '.repeat(10)}\n\nfooter 1912`;
    expect(passes(absent('Page 12', { first_n: 20 }), page)).toBe(false);
    expect(passes(absent('Page 12', { last_n: 20 }), page)).toBe(true);
    expect(passes(present('footer 1912', { last_n: 20 }), page)).toBe(true);
    expect(passes(present('footer 1912', { first_n: 20 }), page)).toBe(false);
  });

  it('fails an absent test within max_diffs and passes it beyond', () => {
    expect(passes(absent('TELEPHONE 4789', { max_diffs: 1 }), 'TELEPHONE 4189\nDear Sir')).toBe(false);
    expect(passes(absent('TELEPHONE 4789', { max_diffs: 1 }), 'TELEPHONE 0189\nDear Sir')).toBe(true);
  });

  it('does not let an empty output match (the bench length guard)', () => {
    expect(passes(present('a long phrase'), '\n')).toBe(false);
    expect(passes(absent('a long phrase'), '\n')).toBe(true);
  });

  it('explains a miss with what the output had nearest', () => {
    const r = scoreTest(present('after having watched you', { max_diffs: 1 }), 'At this time, after having wutchod you');
    expect(r.passed).toBe(false);
    expect(r.explanation).toContain('after having wutchod you');
  });
});

describe('order', () => {
  const order = (before: string, after: string, max_diffs = 0) => ({ pdf: 'p.pdf', page: 1, id: 'o', type: 'order', before, after, max_diffs });
  it('passes when before comes first and fails the other way round', () => {
    expect(passes(order('Dear Sir', 'Yours truly'), 'Dear Sir,\n\nThanks.\n\nYours truly')).toBe(true);
    expect(passes(order('Yours truly', 'Dear Sir'), 'Dear Sir,\n\nThanks.\n\nYours truly')).toBe(false);
  });

  it('passes if any occurrence of before precedes any occurrence of after', () => {
    expect(passes(order('alpha', 'beta'), 'beta alpha beta')).toBe(true);
    expect(passes(order('alpha', 'beta'), 'beta beta alpha')).toBe(false);
  });

  it('finds both texts with up to max_diffs edits, and fails when one is missing', () => {
    expect(passes(order('My Dear Mr. Roosevelt', 'at this time', 2), 'My Deer Mr Roosevelt\nAt this time')).toBe(true);
    expect(passes(order('My Dear Mr. Roosevelt', 'at this time', 1), 'My Deer Mr Roosevelt\nAt this time')).toBe(false);
    expect(passes(order('My Dear Mr. Roosevelt', 'at this time', 2), 'My Dear Mr. Roosevelt')).toBe(false);
  });
});

describe('table', () => {
  const table = (cell: string, extra: object = {}) => ({ pdf: 'p.pdf', page: 1, id: 'tb', type: 'table', cell, max_diffs: 0, ...extra });
  // Name spans two heading rows; Score spans columns A and B; Bob's 3 spans both.
  const html = `<table><thead><tr><th rowspan="2">Name</th><th colspan="2">Score</th></tr><tr><th>A</th><th>B</th></tr></thead>
<tbody><tr><td>Ann</td><td>1</td><td>2</td></tr><tr><td>Bob</td><td colspan="2">3</td></tr></tbody></table>`;

  it('walks neighbours through colspan and rowspan in HTML', () => {
    expect(passes(table('Score', { down: 'A' }), html)).toBe(true);
    expect(passes(table('Score', { down: 'B' }), html)).toBe(true);
    expect(passes(table('3', { up: '1' }), html)).toBe(true);
    expect(passes(table('3', { up: '2' }), html)).toBe(true);
    expect(passes(table('A', { left: 'Name' }), html)).toBe(true);
    expect(passes(table('Ann', { up: 'Name' }), html)).toBe(true);
    expect(passes(table('1', { right: '2', left: 'Ann', up: 'A', down: '3' }), html)).toBe(true);
    expect(passes(table('1', { right: '3' }), html)).toBe(false);
    expect(passes(table('Ann', { up: 'A' }), html)).toBe(false);
  });

  it('takes top headings from th / thead cells above, left headings from heading cells to the left', () => {
    expect(passes(table('2', { top_heading: 'Score' }), html)).toBe(true);
    expect(passes(table('2', { top_heading: 'B' }), html)).toBe(true);
    expect(passes(table('2', { top_heading: 'A' }), html)).toBe(false);
    // Ann is a td, so it is no heading for the cells to its right.
    expect(passes(table('2', { left_heading: 'Ann' }), html)).toBe(false);
  });

  const pipe = '| Year | Sales | Cost |\n|---|---|---|\n| 2001 | 10 | 4 |\n| 2002 | 12 | 5 |\n';
  it('reads pipe tables, with the first row and first column as headings', () => {
    expect(passes(table('12', { up: '10', down: '', left: '2002', right: '5' }), pipe)).toBe(true);
    expect(passes(table('12', { top_heading: 'Sales', left_heading: '2002' }), pipe)).toBe(true);
    expect(passes(table('12', { up: '4' }), pipe)).toBe(false);
    expect(passes(table('12', { top_heading: 'Cost' }), pipe)).toBe(false);
  });

  it('matches cells with max_diffs and fails when there is no table', () => {
    expect(passes(table('Salez', { max_diffs: 1, down: '10' }), pipe)).toBe(true);
    expect(passes(table('Salez', { down: '10' }), pipe)).toBe(false);
    expect(passes(table('12'), 'no tables here, 12 only')).toBe(false);
  });
});

describe('math', () => {
  const math = (tex: string) => ({ pdf: 'p.pdf', page: 1, id: 'm', type: 'math', math: tex, max_diffs: 0 });
  it('passes formulas that render alike', () => {
    expect(passes(math('\\frac{a}{b}'), 'so $${a \\over b}$$ holds')).toBe(true);
    expect(passes(math('a+b=c'), 'Thus \\(a \\, + \\; b = c\\).')).toBe(true);
    expect(passes(math('\\left( x+y \\right)^2'), '\\[(x+y)^2\\]')).toBe(true);
    expect(passes(math('x_i^2'), '$x^2_i$')).toBe(true);
    expect(passes(math('3x^2'), 'we get $$\\int_a^b 3x^2 dx$$')).toBe(true);
  });

  it('fails formulas that render differently', () => {
    expect(passes(math('x_i^2'), '$$x_2^i$$')).toBe(false);
    expect(passes(math('a+b=c'), '$$a-b=c$$')).toBe(false);
    expect(passes(math('\\frac{a}{b}'), '$$\\frac{b}{a}$$')).toBe(false);
    expect(passes(math('a+b'), 'a+b written without delimiters')).toBe(false);
  });

  it('skips output formulas KaTeX cannot render and goes on to the others', () => {
    expect(passes(math('a+b'), '$$\\frac{a+b$$')).toBe(false);
    expect(passes(math('a+b'), '$$\\frac{a+b$$ then $$a + b$$')).toBe(true);
  });
});

describe('baseline', () => {
  it('fails empty output and output without letters or digits', () => {
    expect(baselineTest('').passed).toBe(false);
    expect(baselineTest('  ... --- !!! ***\n').passed).toBe(false);
  });

  it('fails output ending in a short unit repeated more than 30 times', () => {
    expect(baselineTest('Dear Sir,\n' + '1.\n'.repeat(31)).passed).toBe(false);
    expect(baselineTest('Dear Sir,\n' + '1.\n'.repeat(30)).passed).toBe(true);
  });

  it('does not see a long line repeated 40 times (the bench only checks 1- to 5-character units)', () => {
    expect(baselineTest('The quick brown fox.\n'.repeat(40)).passed).toBe(true);
  });

  it('passes normal text and fails CJK or emoji', () => {
    expect(baselineTest('My Dear Mr. Roosevelt\n\nI want to express my thanks.').passed).toBe(true);
    expect(baselineTest('Thanks 谢谢').passed).toBe(false);
    expect(baselineTest('Thanks 😀').passed).toBe(false);
  });
});

describe('summarize', () => {
  it('passes a test on a majority of repeats and averages per-set rates, baseline as its own set', () => {
    const s = summarize([
      { set: 'a.jsonl', type: 'present', passes: [true, true, false] },
      { set: 'a.jsonl', type: 'present', passes: [true, false] },
      { set: 'b.jsonl', type: 'math', passes: [true] },
      { set: 'b.jsonl', type: 'math', passes: [false] },
      { set: 'b.jsonl', type: 'math', passes: [false] },
      { set: 'b.jsonl', type: 'math', passes: [false] },
      { set: 'baseline', type: 'baseline', passes: [true] },
    ]);
    expect(s.sets['a.jsonl']).toEqual({ passed: 1, total: 2, rate: 0.5 });
    expect(s.sets['b.jsonl']).toEqual({ passed: 1, total: 4, rate: 0.25 });
    expect(s.overall).toBeCloseTo((0.5 + 0.25 + 1) / 3, 10);
    expect(s.types.present.rate).toBeCloseTo((2 / 3 + 1 / 2) / 2, 10);
    expect(s.types.math).toEqual({ rate: 0.25, count: 4 });
    expect(s.ci[0]).toBeLessThanOrEqual(s.overall);
    expect(s.ci[1]).toBeGreaterThanOrEqual(s.overall);
  });
});

describe('known output: three real bench pages', () => {
  const dir = new URL('./fixtures/bench-score/', import.meta.url);
  const load = (name: string) => ({
    tests: readFileSync(new URL(`${name}.jsonl`, dir), 'utf8').trim().split('\n').map((l) => JSON.parse(l)),
    ideal: readFileSync(new URL(`${name}.md`, dir), 'utf8'),
  });
  const failing = (tests: object[], md: string) => scorePage(tests, md).filter((r: Result) => !r.passed).map((r: Result) => r.id);

  const letter = load('old_scans-29_pg1');
  const math = load('old_scans_math-3_pg270');
  const dictionary = load('long_tiny_text-11_pg186_pg1');

  it('passes every test (and the baseline) with the ideal Markdown', () => {
    for (const page of [letter, math, dictionary]) {
      const results = scorePage(page.tests, page.ideal);
      expect(results.length).toBe(page.tests.length + 1);
      expect(results.filter((r: Result) => !r.passed).map((r: Result) => `${r.id}: ${r.explanation}`)).toEqual([]);
    }
  });

  it('fails the order test when the closing paragraph moves above the greeting', () => {
    const [head, greeting, body, closing] = letter.ideal.trim().split('\n\n');
    const moved = [head, closing, greeting, body].join('\n\n');
    expect(failing(letter.tests, moved)).toEqual(['29_processed02']);
  });

  it('fails the absent tests when the archive marks at the top are kept', () => {
    expect(failing(letter.tests, `[5.22.14] ack 5/27/14\n\n${letter.ideal}`)).toEqual(['29_processed03', '29_processed04']);
  });

  it('fails a present test on a typo beyond its max_diffs, not within it', () => {
    // One edit in 'appreciation': within max_diffs of both tests that hold it (2 and 1).
    expect(failing(letter.tests, letter.ideal.replace('appreciation', 'apprexiation'))).toEqual([]);
    expect(failing(letter.tests, letter.ideal.replace('watched', 'wutchod'))).toEqual(['29_processed01']);
    // One edit is max_diffs for this 38-character test, but the bench's float rounding refuses it.
    expect(failing(letter.tests, letter.ideal.replace('watched', 'wutched'))).toEqual(['29_processed01']);
    expect(failing(dictionary.tests, dictionary.ideal.replace('daunteden', 'daunteder'))).toEqual(['11_pg186_pg1_text_02']);
  });

  it('fails the math test whose formula loses one symbol', () => {
    const changed = math.ideal.replace('\\right)^2 = \\pi', '\\right)^2 = \\tau');
    expect(changed).not.toBe(math.ideal);
    expect(failing(math.tests, changed)).toEqual(['3_pg270_math_00']);
  });

  it('fails the baseline when the output ends in a degenerate loop', () => {
    expect(failing(letter.tests, letter.ideal + 'you\n'.repeat(50))).toEqual(['29_pg1.pdf_baseline']);
    // The bench's repeat detector looks only at 1- to 5-character units: a whole line repeated passes.
    expect(failing(letter.tests, letter.ideal + 'At this time, after having watched you\n'.repeat(50))).toEqual([]);
  });
});

describe('fuzzy matching agrees with rapidfuzz', () => {
  it('gives the same partial_ratio and ratio as rapidfuzz 3.14.6 on random strings', async () => {
    // @ts-expect-error plain JS module without types
    const { partialRatio, ratio } = await import('../bench/eval/bench/fuzzy.mjs');
    const { cases } = JSON.parse(readFileSync(new URL('./fixtures/bench-score/rapidfuzz-3.14.6.json', import.meta.url), 'utf8'));
    const cp = (s: string) => Array.from(s, (c) => c.codePointAt(0)!);
    for (const c of cases) {
      expect(partialRatio(cp(c.a), cp(c.b)).score, JSON.stringify([c.a, c.b])).toBe(c.partial_ratio);
      expect(ratio(cp(c.a), cp(c.b))).toBe(c.ratio);
    }
  });
});
