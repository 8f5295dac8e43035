// Two real magazine pages with their own text (long_tiny_text of ../shared/eval-real, read at run time, never
// committed), converted from that text alone (`--own-text-only`, no model):
// - 20_pg48: three columns a narrow gutter (1.2 line heights) apart under a headline, above another article in
//   three columns of its own; each column must read on as one run, not be interleaved line by line;
// - 20_pg46: a decorative curved shape whose bounds reach over the first column is painted after the text; it
//   covers none of it, and no word at the lines' starts may be dropped as hidden;
// - 20_pg35: a cut-out photo (an image drawn through a curved clip) that the text wraps around hides none of it.
import { describe, expect, it } from 'vitest';
import { ownTextMarkdown as read, sharedDir } from './support/shared-pages';

const ownTextMarkdown = (name: string) => read(`eval-real/long_tiny_text/pdfs/${name}`);

describe.skipIf(!sharedDir)('real magazine pages, from their own text', () => {
  it('reads three columns a narrow gutter apart column by column (20_pg48)', async () => {
    const md = await ownTextMarkdown('20_pg48_pg1.pdf');
    expect(md).toContain('Two of the UK’s most prominent women in banking have been appointed to the Bank of England’s financial watchdog.');
    expect(md).toContain('Treasury revealed that 20 of the 42 applicants for the FPC roles were women, with five women and three men reaching the shortlist stage.');
    expect(md).toContain('Bank of England Governor Mark Carney added further praise for the new FPC hires.');
  }, 60_000);

  it('keeps the starts of lines that a curved shape’s bounds reach over (20_pg46)', async () => {
    const md = await ownTextMarkdown('20_pg46_pg1.pdf');
    expect(md).toContain('We spend up to a third of our lives in bed and, according to the Sleep Council');
    expect(md).toContain('Ensuring your mattress is doing its job is the first step');
  }, 60_000);

  it('keeps the text that wraps around a cut-out photo (20_pg35)', async () => {
    const md = await ownTextMarkdown('20_pg35_pg1.pdf');
    expect(md).toContain('winning the Mercury Prize for the year’s best album. Wadge recalls her own years as a struggling singer-songwriter and how her gender subtly became an issue.');
  }, 60_000);
});
