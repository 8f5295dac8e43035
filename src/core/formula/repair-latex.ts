// Makes a recognizer's LaTeX structurally well formed, so KaTeX can render it: braces balanced and every
// script or command argument present (normalizeLatex does both), each \left closed by a \right (or
// `\right .`) inside its group, stray \right dropped, environments closed and matched, `&` anywhere but
// directly in an environment's body (outside one, inside a brace group or an open \left) dropped, a second
// superscript (or subscript) on one base given an empty base `{}`.
// Only structure is touched: the symbols read stay as they are.
import { isControlWord, tokenize } from './latex-tokens';
import { normalizeLatex } from './normalize-latex';

interface Frame {
  /** Open \left (true) or \begin{env} (env name) in this brace group, innermost last. */
  open: (true | string)[];
  /** Scripts (^, _) already on the current base. */
  scripts: Set<string>;
  /** This group is a script's argument. */
  isScript: boolean;
}

export function repairLatex(src: string): string {
  const tokens = tokenize(normalizeLatex(src));
  const out: string[] = [];
  const frames: Frame[] = [{ open: [], scripts: new Set(), isScript: false }];
  const close = (f: Frame) => {
    while (f.open.length) {
      const o = f.open.pop()!;
      out.push(...(o === true ? ['\\right', '.'] : [`\\end{${o}}`]));
    }
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const f = frames[frames.length - 1]!;
    if (t === '{') {
      frames.push({ open: [], scripts: new Set(), isScript: out[out.length - 1] === '^' || out[out.length - 1] === '_' });
      out.push(t);
    } else if (t === '}') {
      close(f);
      if (frames.length > 1 && !frames.pop()!.isScript) frames[frames.length - 1]!.scripts = new Set();
      out.push(t);
    } else if (t === '^' || t === '_') {
      if (f.scripts.has(t)) {
        out.push('{', '}');
        f.scripts = new Set();
      }
      f.scripts.add(t);
      out.push(t);
    } else if (t === '\\left') {
      f.open.push(true);
      out.push(t, tokens[++i] ?? '.');
    } else if (t === '\\right') {
      const delim = tokens[++i] ?? '.';
      const at = f.open.lastIndexOf(true);
      if (at < 0) continue; // a \right with no \left in its group: drop it and its delimiter
      // environments opened after that \left close first
      while (f.open.length - 1 > at) out.push(`\\end{${f.open.pop()}}`);
      f.open.pop();
      out.push(t, delim);
    } else if (t.startsWith('\\begin{')) {
      f.open.push(t.slice(7, -1));
      out.push(t);
    } else if (t.startsWith('\\end{')) {
      const at = f.open.findLastIndex((o) => o !== true);
      if (at < 0) continue;
      while (f.open.length - 1 > at) {
        f.open.pop();
        out.push('\\right', '.');
      }
      out.push(`\\end{${f.open.pop()}}`);
    } else if (t === '&' && typeof f.open[f.open.length - 1] !== 'string') {
      continue; // KaTeX takes a column separator only at its environment's own level
    } else {
      f.scripts = new Set();
      out.push(t);
    }
  }
  close(frames[0]!);
  return normalizeLatex(out.map((t) => (isControlWord(t) ? t + ' ' : t)).join(''));
}
