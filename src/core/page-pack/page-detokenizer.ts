// The text of a page pack's token ids, from its tokenizer file: a Hugging Face tokenizer.json with a
// byte-level BPE vocabulary (what DeepSeek-OCR / jina-ocr-v1 checkpoints ship and the converter copies),
// or Pagemark's own `pieces` table. Control ids (bos, eos, pad, image) are never text; grounding tokens
// such as <|ref|> stay in the text, where parseGrounded turns them into regions.
import type { PageTokenizerSpec } from './page-pack-types';
import { parsePieceVocab, piecesToText } from '../recognize/piece-vocab';
import { ByteLevelDecoder } from '../tokenizer/byte-level-bpe';

export type Detokenize = (ids: readonly number[]) => string;

export function pageDetokenizer(text: string, spec: PageTokenizerSpec, vocabSize: number): Detokenize {
  const control = [spec.bos, spec.eos, spec.pad, spec.image];
  let kind: unknown;
  try {
    kind = (JSON.parse(text) as { type?: unknown }).type;
  } catch (e) {
    throw new Error(`${spec.file}: is not valid JSON (${(e as Error).message})`);
  }
  if (kind === 'pieces') {
    const vocab = parsePieceVocab(text, control, spec.file);
    if (vocab.pieces.length !== vocabSize) throw new Error(`${spec.file}: has ${vocab.pieces.length} pieces, pack.json vocabSize is ${vocabSize}`);
    return (ids) => piecesToText(vocab, ids);
  }
  const bpe = ByteLevelDecoder.fromJson(text, control, spec.file);
  if (bpe.vocabSize > vocabSize) throw new Error(`${spec.file}: has token ids up to ${bpe.vocabSize - 1}, pack.json vocabSize is ${vocabSize}`);
  return (ids) => bpe.decode(ids);
}
