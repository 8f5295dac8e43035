// Reading order on real born-digital pages (../shared/corpus-olmocr, read at run time, never committed), by
// the default conversion (the PDF's own text in the detector's line boxes):
// - ti89_guidebook_programming p10: side headings and notes in a narrow left column; in the main column a
//   paragraph that starts at the bullets' edge, and bulleted steps indented past the bullets. The gap between
//   bullets and their text was taken for the page's column gap (the paragraph's lines cross it by a sliver
//   only), so the side heading was read row by row into the paragraph.
import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pagemark } from './support/run-cli';
import { sharedDir, sharedFile } from './support/shared-pages';
import { extractPage } from './support/pdf-pages';

describe.skipIf(!sharedDir)('reading order on real pages', () => {
  it('reads a side heading before its paragraph, not into it (ti89_guidebook_programming p10)', async () => {
    const pdf = await extractPage(sharedFile('corpus-olmocr/ti89_guidebook_programming.pdf'), 10);
    const r = await pagemark(pdf, '--drop-headers').finally(() => rm(dirname(pdf), { recursive: true, force: true }));
    expect(r.code).toBe(0);
    const md = r.stdout.replace(/\s+/g, ' ');
    expect(md).toContain('Example of Passing Values to a Program');
    expect(md).toContain('The following program draws a circle on the Graph screen and then draws a horizontal line across the top of the circle. Three values must be passed to the program');
  }, 120_000);
});
