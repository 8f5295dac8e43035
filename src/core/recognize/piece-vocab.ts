// Turns recognizer token ids back into text (docs/pack-format.md, "Tokenizer"): pieces are concatenated,
// specials skipped. Only decoding is needed at inference time.

export interface PieceVocab {
  pieces: string[];
  specials: Set<number>;
}

export function parsePieceVocab(json: string, specials: number[], file = 'tokenizer.json'): PieceVocab {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (e) {
    throw new Error(`${file}: is not valid JSON (${(e as Error).message})`);
  }
  const o = raw as { type?: unknown; pieces?: unknown };
  if (o?.type !== 'pieces' || !Array.isArray(o.pieces) || !o.pieces.every((p) => typeof p === 'string')) {
    throw new Error(`${file}: expected {"type": "pieces", "pieces": [strings]}`);
  }
  return { pieces: o.pieces as string[], specials: new Set(specials) };
}

export function piecesToText(vocab: PieceVocab, ids: readonly number[]): string {
  let s = '';
  for (const id of ids) {
    if (vocab.specials.has(id)) continue;
    // Ids outside the table come only from a broken pack; keep the text readable rather than throw.
    s += vocab.pieces[id] ?? '\uFFFD';
  }
  return s;
}
