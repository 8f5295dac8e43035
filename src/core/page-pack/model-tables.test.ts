// A page model's tables come out as the lines pipeline writes tables: same HTML shape, spans kept, headings in
// <thead>, empty cells as <td></td>, nothing of the model's markup but the table itself.
import { describe, expect, it } from 'vitest';
import { normalizeModelTables } from './model-tables';

describe('normalizeModelTables', () => {
  it('leaves Markdown without tables as it is', () => {
    const md = '# Title\n\nSome text with a < b and $x^2$.';
    expect(normalizeModelTables(md)).toBe(md);
  });

  it('writes a model table (no tbody, attributes, th in the first row) as the app writes tables', () => {
    const md = 'Table 1: Results\n\n<table border="1" style="x"><tr><th>Model</th><th>Score</th></tr><tr><td class="a">Ours</td><td>83.4</td></tr></table>';
    expect(normalizeModelTables(md)).toBe(
      'Table 1: Results\n\n<table>\n<thead>\n<tr><th>Model</th><th>Score</th></tr>\n</thead>\n<tbody>\n<tr><td>Ours</td><td>83.4</td></tr>\n</tbody>\n</table>',
    );
  });

  it('keeps a spanning heading, a cell merged down, and fills the positions a short row leaves empty', () => {
    const md = '<table><thead><tr><td rowspan=2>Item</td><td colspan="2">Year Ended</td></tr><tr><td>2020</td><td>2021</td></tr></thead><tbody><tr><td>Revenue</td><td>1,200</td></tr></tbody></table>';
    expect(normalizeModelTables(md)).toBe(
      '<table>\n<thead>\n<tr><th rowspan="2">Item</th><th colspan="2">Year Ended</th></tr>\n<tr><th>2020</th><th>2021</th></tr>\n</thead>\n<tbody>\n<tr><td>Revenue</td><td>1,200</td><td></td></tr>\n</tbody>\n</table>',
    );
  });

  it('writes cell text plain: nested tags dropped, entities read, math as $…$, markup in the text escaped', () => {
    const md = '<table><tr><td><b>a</b> &amp; b<br>c</td><td>\\(x_1\\)</td><td>&lt;script&gt;alert(1)&lt;/script&gt;</td></tr></table>';
    expect(normalizeModelTables(md)).toBe('<table>\n<tr><td>a &amp; b c</td><td>$x_1$</td><td>&lt;script&gt;alert(1)&lt;/script&gt;</td></tr>\n</table>');
  });

  it('drops what is not a table: scripts and event attributes in the model’s markup never come through', () => {
    const out = normalizeModelTables('<table><tr><td onclick="x()">1</td><script>alert(1)</script><td><img src=x onerror=y>2</td></tr></table>');
    expect(out).toBe('<table>\n<tr><td>1</td><td>2</td></tr>\n</table>');
  });

  it('writes a table with no cells, or a cut-off one, from what it holds', () => {
    expect(normalizeModelTables('before <table><caption>only</caption></table> after')).toBe('before only after');
    expect(normalizeModelTables('<table><tr><td>a</td><td>b')).toBe('<table>\n<tr><td>a</td><td>b</td></tr>\n</table>');
  });

  it('caps absurd spans a degenerate output asks for', () => {
    const out = normalizeModelTables('<table><tr><td colspan="100000">x</td></tr></table>');
    expect(out).toBe('<table>\n<tr><td colspan="50">x</td></tr>\n</table>');
  });
});
