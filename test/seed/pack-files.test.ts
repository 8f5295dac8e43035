// models/seed-tiny/pack.json describes its files truthfully: hashes and sizes, shard limits, and the
// tensor names and ranks each graph really has.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GraphSpec } from '../../src/core/pack/manifest-types';
import { PACK_DIR, openSession, pack } from './seed-tiny';

const graphs: [string, GraphSpec][] = [
  ['vision.global', pack.vision.global],
  ['vision.tile', pack.vision.tile],
  ['decoder', pack.decoder],
  ['draft', pack.draft!],
];

function check(entry: { file: string; sha256: string; bytes: number }) {
  const data = readFileSync(join(PACK_DIR, entry.file));
  expect(data.length, entry.file).toBe(entry.bytes);
  expect(createHash('sha256').update(data).digest('hex'), entry.file).toBe(entry.sha256);
}

describe('seed-tiny pack.json', () => {
  it('is a page pack with a consistent geometry', () => {
    expect(pack.kind).toBe('page');
    expect(pack.headDim * pack.heads).toBeGreaterThan(0);
    expect(pack.maxDraft).toBe(3);
    expect(pack.prompt.before).not.toContain(pack.tokenizer.image);
  });

  for (const [name, g] of graphs) {
    it(`${name}: files match their hashes, shards stay under the converter's limit`, () => {
      check(g);
      for (const x of g.externalData ?? []) {
        check(x);
        expect(x.bytes).toBeLessThanOrEqual(640 * 1024);
      }
    });

    it(`${name}: declared inputs and outputs are the graph's`, async () => {
      const s = await openSession(g.file);
      expect([...s.inputNames].sort()).toEqual(g.inputs.map((t) => t.name).sort());
      expect([...s.outputNames].sort()).toEqual(g.outputs.map((t) => t.name).sort());
      await s.release();
    });
  }

  it('tokenizer file matches its hash', () => {
    const t = pack.tokenizer;
    check({ file: t.file!, sha256: t.sha256!, bytes: t.bytes! });
  });
});
