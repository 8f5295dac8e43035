import { describe, expect, it } from 'vitest';
import type { Block } from '../layout/types';
import { demoteUnsureHeadings } from './unsure-headings';

const heading = (lines: number[], level: 1 | 2 | 3 = 2): Block => ({ type: 'heading', level, bbox: [0, 0, 1, 1], lines });

describe('demoteUnsureHeadings', () => {
  it('keeps headings read with confidence and makes a doubtful one a paragraph (old_scans 17_pg1)', () => {
    // "ALUMNI FE DERATION OF COLUMBIA UNIVERSITY" read at 0.91; a signature read "bo" / "aultwple" at 0.28 and 0.36.
    const blocks = [heading([0]), { type: 'paragraph', bbox: [0, 0, 1, 1], lines: [1] } as Block, heading([2, 3])];
    const out = demoteUnsureHeadings(blocks, [0.91, 0.2, 0.28, 0.36]);
    expect(out[0]).toBe(blocks[0]);
    expect(out[1]).toBe(blocks[1]);
    expect(out[2]).toEqual({ type: 'paragraph', bbox: [0, 0, 1, 1], lines: [2, 3] });
  });

  it('takes the mean over a heading’s lines', () => {
    // "7 | 22 | GPL-" at 0.76, 0.60, 0.30 (old_scans 29_pg1): mean 0.55, kept.
    expect(demoteUnsureHeadings([heading([0, 1, 2])], [0.76, 0.6, 0.3])[0]!.type).toBe('heading');
  });
});
