import katex from 'katex';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { guardedKatex, MAX_TEX_DEPTH, texDepth, texRefusal } from './tex-guard';

describe('texDepth', () => {
  it('counts braces, \\left…\\right and environments, not escaped braces', () => {
    expect(texDepth('x^{2}')).toBe(1);
    expect(texDepth('\\frac{a}{b^{c}}')).toBe(2);
    expect(texDepth('\\left( \\left[ x \\right] \\right)')).toBe(2);
    expect(texDepth('\\begin{matrix} a \\end{matrix}')).toBe(2);
    expect(texDepth('\\{ \\{ \\{ x \\}')).toBe(0);
    expect(texDepth('a \\\\{b}')).toBe(1);
  });

  it('lets ordinary formulas through', () => {
    for (const tex of ['E = mc^2', '\\sum_{i=1}^{n} \\frac{1}{i^{2}}', '\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}']) {
      expect(texRefusal(tex), tex).toBeNull();
    }
    expect(texRefusal(`${'{'.repeat(MAX_TEX_DEPTH)}x${'}'.repeat(MAX_TEX_DEPTH)}`)).toBeNull();
    expect(texRefusal(`${'{'.repeat(MAX_TEX_DEPTH + 1)}x${'}'.repeat(MAX_TEX_DEPTH + 1)}`)).toMatch(/nested/);
  });
});

describe('guardedKatex', () => {
  afterEach(() => vi.restoreAllMocks());

  it('never throws: a nesting bomb becomes escaped text', () => {
    const html = guardedKatex(`${'x^{'.repeat(1050)}<b>${'}'.repeat(1050)}`, false);
    expect(html).toMatch(/^<code class="math-unreadable"/);
    expect(html).toContain('&lt;b&gt;');
    expect(html).not.toContain('<b>');
  });

  it('catches whatever KaTeX throws, not only its ParseError', () => {
    vi.spyOn(katex, 'renderToString').mockImplementation(() => {
      throw new RangeError('Maximum call stack size exceeded');
    });
    const html = guardedKatex('x^2 < y', true);
    expect(html).toContain('x^2 &lt; y');
    expect(html).toContain('RangeError');
  });
});
