import { describe, expect, it } from 'vitest';
import { draftLength } from './draft-length';

describe('draftLength', () => {
  it('keeps a k within the pack maxDraft', () => {
    expect(draftLength(0, true, 3)).toBe(0);
    expect(draftLength(2, true, 3)).toBe(2);
    expect(draftLength(3, true, 3)).toBe(3);
  });

  it('caps k at the pack maxDraft', () => {
    expect(draftLength(3, true, 2)).toBe(2);
    expect(draftLength(3, true, 0)).toBe(0);
  });

  it('is 0 (greedy) for a model with no draft graph, whatever k is', () => {
    expect(draftLength(3, false, 3)).toBe(0);
    expect(draftLength(1, false, 0)).toBe(0);
  });

  it('passes a k below 0 on (decodeBatch rejects it)', () => {
    expect(draftLength(-1, true, 3)).toBe(-1);
  });
});
