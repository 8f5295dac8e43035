import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validatePagePack } from './page-manifest';

const text = readFileSync(join(__dirname, '../../../models/seed-tiny/pack.json'), 'utf8');
const fresh = () => JSON.parse(text);

describe('validatePagePack', () => {
  it('accepts the converter output', () => {
    expect(validatePagePack(fresh()).kind).toBe('page');
  });

  it('names the file and field that is wrong', () => {
    const bad = fresh();
    bad.decoder.inputs = bad.decoder.inputs.filter((t: { name: string }) => t.name !== 'image_embeds');
    expect(() => validatePagePack(bad, 'seed/pack.json')).toThrow('seed/pack.json: decoder.inputs: is missing tensor "image_embeds"');
  });

  it('rejects paths outside the pack, oversized shards, and prompts holding the placeholder', () => {
    const a = fresh();
    a.vision.global.externalData[0].file = '../secret';
    expect(() => validatePagePack(a)).toThrow(/vision.global.externalData\[0\].file/);
    const b = fresh();
    b.decoder.externalData[0].bytes = 2 ** 30 + 1;
    expect(() => validatePagePack(b)).toThrow(/≤ 1 GiB/);
    const c = fresh();
    c.prompt.after.push(c.tokenizer.image);
    expect(() => validatePagePack(c)).toThrow(/image placeholder/);
  });

  it('needs a draft graph when maxDraft > 0', () => {
    const d = fresh();
    delete d.draft;
    expect(() => validatePagePack(d)).toThrow(/no draft graph/);
  });
});
