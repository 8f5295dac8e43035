// Real-page layout fixtures for tests (test/fixtures/layout/README.md): part of a page's lines, cut from a corpus
// page, with the page's size and the detector's unclip ratio.
import { readFileSync } from 'node:fs';
import type { BBox } from '../../src/protocol/page';
import type { TextLine } from '../../src/core/layout/types';

export interface LayoutFixture {
  source: string;
  size: { width: number; height: number };
  unclipRatio: number | null;
  lines: TextLine[];
  detected?: BBox[];
}

export const layoutFixture = (name: string): LayoutFixture =>
  JSON.parse(readFileSync(new URL(`../fixtures/layout/${name}`, import.meta.url), 'utf8'));
