// Display and inline formulas of pdflatex pages, read from the PDF's own glyphs (no model) and scored as olmOCR-bench scores a
// formula: by how KaTeX renders it against the LaTeX the page was made from (test/fixtures/tex-math, make.mjs).
// cm.pdf is set in Computer Modern as most papers are, with pdfTeX's ToUnicode maps that name few of cmex's glyphs
// (its sums, integrals, radicals and big delimiters come through pdf.js as their codes: "X", "Z", "p"); times.pdf
// in LaTeX's Times math (mathptmx: Times, Symbol and cmex); inline.pdf a Computer Modern paragraph of inline math;
// twocol.pdf short formulas in two columns; lm.pdf in Latin Modern (lmodern: its fonts' own names, a map naming
// each glyph); further-*.pdf formulas of physics, statistics and logic (long arrows TeX joins of two glyphs, labels
// over arrows, horizontal braces, stacked limits, \hbar, bold letters) in the three faces; libertine.pdf the display
// formulas as ACM's papers set them; envs.pdf amsmath's environments between their lead-in lines; inline-times.pdf and
// inline-palatino.pdf the inline paragraph in Times (mathptmx) and Palatino (mathpazo), palatino.pdf the display formulas
// in Palatino, newtx.pdf in Times with newtxmath; operators.pdf and operators-times.pdf inline operators' names with their
// limits (\sup_n, \arg\max_\theta) in Computer Modern and in Times.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JS module without types
import { scoreTest } from '../bench/eval/bench-tests.mjs';
import { pagemark } from './support/run-cli';

const dir = join(import.meta.dirname, 'fixtures/tex-math');
const { display, aligned, inline, further, environments, operators, papers, sciences, papersInline, theorems } = JSON.parse(readFileSync(join(dir, 'formulas.json'), 'utf8')) as {
  display: string[];
  theorems: string[];
  papersInline: string[];
  papers: string[];
  sciences: string[];
  aligned: string[];
  inline: string[];
  operators: string[];
  further: string[];
  environments: { lead: string; rows: string[] }[];
};
const all = [...display, ...aligned.map((a) => `\\begin{aligned}${a}\\end{aligned}`)];

async function misread(pdf: string, formulas: readonly string[]): Promise<string[]> {
  const r = await pagemark(join(dir, pdf), '--own-text-only');
  expect(r.code).toBe(0);
  return formulas.filter((f) => !(scoreTest({ type: 'math', math: f }, r.stdout) as { passed: boolean }).passed);
}

describe('formulas of pdflatex pages, from their glyphs', () => {
  it('reads every display formula of a Computer Modern page as it was written', async () => {
    expect(await misread('cm.pdf', all)).toEqual([]);
  }, 120_000);

  it('reads every display formula of a Latin Modern page (lmodern) as it was written', async () => {
    // Its extension font is named LMMathExtension10: big delimiters hang by cmex's metrics, tall bars are ∣ pieces.
    expect(await misread('lm.pdf', all)).toEqual([]);
  }, 120_000);

  it('reads the display formulas of an ACM-style page (Libertine, newtxmath) as they were written', async () => {
    // newtx's extension font names its big operators with a variation selector ("∑" U+FE01), which pdf.js's text
    // content gives no width, and draws ∏ at a code of its own above OMX's (214); its symbol font leaves its accents
    // unnamed ("¤" for \dot); a tall ( … ) is of pieces that stand on their baseline (cmex's hang from it). Its bold v
    // is written plain ("LinLibertineTZ" does not say bold), which the bench's rendering comparison lets pass.
    expect(await misread('libertine.pdf', all)).toEqual([]);
  }, 120_000);

  it.each(['further-cm.pdf', 'further-lm.pdf', 'further-times.pdf'])('reads arrows, braces, stacked limits and bold letters of %s as written', async (pdf) => {
    // "=⇒" is \implies, "−→" with a label over it \xrightarrow{f}, cmsy's stem "7" and "→" \mapsto, tips and
    // rules under a row \underbrace{…}_{n}, "lim sup" \limsup, a macron across h \hbar; Times sets \mathbf in its
    // bold text face. Not read in Times: dy over dx in upright letters of the text's face (no glyph says math).
    const times = pdf === 'further-times.pdf';
    const shown = times ? further.filter((f) => !f.includes('\\epsilon')) : further;
    expect(await misread(pdf, shown)).toEqual(times ? ['\\frac{\\mathrm{d}y}{\\mathrm{d}x}'] : []);
  }, 120_000);

  it('reads the display formulas of a Times page (mathptmx) as they were written', async () => {
    // Not read: a formula of italic letters, scripts and "+" alone (Times math sets its letters in the text's
    // italic, and no glyph of it says "math"); times.pdf leaves out \epsilon (one glyph with \varepsilon there).
    const unread = ['a^{b^c} + x_{i_j}'];
    const shown = all.filter((f) => !f.includes('\\epsilon'));
    expect(await misread('times.pdf', shown)).toEqual(unread);
  }, 120_000);

  it('reads the inline formulas of a Computer Modern paragraph as they were written, in their lines', async () => {
    // "f: X \\to Y" (a colon set apart as a relation) and \\mathbf{W}^\\top \\mathbf{x} (a lone bold x against the math
    // before it) are one formula each.
    expect(await misread('inline.pdf', inline)).toEqual([]);
    // A line with a text fraction stays in its paragraph, in its place.
    const r = await pagemark(join(dir, 'inline.pdf'), '--own-text-only');
    expect(r.stdout.replace(/\s+/g, ' ')).toContain('the value of $\\frac{a}{b}$ of this term is small whenever the data are well behaved and bounded in case 2.');
  }, 120_000);

  it('reads the display formulas of a newtxmath page as they were written, matrices and all', async () => {
    // txexs's bracket pieces stand on their baseline (cmex's hang from it): read by cmex's depths, a bmatrix's pieces
    // hung into the line under it, and the matrix and that line were written as one line of inline math.
    expect(await misread('newtx.pdf', all)).toEqual([]);
    const r = await pagemark(join(dir, 'newtx.pdf'), '--own-text-only');
    expect(r.stdout).toContain('which holds for all admissible inputs. Further remarks on item 27 follow.');
    // Its blackboard letters are in its symbol font B (txsyb), not calligraphic: the bench's comparison does not tell.
    expect(r.stdout).toContain('f:\\mathbb{R}^{n}\\to\\mathbb{R}');
    expect(r.stdout).not.toMatch(/\\mathcal\{[RE]\}/);
  }, 120_000);

  it('reads the inline formulas of a Times paragraph (mathptmx) as they were written, in their lines', async () => {
    // Its letters are the text's italic, its accents and \\mathbf the text face's own glyphs, \\sqrt's sign cmsy's,
    // hanging from a base above the line. Not read: \\epsilon, which Times math draws as \\varepsilon.
    expect(await misread('inline-times.pdf', inline)).toEqual(['\\epsilon > 0']);
    const r = await pagemark(join(dir, 'inline-times.pdf'), '--own-text-only');
    expect(r.stdout.replace(/\s+/g, ' ')).toContain('Let us note that the value of $\\sqrt{2}$ of this term is small whenever the data are well behaved and bounded in case 9.');
  }, 120_000);

  it.each(['operators.pdf', 'operators-times.pdf'])('reads inline operators with their limits and arguments as written (%s)', async (pdf) => {
    // \sup_n, \max_i, \lim_{n \to \infty}, \arg\max_\theta, \Pr(X > t): the names are roman letters, their limits
    // scripts set against them; Times sets the variables and even the limits in its text faces. The limit went to
    // the name's last letter, and the name stayed prose ("su$p_{n}a_{n}$"), or the formula stayed text ("maxi xi").
    expect(await misread(pdf, operators)).toEqual([]);
    const r = await pagemark(join(dir, pdf), '--own-text-only');
    const text = r.stdout.replace(/\s+/g, ' ');
    expect(text).toContain('Let us note that the value $s=\\sup_{n}a_{n}$ of this term is small');
    expect(text).toContain('Let us note that the value of this term $\\log n$ of this term is small');
  }, 120_000);

  it.each(['papers.pdf', 'papers-times.pdf'])('reads the display formulas of machine-learning papers as they were written (%s)', async (pdf) => {
    // Numbered formulas of several words (MultiHead(Q, K, V) = Concat(head₁, …)) were prose with inline math; a
    // denominator with a word in it, cut from its formula's line, was prose; \left( … \right) around a sum lost its
    // opening parenthesis and set the closing one apart; a matrix of fractions ran each one's numerator into the
    // denominator above it; \operatorname*{arg\,min}'s limit went under min alone.
    expect(await misread(pdf, papers)).toEqual([]);
  }, 120_000);

  it.each(['sciences.pdf', 'sciences-newtx.pdf'])('reads formulas of statistics, physics and analysis as they were written (%s)', async (pdf) => {
    // \|f\|_{L^p} wrote its p as the norm's exponent; brackets inside cells (x² sin(1/x), k(x₁, xₙ)) kept cases and
    // matrices from being found; a product's limit with a word ("p prime") and the denominator pdf.js ran into its
    // line were prose under a cut formula (\prod with nothing); \middle| paired with the closing bracket.
    expect(await misread(pdf, sciences)).toEqual([]);
  }, 120_000);

  it.each(['papers-inline.pdf', 'papers-inline-times.pdf'])('reads inline formulas of two-column paragraphs as they were written (%s)', async (pdf) => {
    // A formula TeX broke after a relation ("k ≪" | "n") was two; a subscript word (θ̂_MLE) was prose; "W ∈ ℝ" lost
    // its bold W, "f(x; θ)" was cut at the semicolon, KL(p‖q) lost its name, 10⁶ read "106"; a text-style ∑ went to
    // the line above it, or, where pdf.js cut the line at it, stood alone as a display formula.
    expect(await misread(pdf, papersInline)).toEqual([]);
  }, 120_000);

  it('reads the inline formulas of lemmas and proofs (amsart) as they were written', async () => {
    // G/H ≅ ℤ/nℤ was "\sim=" (TeX sets ∼ over =), x_n ⇀ x and supp f ⊆ K stayed text, H¹₀(Ω) lost its (Ω) (Computer
    // Modern's capital Greek is in its text font), amsfonts' \widehat (a glyph of msbm) read "[".
    expect(await misread('theorems.pdf', theorems)).toEqual([]);
  }, 120_000);

  it('reads the display and inline formulas of a Palatino page (mathpazo) as they were written', async () => {
    // URW Palladio's italic ("URWPalladioL-Ital") sets the letters; "a^{b^c} + x_{i_j}" has no glyph that says math.
    expect(await misread('palatino.pdf', all)).toEqual(['a^{b^c} + x_{i_j}']);
    expect(await misread('inline-palatino.pdf', inline)).toEqual([]);
  }, 120_000);

  it('reads the display formulas of a two-column page each in its own column, numbers and all', async () => {
    // Formulas level with each other across the gutter were one formula, with the left one's number among them.
    const twoColumn = display.filter((f) => f.length < 60).slice(0, 30);
    expect(await misread('twocol.pdf', twoColumn)).toEqual([]);
  }, 120_000);

  it('reads amsmath environments each in its place, after its lead-in line, numbers beside their rows', async () => {
    // Numbered displays one under another with a short line between: the layout makes a column of their numbers,
    // which took both formulas out of order as one. A split's number is centred between its rows; a multline's
    // first row starts at the margin, under a paragraph of full lines.
    const r = await pagemark(join(dir, 'envs.pdf'), '--own-text-only');
    expect(r.code).toBe(0);
    const md = r.stdout.replace(/<!--.*?-->/g, '').replace(/\s+/g, ' ');
    const blocks = [...md.matchAll(/\$\$(.*?)\$\$/g)].map((m) => ({ at: m.index, md: m[0] }));
    const placed = (f: string) => blocks.find((b) => (scoreTest({ type: 'math', math: f }, b.md) as { passed: boolean }).passed)?.at ?? -1;
    const order = environments.map((env) => ({ env, lead: md.indexOf(env.lead), rows: env.rows.map(placed) }));
    expect(order.filter((o) => o.lead < 0 || o.rows.some((at) => at < 0)).map((o) => o.env)).toEqual([]);
    // Each formula's rows after its lead-in line and before the next.
    const misplaced = order.filter((o, k) => o.rows.some((at) => at < o.lead || at > (order[k + 1]?.lead ?? Infinity)));
    expect(misplaced.map((o) => o.env.lead)).toEqual([]);
    // The multline's number (5), set a quad after its last row, is its tag.
    const multline = blocks.find((b) => b.at === placed(environments[2]!.rows[0]!));
    expect(multline?.md).toMatch(/\\tag\{5\}/);
    // No equation number is left on a line of its own.
    expect(r.stdout.split('\n').filter((l) => /^\(\d+[a-z]?\)$/.test(l.trim()))).toEqual([]);
  }, 120_000);
});
