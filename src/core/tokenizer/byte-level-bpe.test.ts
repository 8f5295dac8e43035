import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Tokenizer } from '@huggingface/tokenizers';
import { describe, expect, it } from 'vitest';
import { ByteLevelDecoder } from './byte-level-bpe';

// GPT-2's byte alphabet spelled by hand: 'Ġ' is the space byte 0x20, 'Ċ' is '\n', 'â' 0xE2, 'Ģ' 0x80,
// 'Ķ' 0x94, 'Ã' 0xC3, '©' 0xA9, 'ð' 0xF0, 'Ł' 0x9F, 'ĺ' 0x98.
const vocab: [string, number][] = [
  ['Hello', 0],
  ['Ġworld', 1],
  ['Ċ', 2],
  ['âĢ', 3], // first two bytes of — (E2 80 94)
  ['Ķ', 4], // its last byte
  ['Ã', 5],
  ['©', 6],
  ['ðŁĺ', 7], // F0 9F 98 of 😀 (F0 9F 98 80)
  ['Ģ', 8], // 0x80
  ['<｜end▁of▁sentence｜>', 9], // outside the byte alphabet: its own UTF-8
  ['<|ref|>', 10],
];

describe('ByteLevelDecoder', () => {
  const d = new ByteLevelDecoder(vocab, [9]);

  it('maps the byte alphabet back to bytes, spaces and newlines included', () => {
    expect(d.decode([0, 1, 2])).toBe('Hello world\n');
  });

  it('joins multi-byte characters split across tokens', () => {
    expect(d.decode([3, 4])).toBe('—');
    expect(d.decode([5, 6])).toBe('é');
    expect(d.decode([0, 7, 8, 1])).toBe('Hello😀 world');
  });

  it('turns bytes that are not UTF-8 into U+FFFD instead of failing', () => {
    expect(d.decode([3, 0])).toBe('\uFFFDHello'); // E2 80 then 'H': one maximal bad subpart
    expect(d.decode([4])).toBe('\uFFFD'); // a lone continuation byte
    expect(d.decode([5])).toBe('\uFFFD'); // truncated at the end
  });

  it('skips control ids and unknown ids, keeps other added tokens as text', () => {
    expect(d.decode([10, 0, 9, 999])).toBe('<|ref|>Hello');
  });

  it('reads Hugging Face tokenizer.json and rejects other decoders with the file name', () => {
    const json = { model: { type: 'BPE', vocab: { Hello: 0, 'Ġworld': 1 } }, added_tokens: [{ id: 2, content: '<image>' }], decoder: { type: 'ByteLevel' } };
    const x = ByteLevelDecoder.fromJson(JSON.stringify(json), [2]);
    expect(x.decode([0, 2, 1])).toBe('Hello world');
    expect(x.vocabSize).toBe(3);
    const meta = { ...json, decoder: { type: 'Metaspace' } };
    expect(() => ByteLevelDecoder.fromJson(meta, [], 'pack/tokenizer.json')).toThrow(/^pack\/tokenizer\.json: decoder Metaspace is not supported/);
    expect(() => ByteLevelDecoder.fromJson({ type: 'pieces' }, [], 't.json')).toThrow(/t\.json: expected a Hugging Face tokenizer\.json/);
  });
});

describe('ByteLevelDecoder on the seed-tiny tokenizer, against Hugging Face tokenizers.js', () => {
  const text = readFileSync(join(__dirname, '../../../models/seed-tiny/tokenizer.json'), 'utf8');
  const json = JSON.parse(text);
  const ours = ByteLevelDecoder.fromJson(text, []);
  // DeepSeek's tokenizer_config.json sets clean_up_tokenization_spaces: false: the model's spaces are kept.
  const reference = new Tokenizer(json, { clean_up_tokenization_spaces: false });

  it('encodes and decodes real text with split UTF-8 the same way', () => {
    const sample = 'The page — “中文” and 日本 😀, é≤π: <table><tr><td>x</td></tr></table>\n\n## Result';
    const ids = reference.encode(sample, { add_special_tokens: false }).ids;
    // The vocabulary does split characters across tokens (a token ending inside a UTF-8 sequence).
    const split = ids.some((id) => {
      const t = reference.id_to_token(id);
      return t !== undefined && [...t].some((c) => c === 'â') && !/^[\x20-\x7e]*$/.test(ours.decode([id]));
    });
    expect(split).toBe(true);
    expect(ours.decode(ids)).toBe(sample);
    expect(ours.decode(ids)).toBe(reference.decode(ids, { skip_special_tokens: false }));
  });

  it('decodes random id sequences (model output) exactly as tokenizers.js does', () => {
    let s = 7;
    const rand = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let n = 0; n < 300; n++) {
      const ids = Array.from({ length: 1 + Math.floor(rand() * 40) }, () => Math.floor(rand() * 512)); // added tokens too
      expect(ours.decode(ids), ids.join(',')).toBe(reference.decode(ids, { skip_special_tokens: false }));
    }
  });
});
