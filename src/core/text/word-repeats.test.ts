import { describe, expect, it } from 'vitest';
import { cutRepeatedWords, cutRunawayTail } from './word-repeats';

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

describe('cutRunawayTail', () => {
  it('cuts the run a runaway line ends in to one copy', () => {
    // old_scans 60_pg1: a two-page spread's "-7-", read to its length bound.
    expect(cutRunawayTail('-7-------------------')).toBe('-7-');
    expect(cutRunawayTail('the end of the lineeeeee ')).toBe('the end of the line');
  });

  it('keeps dot leaders, short runs and runs inside the line', () => {
    for (const text of ['Introduction ..........', 'Hmmm', 'a ---- b', 'x = 1000']) expect(cutRunawayTail(text)).toBe(text);
  });
});
