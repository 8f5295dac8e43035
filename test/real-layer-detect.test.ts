// Pages whose own text runs level are detected only where that text lacks the page's ink (layer-detect.ts),
// checked on real pages from ../shared (read at run time, never committed) through the CLI's default:
// - bug1669099 p1 (a membership form): checkboxes drawn before four lines are part of those lines, as the
//   detector's boxes take them in; read on their own they came out as stray letters ("N N Normale …").
// - not_parsing p4 (Word formulas): the pieces of a formula row are bridged by the brackets drawn between them,
//   so the lines checked against the pixels are whole rows and the page's own text is kept, formulas from glyphs.
// - canvas p1 (a page of text in images): its ink is mostly not the layer's, so the page is detected whole and
//   the table inside the image is read.
// - large_prompt_hint3 p2 (a paper whose font maps "c" to nothing): the page is recognized instead.
import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PageResult } from '../src/protocol/page';
import { pagemark } from './support/run-cli';
import { sharedDir, sharedFile } from './support/shared-pages';
import { extractPage } from './support/pdf-pages';

async function convert(path: string, page: number): Promise<PageResult> {
  const pdf = await extractPage(sharedFile(path), page);
  const r = await pagemark(pdf, '--drop-headers', '--json').finally(() => rm(dirname(pdf), { recursive: true, force: true }));
  expect(r.code).toBe(0);
  return (JSON.parse(r.stdout) as { pages: PageResult[] }).pages[0]!;
}

const ownText = (p: PageResult) => p.stats.ownText as { used: boolean; detectedArea?: number; recognized?: number };

describe.skipIf(!sharedDir)('detecting only what a page’s own text lacks, on real pages', () => {
  it('takes a checkbox into its line instead of reading it as a letter (bug1669099 p1)', async () => {
    const p = await convert('corpus/pdfs/bug1669099.pdf', 1);
    expect(ownText(p)).toMatchObject({ used: true });
    expect(ownText(p).detectedArea).toBeLessThan(0.2);
    const md = p.markdown.replace(/\s+/g, ' ');
    for (const line of ['Normale Hackerspace Mitgliedschaft für 42€ pro Monat.', 'Ermäßigte2 Hackerspace Mitgliedschaft für 23€ pro Monat.', 'Normale Mitgliedschaft für 70€ pro Jahr.']) {
      expect(md).toMatch(new RegExp(`(^|#+ |\\n|\\. )${line.replace(/[.€]/g, '\\$&')}`));
    }
    expect(md).not.toMatch(/\b(N|Er) (Normale|Ermäßigte2)\b/);
  }, 120_000);

  it('checks whole formula rows of a Word page and keeps its own text (not_parsing p4)', async () => {
    const p = await convert('corpus-olmocr/not_parsing.pdf', 4);
    expect(ownText(p)).toMatchObject({ used: true });
    expect(ownText(p).detectedArea).toBeLessThan(0.2);
    expect(p.markdown).toContain('U(x_{H},y_{H})=u(x_{H},y_{H})\\exp[i\\phi_{u}(x_{H},y_{H})]');
  }, 120_000);

  it('refuses a text whose font lost the letter "c" and reads the page (large_prompt_hint3 p2)', async () => {
    // The PDF's text reads "spee h-enabled", "whi h": 3 % of the characters, under the bar for a text that does
    // not match, but every word with a "c" spoiled.
    // Converted whole: pdf-lib cannot copy a page out of this file.
    const r = await pagemark(sharedFile('corpus-olmocr/large_prompt_hint3.pdf'), '--drop-headers', '--json');
    expect(r.code).toBe(0);
    const p = (JSON.parse(r.stdout) as { pages: PageResult[] }).pages[1]!;
    expect(p.stats.ownText).toMatchObject({ used: false, reason: expect.stringContaining('"c"') });
    expect(p.markdown).toMatch(/speech/i);
    expect(p.markdown).not.toMatch(/spee h|whi h/);
  }, 120_000);

  it('detects a page of text in images whole and reads it (canvas p1)', async () => {
    const p = await convert('corpus/pdfs/canvas.pdf', 1);
    expect(ownText(p).detectedArea).toBe(1);
    expect(p.markdown).toContain('globalAlpha');
  }, 120_000);
});
