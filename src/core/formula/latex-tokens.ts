// LaTeX math → tokens, and the token tree the normalizer rewrites.
//
// Tokens: control words (`\frac`), control symbols (`\{`, `\\`, `\,`), `\begin{env}` / `\end{env}` as one
// token each, and single characters. Whitespace separates tokens and is dropped, except inside `\text{…}`
// where a space is the token " ".

export type Node = string | Group;
export interface Group {
  kind: 'group';
  /** true for `{…}`; false only for the top level. */
  braced: boolean;
  items: Node[];
}

const TEXT_COMMANDS = new Set(['\\text', '\\textrm', '\\mbox', '\\textbf', '\\textit', '\\mathrm', '\\operatorname']);

export function isControlWord(t: string): boolean {
  return /^\\[a-zA-Z]+$/.test(t);
}

export function tokenize(src: string): string[] {
  const out: string[] = [];
  let i = 0;
  let textDepth = -1; // brace depth at which a \text argument opened; spaces count inside it
  let depth = 0;
  let pendingText = false;
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) {
      const last = out[out.length - 1];
      if (textDepth >= 0 && depth > textDepth && last !== ' ' && last !== '{') out.push(' ');
      i++;
      continue;
    }
    if (c === '\\') {
      const word = /^\\(begin|end)\s*\{\s*([a-zA-Z*]+)\s*\}/.exec(src.slice(i));
      if (word) {
        out.push(`\\${word[1]}{${word[2]}}`);
        i += word[0].length;
        continue;
      }
      const m = /^\\([a-zA-Z]+|[^a-zA-Z]?)/.exec(src.slice(i))!;
      const tok = m[0] === '\\' ? '\\ ' : m[0];
      out.push(tok);
      i += m[0].length || 1;
      if (tok === '\\text' || tok === '\\mbox' || tok === '\\textrm') pendingText = true;
      continue;
    }
    if (c === '{') {
      depth++;
      if (pendingText) {
        textDepth = depth - 1;
        pendingText = false;
      }
    } else if (c === '}') {
      depth--;
      if (textDepth >= 0 && depth <= textDepth) {
        if (out[out.length - 1] === ' ') out.pop();
        textDepth = -1;
      }
    } else pendingText = false;
    out.push(c);
    i++;
  }
  return out;
}

/** Builds the brace tree; unbalanced braces are closed or dropped so any input yields a tree. */
export function parse(tokens: string[]): Group {
  const root: Group = { kind: 'group', braced: false, items: [] };
  const stack: Group[] = [root];
  for (const t of tokens) {
    const top = stack[stack.length - 1]!;
    if (t === '{') {
      const g: Group = { kind: 'group', braced: true, items: [] };
      top.items.push(g);
      stack.push(g);
    } else if (t === '}') {
      if (stack.length > 1) stack.pop();
    } else top.items.push(t);
  }
  return root;
}

export function isGroup(n: Node | undefined): n is Group {
  return typeof n === 'object' && n !== null;
}

export { TEXT_COMMANDS };
