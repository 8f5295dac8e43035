import { describe, expect, it } from 'vitest';
import { PiecesTokenizer } from './pieces-tokenizer';

const PIECES = ['<pad>', '<bos>', '<eos>', '<unk>', 'a', 'b', 'ab', '\\frac', '\\f', '{', '}', 'é', '😀', '<', 'e', 'o', 's', '>', 'a'];
const [UNK, A, B, AB, FRAC, F, OPEN, CLOSE, E_ACUTE, GRIN, LT, E, O, S, GT] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17];
const tok = PiecesTokenizer.fromJson(JSON.stringify({ type: 'pieces', pieces: PIECES }));

describe('PiecesTokenizer', () => {
  it('splits by greedy longest match', () => {
    expect(tok.encode('ab')).toEqual([AB]);
    expect(tok.encode('aab')).toEqual([A, AB]);
    expect(tok.encode('ba')).toEqual([B, A]);
    expect(tok.encode('\\frac{a}{b}')).toEqual([FRAC, OPEN, A, CLOSE, OPEN, B, CLOSE]);
    expect(tok.encode('\\fa')).toEqual([F, A]);
  });

  it('maps each unknown code point to one <unk>, astral characters included', () => {
    expect(tok.encode('axb')).toEqual([A, UNK, B]);
    expect(tok.encode('😃a😀')).toEqual([UNK, A, GRIN]);
    expect(tok.encode('é')).toEqual([E_ACUTE]);
    expect(tok.encode('e\u0301')).toEqual([E, UNK]); // no normalization here: callers NFC first
  });

  it('never matches a special from text, and the first of duplicate pieces wins', () => {
    expect(tok.encode('<eos>')).toEqual([LT, E, O, S, GT]);
    expect(tok.encode('a')).toEqual([A]);
  });

  it('decodes by concatenation, skipping specials and ids outside the vocabulary', () => {
    expect(tok.decode([1, FRAC, OPEN, A, CLOSE, UNK, 0, 2])).toBe('\\frac{a}');
    expect(tok.decode(Int32Array.of(A, 999, -1, B))).toBe('ab');
    const text = 'ab\\frac{é}😀<eos>';
    expect(tok.decode(tok.encode(text))).toBe(text);
  });

  it('skips extra control ids named by the pack', () => {
    expect(new PiecesTokenizer(PIECES, [A]).decode([A, B])).toBe('b');
  });

  it('rejects files that are not a pieces tokenizer, and unknown text without <unk>', () => {
    expect(() => PiecesTokenizer.fromJson('{"type":"bpe","pieces":["a"]}')).toThrow(/Unsupported tokenizer type "bpe"/);
    expect(() => PiecesTokenizer.fromJson({ type: 'pieces', pieces: ['a', 3] })).toThrow(/array of strings/);
    expect(() => PiecesTokenizer.fromJson('[]')).toThrow(/Unsupported/);
    expect(() => PiecesTokenizer.fromJson('null')).toThrow(/not a JSON object/);
    expect(() => new PiecesTokenizer(['a']).encode('ab')).toThrow(/"b" is not in the vocabulary/);
  });
});
