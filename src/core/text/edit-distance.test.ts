import { describe, expect, it } from 'vitest';
import { editDistance } from './edit-distance';

describe('editDistance', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance([...'kitten'], [...'sitting'])).toBe(3);
    expect(editDistance([...''], [...'abc'])).toBe(3);
    expect(editDistance([...'abc'], [])).toBe(3);
    expect(editDistance([...'same'], [...'same'])).toBe(0);
  });

  it('works on code points and on pieces', () => {
    expect(editDistance([...'crédit €'], [...'credit €'])).toBe(1);
    expect(editDistance(['\\frac', '{', 'a', '}'], ['\\frac', '{', 'b', '}'])).toBe(1);
  });
});
