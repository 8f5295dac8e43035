// Text the embedded font can draw. A character the font lacks is replaced by its compatibility form where the
// font has all of that ("ﬀ" → "ff", "²" → "2", full-width letters), else left out; both are counted so the
// export can say so. It never throws: a page of unusual script still exports, with fewer characters.
export interface Coverage {
  text: string;
  substituted: number;
  dropped: number;
}

export function coverText(text: string, has: (codePoint: number) => boolean): Coverage {
  let substituted = 0;
  let dropped = 0;
  let out = '';
  for (const ch of text) {
    if (/\s/.test(ch)) out += ' ';
    else if (has(ch.codePointAt(0)!)) out += ch;
    else {
      const compat = ch.normalize('NFKC');
      if (compat !== ch && [...compat].every((c) => /\s/.test(c) || has(c.codePointAt(0)!))) {
        out += compat;
        substituted++;
      } else dropped++;
    }
  }
  return { text: out, substituted, dropped };
}
