import { expect, it } from 'vitest';
import { plainText } from './plain-text';

it('reads Markdown as the plain text a reader sees', () => {
  const md = ['# Heading', '', '- item one', '1. numbered', '', 'Inline $x^2$ and \\# escaped, 1\\. not a list', '', '$$\n\\frac{a}{b}\n$$', '', '<!-- page 2 -->', '', '![Figure](figure-p2-1.png)', '', '<table>\n<tr><th>A</th><td>x &lt; y</td></tr>\n</table>'].join('\n');
  expect(plainText(md).split(/\s+/)).toEqual(['Heading', 'item', 'one', '1.', 'numbered', 'Inline', 'x^2', 'and', '#', 'escaped,', '1.', 'not', 'a', 'list', '\\frac{a}{b}', 'A', 'x', '<', 'y']);
});
