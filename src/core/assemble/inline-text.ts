// Recognized text → safe Markdown inline text.
//
//   normalizeMath(text)        \( … \) → $ … $, \[ … \] → $$ … $$
//   joinLines(texts)           paragraph lines joined by spaces; "hyphen-\nated" re-joined
//   escapeBlockStart(text)     a paragraph that would parse as a heading/list/quote/rule gets a backslash
//   escapeInline(text)         raw HTML tags and image syntax in recognized text are neutralized

export function normalizeMath(text: string): string {
  return text
    .replace(/\\\[([\s\S]*?)\\\]/g, (_, m: string) => `$$${m.trim()}$$`)
    .replace(/\\\(([\s\S]*?)\\\)/g, (_, m: string) => `$${m.trim()}$`);
}

/** A line-final hyphen between two letters, followed by a lowercase start, is a word break. */
export function joinLines(texts: string[]): string {
  let out = '';
  for (const raw of texts) {
    const t = raw.trim();
    if (!t) continue;
    if (!out) out = t;
    else if (/\p{L}-$/u.test(out) && /^\p{Ll}/u.test(t)) out = out.slice(0, -1) + t;
    else out += ' ' + t;
  }
  return out;
}

const BLOCK_START = /^(#{1,6}(?=\s|$)|>|[-+*](?=\s|$)|\d{1,9}[.)](?=\s|$)|={3,}\s*$|-{3,}\s*$|_{3,}\s*$|\*{3,}\s*$|`{3,}|~{3,}|\|)/;

export function escapeBlockStart(text: string): string {
  const m = BLOCK_START.exec(text);
  if (!m) return text;
  const s = m[0];
  const numbered = /^(\d{1,9})([.)])/.exec(s);
  if (numbered) return numbered[1] + '\\' + text.slice(numbered[1]!.length);
  return '\\' + text;
}

/**
 * `<` that would open an HTML tag, comment or autolink becomes `&lt;`, and `![` an entity, so text
 * read off a page can never make the viewer fetch a remote image. Markdown emphasis is left as read.
 */
export function escapeInline(text: string): string {
  return text.replace(/<(?=[A-Za-z/!?])/g, '&lt;').replace(/!\[/g, '&#33;[');
}
