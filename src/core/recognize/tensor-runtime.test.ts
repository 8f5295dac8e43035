import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { needsExactQdq } from './tensor-runtime';

describe('needsExactQdq', () => {
  it('keeps QDQ fusion off for the shipped memory, decoder and draft graphs and on for its image graphs', () => {
    const pack = JSON.parse(readFileSync(new URL('../../../models/pocket/pack.json', import.meta.url), 'utf8'));
    const rec = pack.recognizer;
    for (const g of [rec.memory, rec.decoder, rec.draft, ...rec.fusedDrafts.map((f: { graph: unknown }) => f.graph)]) expect(needsExactQdq(g)).toBe(true);
    for (const g of [pack.detector.graph, rec.encoder, rec.encoderInt8]) expect(needsExactQdq(g)).toBe(false);
    expect(needsExactQdq(undefined)).toBe(true);
  });
});
