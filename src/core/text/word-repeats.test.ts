import { describe, expect, it } from 'vitest';
import { cutRepeatedWords } from './word-repeats';

describe('cutRepeatedWords', () => {
  it('cuts a function word the recognizer wrote again (long_tiny_text 17_pg17, 14b)', () => {
    expect(cutRepeatedWords('No plea of set-off was listened to, to, to, and a distress')).toBe('No plea of set-off was listened to, and a distress');
    expect(cutRepeatedWords('The hard and and knotty Ambon wood,')).toBe('The hard and knotty Ambon wood,');
  });

  it('keeps words a sentence may repeat, and runs written differently (an index: "for, For,")', () => {
    for (const t of ['he had had enough', 'that that is so', 'no, no, no', 'ha ha ha', 'for, For, 283, 297', 'type A A', '  spaced  out  ']) {
      expect(cutRepeatedWords(t)).toBe(t);
    }
  });
});
