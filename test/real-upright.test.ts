// Real scans whose ink alone looks upside down (a dictionary's dense small type, a typed letter): the ink
// votes of upright-page.ts call them turned, and before the recognizer was asked they were read upside down
// as garbage ("ustedueo oug ut [esodstp"). Upright they stay as they are; turned by half a turn they are
// turned back. Pages from ../shared/eval-real, read at run time, never committed.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rotatePage } from '../src/core/detect/orientation';
import { detectLines } from '../src/core/pipeline/detect-lines';
import { closePageEngine, type PageEngine } from '../src/core/pipeline/page-engine';
import { uprightPage, uprightVotes } from '../src/core/pipeline/upright-page';
import { openNodeEngine } from '../src/node/page-ocr';
import { renderFirstPage } from './support/line-corpus';
import { sharedDir, sharedFile } from './support/shared-pages';

const PACK = fileURLToPath(new URL('../models/pocket', import.meta.url));
const PAGES = ['eval-real/long_tiny_text/pdfs/16c_pg1.pdf', 'eval-real/old_scans/pdfs/31_pg1.pdf'];

describe.skipIf(!sharedDir)('real scans the ink alone would turn upside down', () => {
  let engine: PageEngine;
  beforeAll(async () => {
    engine = await openNodeEngine(PACK, 1);
  }, 60_000);
  afterAll(async () => engine && closePageEngine(engine));

  for (const path of PAGES) {
    it(`${path.split('/').pop()}: upright stays upright, a half turn is undone`, async () => {
      const page = await renderFirstPage(sharedFile(path));
      // The page is one the ink votes misjudge: most of its widest lines score as upside down.
      const votes = uprightVotes(page, await detectLines(engine, page));
      expect(votes.share).toBeLessThanOrEqual(0.3);
      expect(votes.median).toBeLessThan(0);
      expect((await uprightPage(engine, page)).turns).toBe(0);
      expect((await uprightPage(engine, rotatePage(page, 2))).turns).toBe(2);
    }, 120_000);
  }
});
