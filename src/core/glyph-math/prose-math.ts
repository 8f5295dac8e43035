// The inline math of a prose line, from its glyphs: which glyphs are math (a math font's, a math letter, an
// operator, a script off the line), the runs they make with the digits, brackets and operators between them,
// each run written as $…$ by formulaLatex, and the prose words around them kept as the line's text.
//
//   inlineText(glyphs, rules, bodySize, baseline) → "for $n=1$ we have $1^{2}=\frac{1}{6}(1)(2)(3)$." | undefined
import { isBoldFont } from '../text-layer/font-name';
import { mathLetter } from '../text-layer/inline-math';
import { isItalicFace, isItalicFont, type Glyph } from './glyphs';
import { cx } from './formula-atoms';
import { formulaLatex, type Rule } from './formula-latex';
import { ACCENTS, FUNCTION_NAMES } from './symbols';

export const MATH_CLASSES = new Set(['italic', 'symbol', 'extension', 'bb', 'cal', 'frak', 'math']);
const MATH_SYMBOL = /[=<>±∓×÷≤≥≠≈≡∼∝∈∉⊂⊆∪∩→⇒⇔∀∃∂∇∞∑∏∫√∮⊗⊕∧∨′‖⟨⟩]/;

/** Does this glyph say "math" by itself: a math font's letter or symbol, a math letter, Greek, an operator? */
export function isMathGlyph(g: Glyph): boolean {
  if (!g.ch.trim()) return false;
  if (MATH_CLASSES.has(g.cls)) return !/^[0-9.,;:()[\]]$/.test(g.ch) || g.cls === 'extension';
  // Greek in a text font is a word's or a unit's (μm, α-helix); in a math or symbol font it is math.
  // TeX sets upright capital Greek in its roman fonts.
  if ((g.cls === 'roman' || g.cls === 'bold') && /[\u0370-\u03ff]/.test(g.ch)) return true;
  return mathLetter(g.ch) !== undefined || MATH_SYMBOL.test(g.ch);
}

/** Operators' names that are words of prose too: math where a script or a bracket follows them, not a letter. */
const PROSE_NAMES = new Set(['rank', 'max', 'min', 'sup', 'inf', 'lim', 'mod', 'arg', 'var', 'cov', 'deg', 'hom', 'Re', 'Im', 'sec', 'tan']);
/** Punctuation that closes what stands before it: it stays on inline math, with no space between. */
const CLOSING = /^[,.;:!?)\]]$/;
/** Relations and binary operators: math sets a space around them, and they take the operand before them. */
const RELATION = /^[=<>≤≥≈∈∉⊂⊆⊃⊇≡≠∼≃≅∝≪≫→←↦⇒⇔]$/;
const OPERATOR = /^[×+·−±∓∪∩⊕⊗∘]$/;
/** Capitals that name a function before its bracket (KL, MSE); as words of prose, they need the bracket with math. */
const ACRONYM = /^[A-Z]{2,5}$/;
const LIST_MARKER = /^[•∙◦▪‣●○■□►▶∗⋆]$/;
/** Two-letter words an italic (emphasized) phrase may hold beside math: never taken for a product of variables. */
const TWO_LETTER_WORDS = new Set(['an', 'as', 'at', 'be', 'by', 'do', 'go', 'he', 'if', 'in', 'is', 'it', 'me', 'my', 'no', 'of', 'on', 'or', 'so', 'to', 'up', 'us', 'we', 'In', 'If', 'It', 'On', 'We', 'As', 'At', 'By', 'No', 'Of', 'Or', 'So', 'To']);

/** Letters of a text font that stand in words of three or more letters, and those words. */
export interface ProseWord {
  text: string;
  size: number;
  italic: boolean;
  x0: number;
  x1: number;
}

export function proseWords(glyphs: readonly Glyph[]): { words: ProseWord[]; inWords: Set<Glyph> } {
  const words: ProseWord[] = [];
  const inWords = new Set<Glyph>();
  let word: Glyph[] = [];
  // A word set as a script against a math glyph (θ̂ with its subscript "MLE", x_{max}) is no word of prose.
  let scriptWord = false;
  let math: Glyph | undefined;
  const end = () => {
    const text = word.map((g) => g.ch).join('');
    if (word.length >= 3 && !FUNCTION_NAMES.has(text) && !scriptWord) {
      words.push({ text, size: Math.max(...word.map((g) => g.size)), italic: isItalicFont(word[0]!.font), x0: word[0]!.x0, x1: word.at(-1)!.x1 });
      word.forEach((g) => inWords.add(g));
    }
    word = [];
  };
  for (const g of [...glyphs].sort((a, b) => a.x0 - b.x0)) {
    // Greek letters are symbols, not letters of prose words ("sinθ" is a function and its argument).
    const letter = /\p{L}/u.test(g.ch) && !/[\u0370-\u03ff]/.test(g.ch) && !MATH_CLASSES.has(g.cls) && mathLetter(g.ch) === undefined;
    const prev = word.at(-1);
    // A script set against a word's last letter is no letter of it (Times sets \max_i as "max" and a small "i").
    const script = !!prev && g.size < 0.85 * prev.size && Math.abs(g.base - prev.base) > 0.1 * prev.size;
    if (letter && prev && g.run === prev.run && g.x0 - prev.x1 < 0.15 * g.size && !script) word.push(g);
    else {
      end();
      if (letter) word.push(g);
      scriptWord = letter && !!math && g.x0 - math.x1 < 0.15 * math.size && g.size < 0.85 * math.size && Math.abs(g.base - math.base) > 0.1 * math.size;
    }
    if (isMathGlyph(g) || MATH_CLASSES.has(g.cls)) math = g;
  }
  end();
  return { words, inWords };
}

/**
 * A prose line's text with its math runs as $…$: glyphs in math fonts (and the digits, brackets and
 * operators between them, and scripts raised or lowered off the line) each run rebuilt by formulaLatex.
 * Undefined when the line has no math run that could be written.
 */
export function inlineText(glyphs: readonly Glyph[], rules: readonly Rule[], body: number, base: number): string | undefined {
  const mathy = (g: Glyph) => isMathGlyph(g) || MATH_CLASSES.has(g.cls) || ACCENTS[g.ch] !== undefined || (g.ch.trim() && g.size < 0.85 * body);
  const gs = [...glyphs].sort((a, b) => a.x0 - b.x0);
  const { inWords } = proseWords(gs);
  const shifted = (g: Glyph) => g.size < 0.85 * body && Math.abs(g.base - base) > 0.1 * body && !inWords.has(g);
  // (An operator's name and its argument may be all in text faces: Times' "log n".)
  const names = nameRuns(gs, body, shifted);
  if (!glyphs.some(mathy) && names.length === 0) return undefined;
  // Whether the line's words are bold (a bold heading's math is bold by the line's style, not \mathbf).
  const boldWords = [...inWords].filter((g) => g.cls === 'bold' || isBoldFont(g.font)).length;
  const proseBold = inWords.size ? boldWords > 0.5 * inWords.size : undefined;
  // (Computer Modern sets capital Greek upright in its text font: H¹₀(Ω) is one formula.)
  const joins = (g: Glyph) => /^[0-9()[\]=+\-−/,.;|'′ΓΔΘΛΞΠΣΥΦΨΩ\u2126]$/.test(g.ch);
  // A lone letter in a text font's italic is a variable (Word sets math in Times Italic): it joins math
  // next to it, though it starts nothing on its own.
  // (A modifier letter is an accent: "ˆ" over y is not a letter beside it.)
  const letter = (g: Glyph | undefined) => !!g && /^[\p{Lu}\p{Ll}\p{Lt}\p{Lo}]$/u.test(g.ch);
  // Scripts are not letters of a word: x with its subscript i is still a lone x.
  const lone = (k: number) => {
    const g = gs[k]!;
    const prev = gs[k - 1];
    const next = gs[k + 1];
    const touches = (h: Glyph | undefined, gap: number) => letter(h) && !shifted(h!) && gap < 0.15 * g.size;
    return !touches(prev, prev ? g.x0 - prev.x1 : 0) && !touches(next, next ? next.x0 - g.x1 : 0);
  };
  const italicLetter = (g: Glyph) => letter(g) && g.cls === 'text' && isItalicFace(g.font) && !inWords.has(g);
  const weak = gs.map((g, k) => italicLetter(g) && lone(k));
  // Two italic letters set together beside math are its differential or product ("f(x) dx"), not a word; not at the
  // line's start.
  const first = gs.findIndex((g) => g.ch.trim());
  for (let k = first + 1; k + 1 < gs.length; k++) {
    const [a, b, after] = [gs[k]!, gs[k + 1]!, gs[k + 2]];
    const pair = italicLetter(a) && italicLetter(b) && b.x0 - a.x1 < 0.15 * a.size && !(letter(after) && after!.x0 - b.x1 < 0.15 * a.size);
    if (pair && !TWO_LETTER_WORDS.has(a.ch + b.ch) && !letter(gs[k - 1])) weak[k] = weak[k + 1] = true;
  }
  // A glyph a script is set against is math too (a bold R with its subscript).
  const nextGlyph: (Glyph | undefined)[] = [];
  for (let k = gs.length - 1, seen: Glyph | undefined; k >= 0; k--) {
    nextGlyph[k] = seen;
    if (gs[k]!.ch.trim()) seen = gs[k];
  }
  const anchor = (k: number) => {
    const next = nextGlyph[k];
    return !!next && gs[k]!.ch.trim() !== '' && !inWords.has(gs[k]!) && !shifted(gs[k]!) && shifted(next) && next.x0 - gs[k]!.x1 < 0.1 * body;
  };
  // A list's bullet set in a math font (LaTeX's itemize draws $\bullet$) is the line's marker, not math.
  const after = gs.slice(first + 1).find((g) => g.ch.trim());
  const marker = LIST_MARKER.test(gs[first]!.ch) && !!after && after.x0 - gs[first]!.x1 > 0.2 * body ? gs[first] : undefined;
  // An accent glyph over a math letter (TeX's \hat{y}: cmr's ˆ over cmmi's y) is that letter's.
  const accent = (g: Glyph) =>
    ACCENTS[g.ch] !== undefined && gs.some((h, k) => h !== g && (isMathGlyph(h) || weak[k]!) && cx(g) > h.x0 - 0.1 * h.size && cx(g) < h.x1 + 0.1 * h.size && g.base <= h.base + 0.05 * h.size);
  const accented = new Set(gs.filter(accent));
  const math = gs.map((g, k) => g !== marker && (isMathGlyph(g) || shifted(g) || weak[k]! || anchor(k) || accented.has(g)));
  const named = operatorNames(gs, names, math, body, shifted);
  if (!math.some(Boolean)) return undefined;
  // Runs: math glyphs, and joining glyphs between or right after them; spaces inside a run stay in it.
  const spans: [number, number][] = [];
  for (let i = 0; i < gs.length; i++) {
    if (!math[i]) continue;
    // Back over digits and brackets touching the run's start ("1" of 1², "2" of 2x).
    let start = i;
    const floor = spans.length ? spans.at(-1)![1] : 0;
    while (start > floor && joins(gs[start - 1]!) && gs[start]!.x0 - gs[start - 1]!.x1 < 0.15 * body) start--;
    // A binary operator takes the operand before it across a space ("1 × 1"); a relation, a lone letter
    // too (Word sets "k = 2π/λ" with an upright k in the text font).
    if (OPERATOR.test(gs[start]!.ch) || RELATION.test(gs[start]!.ch)) {
      let k = start - 1;
      while (k > floor && !gs[k]!.ch.trim()) k--;
      const operand = k >= floor && (/^[0-9)\]]$/.test(gs[k]!.ch) || (RELATION.test(gs[start]!.ch) && letter(gs[k]) && lone(k) && !inWords.has(gs[k]!)));
      // (A relation stands a thick space from its operand, wider beside a text face's digit: "1 ≤ i".)
      if (operand && gs[start]!.x0 - gs[k]!.x1 < (RELATION.test(gs[start]!.ch) ? 0.6 : 0.4) * body) {
        start = k;
        while (start > floor && joins(gs[start - 1]!) && gs[start]!.x0 - gs[start - 1]!.x1 < 0.15 * body) start--;
      }
    }
    // A function's name set just before it ("sin" before its bracketed argument) is the formula's.
    // (A fraction after it starts at its bar: its numerator stands in from it.)
    const bar = rules.find((r) => r.x0 <= gs[start]!.x0 && r.x1 > gs[start]!.x0 && Math.abs(r.y - base) < body);
    let name = start;
    // The name's letters touch; a space may part it from what it applies to.
    const gap = (k: number) => Math.min(gs[k]!.x0, k === start && bar ? bar.x0 : Infinity) - gs[k - 1]!.x1;
    while (name > floor && /^[a-z]$/.test(gs[name - 1]!.ch) && gap(name) < (name === start ? 0.3 : 0.15) * body) name--;
    if (name < start && FUNCTION_NAMES.has(gs.slice(name, start).map((g) => g.ch).join('')) && !(name > floor && /\p{L}/u.test(gs[name - 1]!.ch) && gs[name]!.x0 - gs[name - 1]!.x1 < 0.15 * body)) start = name;
    let j = i + 1;
    let prev: Glyph | undefined = gs[i];
    for (; j < gs.length; j++) {
      const g = gs[j]!;
      if (j > i + 1 && gs[j - 1]!.ch.trim()) prev = gs[j - 1];
      // A wide gap ends the run: what follows is set apart from it. So does a sentence's full stop and the space after
      // it, before text ("edge $\mathbf{R}_{E}$. (c) The …"; not before math: "\lambda x. \oplus", \ldots's dots).
      if (g.ch.trim() && prev && g.x0 - prev.x1 > 1.0 * body) break;
      if (g.ch.trim() && prev?.ch === '.' && g.x0 - prev.x1 > 0.2 * body && !math[j] && !MATH_CLASSES.has(g.cls)) break;
      // A colon set a space from the math before it is a relation ("f : X → Y"); prose sets its colon close.
      const relationColon = g.ch === ':' && !!prev && g.x0 - prev.x1 > 0.1 * body;
      // A bold letter of TeX's bold font set against the math before it, alone (\mathbf{W}^\top\mathbf{x}).
      const boldLetter = (g.cls === 'bold' || (g.cls === 'text' && isBoldFont(g.font) && proseBold === false)) && letter(g) && !!prev && g.x0 - prev.x1 < 0.15 * body && !(letter(gs[j + 1]) && gs[j + 1]!.x0 - g.x1 < 0.15 * g.size);
      if (math[j] || joins(g) || shifted(g) || relationColon || boldLetter) continue;
      if (!g.ch.trim()) {
        // A space continues the run only when math follows it.
        let k = j;
        while (k < gs.length && !gs[k]!.ch.trim()) k++;
        const last = prev;
        const next = gs[k];
        const spaced = [last, next].some((g) => !!g && (OPERATOR.test(g.ch) || RELATION.test(g.ch) || g.ch === ':' || g.ch === '-'));
        const close = next && last && next.x0 - last.x1 < (spaced ? 0.6 : 0.3) * body;
        if (next && close && last!.ch !== '.' && (math[k] || (joins(next) && last && (/[=+\-−<>≤≥×]/.test(last.ch) || /[([=+\-−/<>]/.test(next.ch))))) {
          j = k - 1;
          continue;
        }
      }
      break;
    }
    // A trailing comma or full stop is the sentence's.
    let end = j;
    while (end > start + 1 && /^[\s,.;:=+\-−/]$/.test(gs[end - 1]!.ch)) end--;
    // Brackets the run does not match stay outside: "(see x)" keeps its ")" in the prose.
    const depth = (a: number, b: number) => gs.slice(a, b).reduce((d, g) => d + ('([{'.includes(g.ch) ? 1 : ')]}'.includes(g.ch) ? -1 : 0), 0);
    while (end > start + 1 && ')]}'.includes(gs[end - 1]!.ch) && depth(start, end) < 0) end--;
    while (start < end - 1 && '([{'.includes(gs[start]!.ch) && depth(start, end) > 0) start++;
    while (end > start + 1 && /^[\s,.;:([]?$/.test(gs[end - 1]!.ch)) end--;
    // A run that starts where the one before ends, touching it, is the same formula ("∆" then "θ = 0.007"): two
    // runs written "$…$$…$" would read as display math.
    const last = spans.at(-1);
    if (last && start === last[1] && gs[start]!.x0 - gs[start - 1]!.x1 < 0.15 * body) last[1] = end;
    else spans.push([start, end]);
    i = j - 1;
  }
  let out = '';
  let at = 0;
  let wrote = false;
  const text = (from: number, to: number) => {
    let t = '';
    for (let k = from; k < to; k++) {
      const g = gs[k]!;
      const prev = gs[k - 1];
      const afterMath = k === from && k > 0 && CLOSING.test(g.ch);
      if (prev && g.ch.trim() && prev.ch.trim() && g.x0 - prev.x1 > 0.15 * g.size && !afterMath) t += ' ';
      t += g.ch;
    }
    return t;
  };
  for (const [s, e] of spans) {
    const part = gs.slice(s, e).filter((g) => g.ch.trim());
    // A lone digit or bracket run is not math; nor is a script with nothing in a math font.
    // Math by its font or letters, or by its structure: an operator with a script or a fraction (TeX sets
    // "1² = ⅙" all in its roman font).
    // An accent over a lone italic letter is math too (Times math's \hat{y}: the text face's ˆ over its y).
    const strong = part.some((g) => (isMathGlyph(g) && (MATH_CLASSES.has(g.cls) || mathLetter(g.ch) !== undefined)) || accented.has(g));
    // An operator's name with its script or its argument (Times sets \max_i x_i all in its text faces).
    const script = part.some((g) => shifted(g) && /[0-9A-Za-z]/.test(g.ch));
    const structured = (part.some(isMathGlyph) && script) || (part.some((g) => named.has(g)) && (script || part.some((g) => !named.has(g) && /\p{L}/u.test(g.ch))));
    // A power of ten in a text face ("10⁶"): a footnote's mark stands after a word, not after 10.
    const power = /^10[0-9]+$/.test(part.map((g) => g.ch).join('')) && part.slice(2).every((g) => shifted(g) && g.base < base);
    const near = rules.filter((r) => r.x0 >= part[0]!.x0 - body && r.x1 <= part.at(-1)!.x1 + body && Math.abs(r.y - base) < body);
    // A fraction set in the line: small glyphs over a rule and under it ("the variation DC(s,t)/Dt", its
    // letters in the text's italic).
    const over = (r: Rule, g: Glyph) => g.x0 < r.x1 && g.x1 > r.x0 && shifted(g);
    const fraction = near.some((r) => part.some((g) => over(r, g) && g.base <= r.y) && part.some((g) => over(r, g) && g.base - 0.6 * g.size >= r.y));
    if (!strong && !structured && !fraction && !power) continue;
    // A value with its error ("48.98 ± 2.7", a results table's cell) reads as printed: only its sign is math's.
    if (/^\d[\d.,]*[±∓]\d[\d.,]*%?$/.test(part.map((g) => g.ch).join('')) && !part.some(shifted)) continue;
    const latex = formulaLatex(part, near, proseBold);
    if (!latex) continue;
    const before = text(at, s);
    // A word of prose beside the math is set apart from it, however tight the line is set (Word's "φ₁and φ₂").
    // Punctuation after it stays on it ("$\varphi_{2}$," not "$\varphi_{2}$ ,").
    const apart = (a: Glyph, b: Glyph) => !CLOSING.test(b.ch) && b.x0 - a.x1 > (inWords.has(a) || inWords.has(b) ? 0.05 : 0.15) * body;
    const gap = s > 0 && gs[s - 1]!.ch.trim() && apart(gs[s - 1]!, gs[s]!) ? ' ' : '';
    out += before + gap + `$${latex}$`;
    at = e;
    wrote = true;
    if (e < gs.length && gs[e]!.ch.trim() && apart(gs[e - 1]!, gs[e]!)) out += ' ';
  }
  if (!wrote) return undefined;
  return (out + text(at, gs.length)).replace(/\s+/g, ' ').trim();
}

/**
 * Marks as math an operator's name set in roman letters ("sup", "lim", "Pr") where math follows it: a script set
 * against it (\sup_n), or a math glyph a space or a bracket after it (\sin x, \Pr(X > t)); and a name a thin space
 * before such a name (\arg\max, \lim\sup). Without it the name stayed prose and its script went to its last letter
 * ("su$p_{n}a_{n}$"). Returns the names' glyphs.
 */
function operatorNames(gs: readonly Glyph[], names: readonly [number, number][], math: boolean[], body: number, shifted: (g: Glyph) => boolean): Set<Glyph> {
  const marked = new Set<Glyph>();
  const nextInk = (k: number) => {
    while (k < gs.length && !gs[k]!.ch.trim()) k++;
    return k < gs.length ? k : undefined;
  };
  for (let n = names.length - 1; n >= 0; n--) {
    const [from, to] = names[n]!;
    const last = gs[to - 1]!;
    const script = to < gs.length && shifted(gs[to]!) && gs[to]!.x0 - last.x1 < 0.2 * body;
    const k = nextInk(to);
    const near = k !== undefined && gs[k]!.x0 - last.x1 < 0.3 * body;
    const opens = near && '([|'.includes(gs[k]!.ch) && nextInk(k + 1) !== undefined && math[nextInk(k + 1)!]!;
    const name = gs.slice(from, to).map((g) => g.ch).join('');
    // An acronym's bracket holds more than letters (KL(p‖q)): "LALR(k)" names a class of parsers in prose.
    const close = gs.findIndex((g, i) => i > to && g.ch === ')');
    const symbolInside = close > 0 && gs.slice(to + 1, close).some((g) => isMathGlyph(g) && !/\p{L}/u.test(g.ch));
    if (ACRONYM.test(name) && !FUNCTION_NAMES.has(name) && !symbolInside) continue;
    // Times math sets its variables in the text's italic: a lone italic letter after the name is its argument — where
    // the name is no word of prose.
    const argument = near && !math[k]! && !PROSE_NAMES.has(name) && isItalicFace(gs[k]!.font) && /^\p{L}$/u.test(gs[k]!.ch) && !(k + 1 < gs.length && /\p{L}/u.test(gs[k + 1]!.ch) && gs[k + 1]!.x0 - gs[k]!.x1 < 0.15 * body);
    if (argument) math[k] = true;
    // A name that is also a word of prose ("at rank $k$", "the max $n$") is math only with its script or its brackets.
    const word = PROSE_NAMES.has(name) || ACRONYM.test(name);
    const beforeName = near && marked.has(gs[k]!);
    if (!script && !(near && math[k]! && !word) && !opens && !beforeName) continue;
    for (let i = from; i < to; i++) {
      math[i] = true;
      marked.add(gs[i]!);
    }
  }
  return marked;
}

/** Runs of roman letters of one face that spell an operator's name ("sup", "Pr"), not glued to a letter before them. */
function nameRuns(gs: readonly Glyph[], body: number, shifted: (g: Glyph) => boolean): [number, number][] {
  const roman = (k: number) => k < gs.length && /^[A-Za-z]$/.test(gs[k]!.ch) && !MATH_CLASSES.has(gs[k]!.cls) && !shifted(gs[k]!);
  const names: [number, number][] = [];
  for (let k = 0; k < gs.length; ) {
    if (!roman(k)) {
      k++;
      continue;
    }
    let e = k + 1;
    while (roman(e) && gs[e]!.font === gs[k]!.font && gs[e]!.x0 - gs[e - 1]!.x1 < 0.15 * body) e++;
    const glued = k > 0 && /\p{L}/u.test(gs[k - 1]!.ch) && gs[k]!.x0 - gs[k - 1]!.x1 < 0.15 * body;
    // An acronym against an opening bracket names a function too (KL(p‖q), MSE(y, ŷ)).
    const name = gs.slice(k, e).map((g) => g.ch).join('');
    if (!glued && (FUNCTION_NAMES.has(name) || (ACRONYM.test(name) && gs[e]?.ch === '(' && gs[e]!.x0 - gs[e - 1]!.x1 < 0.15 * body))) names.push([k, e]);
    k = e;
  }
  return names;
}
