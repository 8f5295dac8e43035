// `\(…\)` -> `$…$` and `\[…\]` -> `$$…$$` on their own lines (DESIGN §4). Code spans, fenced code and
// HTML table markup outside formulas are left alone; an unclosed opener stays as written.

const FENCE = /^(```|~~~)/;

export function normalizeMathDelimiters(markdown: string): string {
  const lines = markdown.split('\n');
  const out: string[] = [];
  let inFence = false;
  let chunk: string[] = [];
  const flush = () => {
    if (chunk.length) out.push(convert(chunk.join('\n')));
    chunk = [];
  };
  for (const line of lines) {
    if (FENCE.test(line.trimStart())) {
      flush();
      out.push(line);
      inFence = !inFence;
    } else if (inFence) out.push(line);
    else chunk.push(line);
  }
  flush();
  return out.join('\n');
}

function convert(text: string): string {
  let s = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] === '`') {
      const end = text.indexOf('`', i + 1);
      if (end < 0) return s + text.slice(i);
      s += text.slice(i, end + 1);
      i = end + 1;
      continue;
    }
    if (text[i] === '\\' && (text[i + 1] === '(' || text[i + 1] === '[')) {
      const display = text[i + 1] === '[';
      const close = display ? '\\]' : '\\)';
      const end = text.indexOf(close, i + 2);
      if (end >= 0) {
        const body = text.slice(i + 2, end).trim();
        if (display) {
          const before = s.length && !s.endsWith('\n') ? '\n' : '';
          s += `${before}$$\n${body}\n$$`;
          const rest = text.slice(end + 2);
          if (rest.length && !rest.startsWith('\n')) s += '\n';
        } else s += `$${body}$`;
        i = end + 2;
        continue;
      }
    }
    if (text[i] === '\\' && i + 1 < text.length) {
      s += text.slice(i, i + 2);
      i += 2;
      continue;
    }
    s += text[i];
    i++;
  }
  return s;
}
