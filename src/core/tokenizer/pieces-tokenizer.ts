// The "pieces" tokenizer of docs/pack-format.md: id = index into `pieces`; text is split by
// greedy longest match; decoding concatenates pieces and skips specials. Matches
// training/charset.py, which writes these files.

/** Pieces that are control tokens, never text, whatever their ids. */
export const SPECIAL_PIECES = ['<pad>', '<bos>', '<eos>', '<unk>'] as const;

export interface PiecesTokenizerJson {
  type: 'pieces';
  pieces: string[];
}

export class PiecesTokenizer {
  readonly pieces: readonly string[];
  /** Id emitted for a character no piece covers; undefined when the vocabulary has no <unk>. */
  readonly unk: number | undefined;
  private readonly special: Set<number>;
  private readonly byText = new Map<string, number>();
  private readonly longest: number;

  /** `specialIds`: extra control ids from pack.json (bos, eos, pad), skipped like the named ones. */
  constructor(pieces: readonly string[], specialIds: readonly number[] = []) {
    this.pieces = pieces;
    this.special = new Set(specialIds);
    pieces.forEach((p, id) => {
      if ((SPECIAL_PIECES as readonly string[]).includes(p)) this.special.add(id);
    });
    this.unk = pieces.indexOf('<unk>') >= 0 ? pieces.indexOf('<unk>') : undefined;
    let longest = 0;
    pieces.forEach((p, id) => {
      // Control tokens are never matched in text, so a page reading "<eos>" stays text.
      if (p.length === 0 || this.special.has(id) || this.byText.has(p)) return;
      this.byText.set(p, id);
      longest = Math.max(longest, p.length);
    });
    this.longest = longest;
  }

  /** Parse a tokenizer file (text or parsed JSON), with a clear message when it is not one. */
  static fromJson(json: unknown, specialIds: readonly number[] = []): PiecesTokenizer {
    const data = typeof json === 'string' ? (JSON.parse(json) as unknown) : json;
    if (typeof data !== 'object' || data === null) throw new Error('Tokenizer file is not a JSON object');
    const { type, pieces } = data as Partial<PiecesTokenizerJson>;
    if (type !== 'pieces') throw new Error(`Unsupported tokenizer type ${JSON.stringify(type)}; expected "pieces"`);
    if (!Array.isArray(pieces) || pieces.length === 0 || !pieces.every((p) => typeof p === 'string')) {
      throw new Error('Tokenizer "pieces" must be a non-empty array of strings');
    }
    return new PiecesTokenizer(pieces, specialIds);
  }

  get vocabSize(): number {
    return this.pieces.length;
  }

  /** Ids of `text` by greedy longest match; a character no piece starts with becomes <unk>. */
  encode(text: string): number[] {
    const ids: number[] = [];
    let i = 0;
    while (i < text.length) {
      let matched = false;
      for (let len = Math.min(this.longest, text.length - i); len > 0; len--) {
        const id = this.byText.get(text.slice(i, i + len));
        if (id !== undefined) {
          ids.push(id);
          i += len;
          matched = true;
          break;
        }
      }
      if (matched) continue;
      if (this.unk === undefined) {
        throw new Error(`Character ${JSON.stringify(String.fromCodePoint(text.codePointAt(i)!))} is not in the vocabulary, which has no <unk>`);
      }
      ids.push(this.unk);
      // One <unk> per code point, not per UTF-16 unit.
      i += text.codePointAt(i)! > 0xffff ? 2 : 1;
    }
    return ids;
  }

  /** Text of `ids`; specials and ids outside the vocabulary (untrusted model output) are skipped. */
  decode(ids: ArrayLike<number>): string {
    let text = '';
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      if (this.special.has(id)) continue;
      const piece = this.pieces[id];
      if (piece !== undefined) text += piece;
    }
    return text;
  }
}
