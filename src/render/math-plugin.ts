// markdown-it rules for `$…$` (inline) and `$$…$$` (display) math. They only find the TeX source;
// the caller decides how to render it.
import type { MarkdownIt, StateBlock, StateInline } from 'markdown-it';

const DOLLAR = 0x24;

function isEscaped(src: string, at: number): boolean {
  let slashes = 0;
  for (let i = at - 1; i >= 0 && src[i] === '\\'; i--) slashes++;
  return slashes % 2 === 1;
}

function findClosing(src: string, from: number, end: number, delimiter: string): number {
  let at = from;
  while (at < end) {
    const found = src.indexOf(delimiter, at);
    if (found === -1 || found + delimiter.length > end) return -1;
    if (!isEscaped(src, found)) return found;
    at = found + 1;
  }
  return -1;
}

function mathInline(state: StateInline, silent: boolean): boolean {
  const { src, pos, posMax } = state;
  if (src.charCodeAt(pos) !== DOLLAR || isEscaped(src, pos)) return false;
  const display = src.charCodeAt(pos + 1) === DOLLAR;
  const delimiter = display ? '$$' : '$';
  const start = pos + delimiter.length;
  if (start >= posMax) return false;
  // Pandoc's rule: `$` must hug its content, and a closing `$` followed by a digit is money, not math.
  if (!display && /\s/.test(src[start])) return false;
  const close = findClosing(src, start, posMax, delimiter);
  if (close <= start) return false;
  if (!display && (/\s/.test(src[close - 1]) || /\d/.test(src[close + 1] ?? ''))) return false;
  if (!silent) {
    const token = state.push(display ? 'math_display' : 'math_inline', 'math', 0);
    token.content = src.slice(start, close);
    token.markup = delimiter;
  }
  state.pos = close + delimiter.length;
  return true;
}

function mathBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  let pos = state.bMarks[startLine] + state.tShift[startLine];
  let max = state.eMarks[startLine];
  if (state.sCount[startLine] - state.blkIndent >= 4) return false;
  if (pos + 2 > max || state.src.slice(pos, pos + 2) !== '$$') return false;
  pos += 2;
  let firstLine = state.src.slice(pos, max);
  let lastLine = '';
  let line = startLine;
  let closed = false;
  if (firstLine.trim().endsWith('$$')) {
    firstLine = firstLine.trim().slice(0, -2);
    closed = true;
  }
  if (silent) return true;
  while (!closed) {
    line++;
    if (line >= endLine) break;
    pos = state.bMarks[line] + state.tShift[line];
    max = state.eMarks[line];
    if (pos < max && state.sCount[line] < state.blkIndent) break;
    const text = state.src.slice(pos, max).trimEnd();
    if (text.endsWith('$$') && !isEscaped(text, text.length - 2)) {
      lastLine = text.slice(0, -2);
      closed = true;
    }
  }
  if (!closed) return false;
  state.line = line + 1;
  const token = state.push('math_block', 'math', 0);
  token.block = true;
  token.content = [firstLine, line > startLine + 1 ? state.getLines(startLine + 1, line, state.tShift[startLine], true) : '', lastLine]
    .map((part) => part.replace(/\s+$/, ''))
    .filter((part) => part.trim() !== '')
    .join('\n');
  token.map = [startLine, state.line];
  token.markup = '$$';
  return true;
}

export function mathPlugin(md: MarkdownIt, render: (tex: string, display: boolean) => string): void {
  md.inline.ruler.after('escape', 'math_inline', mathInline);
  md.block.ruler.after('blockquote', 'math_block', mathBlock, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  md.renderer.rules.math_inline = (tokens, i) => render(tokens[i].content, false);
  md.renderer.rules.math_display = (tokens, i) => render(tokens[i].content, true);
  md.renderer.rules.math_block = (tokens, i) => `${render(tokens[i].content, true)}\n`;
}
