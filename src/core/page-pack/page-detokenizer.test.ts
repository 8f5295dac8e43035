import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageDetokenizer } from './page-detokenizer';

const dir = join(__dirname, '../../../models/seed-tiny');
const pack = JSON.parse(readFileSync(join(dir, 'pack.json'), 'utf8'));
const text = readFileSync(join(dir, 'tokenizer.json'), 'utf8');

describe('pageDetokenizer', () => {
  it('reads the byte-level BPE tokenizer.json: control ids dropped, grounding tokens kept as text', () => {
    const detok = pageDetokenizer(text, pack.tokenizer, pack.vocabSize);
    // 0 bos, 3 <image>, 1 eos are control ids; 5/6 are <|ref|> / <|/ref|>; 11 + byte is the byte's token.
    const bytes = (s: string) => [...new TextEncoder().encode(s)].map((b) => 11 + b);
    expect(detok([0, 3, 5, ...bytes('Title'), 6, ...bytes('\n€'), 1])).toBe('<|ref|>Title<|/ref|>\n€');
  });

  it('reads a pieces table and checks both kinds against vocabSize', () => {
    const pieces = JSON.stringify({ type: 'pieces', pieces: ['<bos>', '<eos>', '<pad>', '<image>', 'a', 'b'] });
    const spec = { ...pack.tokenizer, file: 'p.json' };
    expect(pageDetokenizer(pieces, spec, 6)([0, 4, 3, 5, 1])).toBe('ab');
    expect(() => pageDetokenizer(pieces, spec, 7)).toThrow(/^p\.json: has 6 pieces, pack\.json vocabSize is 7/);
    expect(() => pageDetokenizer(text, pack.tokenizer, 300)).toThrow(/tokenizer\.json: has token ids up to 511, pack\.json vocabSize is 300/);
    expect(() => pageDetokenizer('{', spec, 6)).toThrow(/^p\.json: is not valid JSON/);
  });
});
