// Recognized text → safe Markdown inline text.
//
//   normalizeMath(text)        \( … \) → $ … $, \[ … \] → $$ … $$
//   joinLines(texts, words?)   paragraph lines joined by spaces; "hyphen-\nated" re-joined, a compound the
//                              page writes with its hyphen kept (pageWords)
//   joinAsPrinted(texts)       paragraph lines joined by spaces, a line-end hyphen kept ("deter- mined")
//                              (both: inline math TeX broke after a relation or operator is one formula again)
//   escapeBlockStart(text)     a paragraph that would parse as a heading/list/quote/rule gets a backslash
//   escapeInline(text)         raw HTML tags and image syntax in recognized text are neutralized

export function normalizeMath(text: string): string {
  return text
    .replace(/\\\[([\s\S]*?)\\\]/g, (_, m: string) => `$$${m.trim()}$$`)
    .replace(/\\\(([\s\S]*?)\\\)/g, (_, m: string) => `$${m.trim()}$`);
}

/** The words of a page, to tell a compound broken at its hyphen from a word hyphenated at a line end. */
export interface PageWords {
  /** Hyphenated words the page writes within its lines ("spatio-temporal"), lowercase. */
  compounds: Set<string>;
  /** Every word the page writes, lowercase. */
  words: Set<string>;
}

export function pageWords(texts: readonly string[]): PageWords {
  const compounds = new Set<string>();
  const words = new Set<string>();
  for (const t of texts) {
    for (const w of t.toLowerCase().match(/\p{L}+(?:-\p{L}+)*/gu) ?? []) {
      if (w.includes('-')) compounds.add(w);
      for (const part of w.split('-')) words.add(part);
    }
  }
  return { compounds, words };
}

/**
 * A line-final hyphen between two letters, followed by a lowercase start, is a word break and is re-joined,
 * unless the page writes that compound with its hyphen elsewhere and never the joined word ("spatio-temporal").
 */
export function joinLines(texts: string[], vocabulary?: PageWords): string {
  let out = '';
  for (const raw of texts) {
    const t = raw.trim();
    if (!t) continue;
    if (!out) out = t;
    else if (/\p{L}-$/u.test(out) && /^\p{Ll}/u.test(t)) out = out.slice(0, isCompound(out, t, vocabulary) ? undefined : -1) + t;
    else out = mathAcrossBreak(out, t) ?? out + ' ' + t;
  }
  return out;
}

// TeX breaks a line inside inline math after a relation or a binary operator: "$k\ll$" at a line's end and "$n$" at
// the next one's start are one formula, and so are "$x$ =" and "$y$" (the line-end relation was left outside).
const ENDS_OPEN = /\\(ll|gg|leq?|geq?|neq?|approx|equiv|sim|simeq|cong|propto|in|notin|subset|subseteq|supset|supseteq|to|rightarrow|leftarrow|mapsto|Rightarrow|Leftrightarrow|iff|implies|times|cdot|pm|mp|cup|cap|oplus|otimes|circ)\s*$|[=<>+:−]\s*$/;
const OPEN_AFTER = /\$([^$]+)\$ ?([=<>:+−])$/;

function mathAcrossBreak(out: string, next: string): string | undefined {
  const rest = /^\$([^$]+)\$/.exec(next);
  if (!rest || out.endsWith('$$')) return undefined;
  if (out.endsWith('$') && !out.endsWith('\\$')) {
    const open = out.lastIndexOf('$', out.length - 2);
    if (open < 0 || !ENDS_OPEN.test(out.slice(open + 1, -1))) return undefined;
    return `${out.slice(0, -1)} ${next.slice(1)}`;
  }
  const m = OPEN_AFTER.exec(out);
  if (!m) return undefined;
  return `${out.slice(0, m.index)}$${m[1]}${m[2]} ${next.slice(1)}`;
}

function isCompound(before: string, after: string, vocabulary?: PageWords): boolean {
  if (!vocabulary) return false;
  const head = /(\p{L}+)-$/u.exec(before)?.[1]?.toLowerCase();
  const tail = /^\p{L}+/u.exec(after)?.[0]?.toLowerCase();
  if (!head || !tail) return false;
  return vocabulary.compounds.has(`${head}-${tail}`) && !vocabulary.words.has(head + tail);
}

/** Lines joined by spaces as printed: a line-end hyphen stays, with the space of the line break after it. */
export function joinAsPrinted(texts: readonly string[]): string {
  return texts
    .map((t) => t.trim())
    .filter((t) => t.length > 0)
    .reduce((out, t) => (out ? (mathAcrossBreak(out, t) ?? `${out} ${t}`) : t), '');
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
  // Inside $…$ the `<` is spaced from what follows instead: an entity there is no LaTeX, and KaTeX draws
  // "a< b" as "a<b" (a `<` before a space opens no tag either).
  return text
    .split(/(\$[^$\n]+\$)/)
    .map((part, i) => (i % 2 ? part.replace(/<(?=[A-Za-z/!?])/g, '< ') : part.replace(/<(?=[A-Za-z/!?])/g, '&lt;')))
    .join('')
    .replace(/!\[/g, '&#33;[');
}
