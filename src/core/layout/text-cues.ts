// What the recognized text of a line says about its role. All tests are on trimmed text.

const BULLET = /^[•·▪◦‣●○■□►▶–—*-]\s+/;
const NUMBERED = /^(?:\(?(\d{1,3}|[a-zA-Z]|[ivxIVX]{1,4})[.)])\s+/;

/** A list marker at the start of a line: the marker text and whether it is a number/letter. */
export function listMarker(text: string): { marker: string; ordered: boolean; number?: number } | undefined {
  const t = text.trimStart();
  const b = BULLET.exec(t);
  if (b) return { marker: b[0], ordered: false };
  const n = NUMBERED.exec(t);
  if (n) {
    const v = Number(n[1]);
    return { marker: n[0], ordered: true, number: Number.isFinite(v) ? v : undefined };
  }
  return undefined;
}

/** At least `share` of the text's printed characters are letters: words, not figures, code or marks. */
export const mostlyLetters = (text: string, share: number) => (text.match(/\p{L}/gu) ?? []).length >= share * text.replace(/\s/g, '').length;

/** A figure, code or amount: digits, as many as its letters or more ("1,958", "A6", "12 (6)"). */
export const mostlyDigits = (text: string) => {
  const digits = (text.match(/\d/g) ?? []).length;
  return digits > 0 && digits >= (text.match(/\p{L}/gu) ?? []).length;
};

/** A full stop or semicolon after a word of three letters or more: a sentence's end, not an initial's ("J.", "sp."). */
export const endsSentence = (text: string) => /\p{L}{3,}[.;]$/u.test(text);

/** A line of words that breaks off: three words or more, mostly letters, ending in no sentence's mark (a wrapped cell's line). */
export const breaksOff = (text: string) => mostlyLetters(text, 0.7) && text.split(/\s+/).length >= 3 && !/[.!?:;]["')\]]*$/.test(text);

// A list item's marker set apart from its text, as references and hanging lists set it ("2." a gap left of
// "Moulia B, Fournier M. …"): a number with a point, a bracketed number, a bullet.
const HANGING_MARKER = /^(?:\d{1,3}\.|\[\d{1,3}\]|[•·▪◦‣●○■□►▶])$/;
export const isHangingMarker = (text: string) => HANGING_MARKER.test(text.trim());

// An item's or a clause's mark standing alone, its text a gap to its right: "A7.", "B1:", "12.", "(c)", "iv)".
const ITEM_MARK = /^(?:[A-Z]?\d{1,3}(?:\.\d{1,2})?[.:)]|\(?[a-z]\)|\(?[ivx]{1,4}\)|\(\d{1,3}\))$/;
export const isItemMark = (text: string) => ITEM_MARK.test(text.trim());

// A contents line: leader dots (spaced or not, or middle dots) run out to a page number or a short reference.
const LEADER = /(?:[.·_]\s?){4,}\s*[\divxlcIVXLC][\w.–-]{0,9}$/;
export const isLeaderLine = (text: string) => LEADER.test(text.trim());

const CAPTION = /^(?:fig(?:ure)?|table|tab|chart|plate|exhibit|listing|algorithm)\.?\s*[0-9IVX]+[a-z]?\s*[.:|—–-]/i;
export const isCaption = (text: string) => CAPTION.test(text.trim());

// A typed page's number may stand between dashes, doubled on a typewriter ("--18-"); a proceedings volume
// numbers its pages on past 9999 ("15789").
const PAGE_NUMBER = /^(?:(?:page|p\.|seite)\s*)?[-–—]{0,2}\s*(?:\d{1,5}|[ivxlc]{1,6})\s*[-–—]{0,2}(?:\s*(?:of|\/)\s*\d{1,5})?$/i;
export const isPageNumber = (text: string) => PAGE_NUMBER.test(text.trim());

// An amount as a table or a ledger sets it: a sign or an accountant's brackets, a currency, grouped digits.
// Its brackets close: "16)" under "Delayed (Q3" is the end of a wrapped cell, not an amount.
const FIGURES = String.raw`[$€£¥]?\s*(?:\d{1,3}(?:[,.\s]\d{3})+|\d+)(?:[.,]\d+)?\s*%?`;
const AMOUNT = new RegExp(String.raw`^[-−–+]?(?:\(\s*${FIGURES}\s*\)|${FIGURES})$`);
/** A number with at least two digits written as an amount ("(77,283)", "¥ 175,820", "-3.5%"). */
export const isAmount = (text: string) => AMOUNT.test(text.trim()) && (text.match(/\d/g) ?? []).length >= 2;

// The unit a financial table's figures are given in, set over its headings: "Yen (millions)", "(in thousands)",
// "$ in millions", "EUR '000" (a lone "%" or "(%)" heads a column of shares).
const CURRENCY = String.raw`(?:[$€£¥₹]|US\$|[A-Z]{3}|yen|dollars?|euros?|pounds?|rupees?)`;
const SCALE = String.raw`(?:thousands?|millions?|billions?|'000s?)`;
const UNIT_NOTE = new RegExp(
  String.raw`^\(?\s*(?:(?:in|amounts? in|figures in|units?:?)\s+)?(?:${CURRENCY}\s*)?(?:\(\s*(?:in\s+)?${SCALE}\s*\)|(?:in\s+)?${SCALE})\s*\)?\.?$`,
  'iu',
);
/** A table's unit note ("Yen (millions)", "(in thousands)", "$ in millions"): no heading of a column. */
export const isUnitNote = (text: string) => UNIT_NOTE.test(text.trim());

/**
 * Text that reads as a page's furniture rather than its body: a journal, volume, issue or ISSN line, a URL or
 * DOI, a copyright or download stamp, a publication date, or a short line ending in a page number.
 */
const FURNITURE =
  /©|\(c\)\s*\d{4}|copyright|all rights reserved|downloaded from|advance access|\bdoi\b|\bhttps?:\/\/|\bwww\.|\bissn\b|\bvol\.?\s*\d|\bno\.\s*\d|\bpp\.\s*\d|journal|proceedings|\bproc\.|supplementary material|\b(?:received|accepted|published)\b.*\b(?:19|20)\d\d\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(?:\d{1,2},?\s+)?(?:19|20)\d\d\b/i;
/**
 * A journal's abbreviated name, alone or with its volume ("J. Spec. Phil.", "Phys. Rev. Lett. 120, 231101 (2018)",
 * "Ann. Phys. 415"): three abbreviations, or two and a number. A person's initials ("J. B.") have no word in them.
 */
const JOURNAL_ABBREVIATION = /^(?=.*\p{Lu}\p{Ll}{2,}\.)(?:(?:\p{Lu}\p{Ll}{0,7}\.\s*){3,}|(?:\p{Lu}\p{Ll}{0,7}\.\s*){2}(?:\p{Lu}\s+)?\d)[\d\s,:()–-]*$/u;
export const isFurniture = (text: string) => {
  const t = text.trim();
  return FURNITURE.test(t) || JOURNAL_ABBREVIATION.test(t) || (t.length <= 80 && /\D\s\d{1,4}$/.test(t) && !/[.:;,]\s\d{1,4}$/.test(t));
};

/**
 * A list of people's names, as under a paper's title: names with affiliation marks (†, ‡, *, superscript
 * digits) or three or more capitalised names between commas, with no run of lowercase prose.
 */
export function isAuthorList(text: string): boolean {
  const t = text.trim();
  const marked = (t.match(/\p{L}[†‡§¶∗*]+|\p{L}[¹²³⁴⁵⁶⁷⁸⁹]/gu) ?? []).length;
  const parts = t.split(/,|\band\b/).map((p) => p.trim()).filter(Boolean);
  const names = parts.filter((p) => /^(?:\p{Lu}[\p{L}'’.-]*\s*){1,4}[†‡§¶∗*\d,¹²³⁴⁵⁶⁷⁸⁹]*$/u.test(p)).length;
  const prose = t.split(/\s+/).filter((w) => /^\p{Ll}{4,}[.;:]?$/u.test(w) && w !== 'and').length;
  return prose === 0 && ((marked >= 2 && names >= 2) || (names >= 3 && names >= 0.7 * parts.length));
}

/** Section numbering such as "2", "2.3", "A.1", "IV." followed by a title. */
const SECTION = /^(?:\d{1,2}(?:\.\d{1,2}){0,3}|[A-Z]\.\d{1,2}(?:\.\d{1,2})*|[IVX]{1,4}\.)\.?\s+\S/;
export const hasSectionNumber = (text: string) => SECTION.test(text.trim());

const MATH_CHARS = /[=+×÷±∓≤≥≠≈∑∏∫∮√∞∂∇∈∉⊂⊆∪∩∀∃→←⇒⇔αβγδεζηθικλμνξπρστυφχψωΓΔΘΛΞΠΣΦΨΩ^_\\{}]/g;

/**
 * How math-like a line reads, 0..1: the share of math symbols, boosted by LaTeX commands and
 * short single-letter tokens (variables), lowered by long words of prose.
 */
/** One symbol over and over ("===", "* * *"): a rule or an ornament set in type, not a formula or a heading. */
export const isOrnament = (text: string) => /^([^\p{L}\p{N}\s])(\s*\1)+$/u.test(text.trim());

export function mathScore(text: string): number {
  const t = text.trim();
  if (!t) return 0;
  if (/^\$\$.*\$\$$|^\\\[.*\\\]$/s.test(t)) return 1;
  if (isOrnament(t)) return 0;
  // Mathematical alphanumerics (𝑥, 𝐀 …) are what PDFs of typeset math carry: they count as symbols.
  const symbols = (t.match(MATH_CHARS) ?? []).length + (t.match(/[\u{1D400}-\u{1D7FF}]/gu) ?? []).length;
  const latex = (t.match(/\\[a-zA-Z]+/g) ?? []).length;
  const words = t.split(/\s+/);
  const proseWords = words.filter((w) => /^[A-Za-z]{4,}[,.;:]?$/.test(w) && !/^\\/.test(w)).length;
  const score = (symbols + 2 * latex) / Math.max(4, Array.from(t.replace(/\s/g, '')).length) - (proseWords / Math.max(1, words.length)) * 0.5;
  return Math.max(0, Math.min(1, score * 2));
}

/** Display-equation numbers such as "(3)" or "(2.14)" standing at the right of a formula. */
export const isEquationNumber = (text: string) => /^\(\s*[0-9]{1,3}(?:\.[0-9]{1,3})?[a-z]?\s*\)$/.test(text.trim());
