import { describe, expect, it } from 'vitest';
import type { BBox } from '../../protocol/page';
import type { LineBox } from '../detect/db-postprocess';
import { joinLeaderBoxes } from './leader-boxes';

const box = (bbox: BBox, score = 0.9): LineBox => ({ bbox, score, angle: 0 });

describe('joinLeaderBoxes', () => {
  it('joins the boxes of a contents line, its title and its page number, and leaves the other boxes', () => {
    // ti89_guidebook_programming p1: the detector sees "Preview of Programming" and "276", not the dots between.
    const detected = [box([500, 201, 843, 233]), box([1309, 196, 1347, 227], 0.8), box([522, 1001, 1310, 1031]), box([183, 222, 402, 403])];
    const layer = [
      { bbox: [502, 200, 1342, 230] as BBox, text: 'Preview of Programming..................................... 276' },
      { bbox: [522, 1001, 1310, 1031] as BBox, text: 'This chapter describes how to use the Program Editor.' },
    ];
    expect(joinLeaderBoxes(detected, layer)).toEqual([box([500, 196, 1347, 233], 0.8), detected[2], detected[3]]);
  });

  it('joins nothing for a line without a leader, nor across a box taller than two of its lines', () => {
    const detected = [box([100, 100, 300, 130]), box([400, 100, 600, 130]), box([700, 60, 760, 200])];
    const plain = [{ bbox: [100, 100, 600, 130] as BBox, text: 'Two words far apart on one row' }];
    expect(joinLeaderBoxes(detected, plain)).toEqual(detected);
    const tall = [{ bbox: [100, 100, 760, 130] as BBox, text: 'Results . . . . . . . . 12' }];
    expect(joinLeaderBoxes(detected, tall)).toEqual([box([100, 100, 600, 130]), detected[2]]);
  });
});
