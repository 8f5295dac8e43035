// Decoding for Hugging Face `tokenizer.json` files with a byte-level BPE vocabulary (GPT-2 style, as
// DeepSeek-OCR and jina-ocr-v1 ship): every vocabulary entry spells bytes through a fixed map of 256
// printable characters, so a token may hold half of a UTF-8 character; text is made from the joined
// bytes of all tokens, never token by token. Only decoding is needed at inference time.

/** GPT-2's byte ↔ character table: printable Latin-1 bytes stand for themselves, the rest for U+0100…. */
function byteTable(): Map<number, number> {
  const keep = (b: number) => (b >= 0x21 && b <= 0x7e) || (b >= 0xa1 && b <= 0xac) || (b >= 0xae && b <= 0xff);
  const byChar = new Map<number, number>();
  let extra = 0;
  for (let b = 0; b < 256; b++) byChar.set(keep(b) ? b : 256 + extra++, b);
  return byChar;
}

const BYTE_OF_CHAR = byteTable();
const utf8 = new TextEncoder();

/** The bytes a vocabulary entry spells; an entry outside the byte alphabet (added tokens) is its own UTF-8. */
function tokenBytes(token: string): Uint8Array {
  const out = new Uint8Array(token.length);
  let n = 0;
  for (const ch of token) {
    const b = BYTE_OF_CHAR.get(ch.codePointAt(0)!);
    if (b === undefined) return utf8.encode(token);
    out[n++] = b;
  }
  return out.subarray(0, n);
}

interface TokenizerJson {
  added_tokens?: { id: number; content: string }[];
  decoder?: { type?: string; decoders?: { type?: string }[] } | null;
  model?: { type?: string; vocab?: Record<string, number> };
}

export class ByteLevelDecoder {
  /** Bytes of each token id (sparse: ids the file does not name are absent). */
  private readonly bytesOf = new Map<number, Uint8Array>();
  private readonly skip: Set<number>;

  /** `skipIds`: control tokens (bos, eos, pad, image placeholder) that are never text. */
  constructor(vocab: Iterable<[string, number]>, skipIds: readonly number[] = []) {
    for (const [token, id] of vocab) this.bytesOf.set(id, tokenBytes(token));
    this.skip = new Set(skipIds);
  }

  /** Parses tokenizer.json text (or its parsed object); throws naming `file` when it is not byte-level BPE. */
  static fromJson(json: string | object, skipIds: readonly number[] = [], file = 'tokenizer.json'): ByteLevelDecoder {
    let o: TokenizerJson;
    try {
      o = (typeof json === 'string' ? JSON.parse(json) : json) as TokenizerJson;
    } catch (e) {
      throw new Error(`${file}: is not valid JSON (${(e as Error).message})`);
    }
    if (o?.model?.type !== 'BPE' || typeof o.model.vocab !== 'object' || o.model.vocab === null) {
      throw new Error(`${file}: expected a Hugging Face tokenizer.json with a BPE model and its vocab`);
    }
    const decoders = o.decoder?.type === 'Sequence' ? (o.decoder.decoders ?? []) : [o.decoder ?? {}];
    if (decoders.length !== 1 || decoders[0]?.type !== 'ByteLevel') {
      const got = decoders.map((d) => d?.type ?? 'none').join(', ');
      throw new Error(`${file}: decoder ${got} is not supported; Pagemark reads byte-level BPE (decoder "ByteLevel")`);
    }
    const entries: [string, number][] = Object.entries(o.model.vocab);
    // Added tokens (<image>, <|ref|>, …) may sit outside the BPE vocab; they decode as their own text.
    for (const t of o.added_tokens ?? []) entries.push([t.content, t.id]);
    for (const [token, id] of entries) {
      if (typeof token !== 'string' || !Number.isInteger(id) || id < 0) throw new Error(`${file}: bad vocabulary entry ${JSON.stringify([token, id])}`);
    }
    return new ByteLevelDecoder(entries, skipIds);
  }

  /** Largest token id + 1. */
  get vocabSize(): number {
    let max = -1;
    for (const id of this.bytesOf.keys()) max = Math.max(max, id);
    return max + 1;
  }

  /**
   * Text of `ids` (model output, untrusted): control ids and ids the vocabulary lacks are dropped, and
   * byte runs that are not UTF-8 become U+FFFD, as Hugging Face's decoder does.
   */
  decode(ids: ArrayLike<number>): string {
    const parts: Uint8Array[] = [];
    let length = 0;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      if (this.skip.has(id)) continue;
      const b = this.bytesOf.get(id);
      if (!b) continue;
      parts.push(b);
      length += b.length;
    }
    const all = new Uint8Array(length);
    let at = 0;
    for (const p of parts) {
      all.set(p, at);
      at += p.length;
    }
    // ignoreBOM: a U+FEFF the model wrote at the start is text, not a byte-order mark.
    return new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(all);
  }
}
