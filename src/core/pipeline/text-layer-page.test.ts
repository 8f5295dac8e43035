import { describe, expect, it } from 'vitest';
import type { BBox } from '../../protocol/page';
import { coreBox } from '../layout/geometry';
import { layoutPage } from '../layout/layout-page';
import { layerText } from '../text-layer/pdf-text';
import { layoutFixture, type LayoutFixture } from '../../../test/support/layout-fixture';
import { fitToLayer, layerLines, splitPieces } from './text-layer-page';

/** The detector's boxes and the PDF's own lines of part of a real page (test/fixtures/layout/README.md). */
const page = layoutFixture('repeating-references-p3.json') as LayoutFixture & { unclipRatio: number; detected: BBox[] };

describe('fitToLayer', () => {
  it('ends a box where its layer text ends, so two columns a narrow gutter apart read apart (repeating_references p3)', () => {
    const ratio = page.unclipRatio;
    const cores = page.detected.map((b) => coreBox(b, ratio));
    const { texts, spans } = layerText(page.detected, cores, page.lines, ratio);
    const boxes = fitToLayer(page.detected, cores, spans);
    // The detector ran some left-column boxes past the gutter's middle, up to the right column's text.
    expect(page.detected.filter((b) => b[0] < 300 && b[2] > 760).length).toBeGreaterThan(3);
    // Fitted, only a box that holds text from both columns (the detector merged two lines) still crosses it.
    expect(boxes.filter((b, i) => texts[i] !== undefined && b[0] < 300 && b[2] > 760).length).toBe(1);
    const lines = boxes.map((bbox, i) => ({ bbox, text: texts[i] ?? '' }));
    const order = layoutPage(lines, page.size, { unclipRatio: ratio })
      .flatMap((b) => b.lines)
      .map((i) => lines[i]!.text);
    const at = (start: string) => order.findIndex((t) => t.startsWith(start));
    expect(at('fragment into a pGEM-T Easy')).toBe(at('and subcloning the polymerase') + 1);
    expect(at('formed as described previously')).toBe(at('Protoplasts of isolate NAF8') + 1);
    expect(at('the PCR products were subcloned')).toBeGreaterThan(at('ing hygromycin B or geneticin'));
    expect(at('Piscataway, NJ, USA)')).toBe(at('an AlkPhos Direct Labelling') + 1);
  });
});

describe('splitPieces', () => {
  it('cuts a box the detector merged across the gutter into the two columns\' lines (repeating_references p3)', () => {
    const ratio = page.unclipRatio;
    const cores = page.detected.map((b) => coreBox(b, ratio));
    const { texts, spans, pieces } = layerText(page.detected, cores, page.lines, ratio);
    const fitted = fitToLayer(page.detected, cores, spans);
    const lines = page.detected.flatMap((b, i) => (pieces[i] ? splitPieces(b, cores[i]!, pieces[i]!) : [{ bbox: fitted[i]!, text: texts[i] ?? '' }]));
    expect(lines.find((l) => l.text!.includes('construct-') && l.text!.includes('BioRad'))).toBeUndefined();
    const order = layoutPage(lines, page.size, { unclipRatio: ratio })
      .flatMap((b) => b.lines)
      .map((i) => lines[i]!.text!);
    const at = (start: string) => order.findIndex((t) => t.startsWith(start));
    expect(at('ing pACD2: primers C2SR21B')).toBe(at('vector p24. Two sets of primers') + 1);
    expect(at('BioRad, Hercules, CA, USA)')).toBe(at('then exposed in an imager') + 1);
    expect(at('distribution analysis were')).toBe(at('BioRad, Hercules, CA, USA)') + 1);
    expect(at('BioRad, Hercules')).toBeGreaterThan(at('BglII and EcoRI restriction sites'));
  });
});

describe('layerLines', () => {
  it("leaves a table row's cells that the detector boxed together as they are (lots_of_chem_tables p4)", () => {
    const table = layoutFixture('lots-of-chem-tables-p4-table.json');
    const ratio = table.unclipRatio!;
    const cores = table.detected!.map((b) => coreBox(b, ratio));
    const { texts, spans, styles, pieces } = layerText(table.detected!, cores, table.lines, ratio);
    // The detector boxed some cells together: the layer holds them apart.
    expect(pieces.filter(Boolean).length).toBeGreaterThan(0);
    const lines = layerLines(table.detected!.map((bbox) => ({ bbox })), cores, fitToLayer(table.detected!, cores, spans), texts.map((t) => t ?? ''), styles, pieces);
    expect(lines).toHaveLength(table.detected!.length);
    const blocks = layoutPage(lines, table.size, { unclipRatio: ratio });
    const grid = blocks.find((b) => b.type === 'table')?.table;
    expect(grid?.cols).toBe(7);
    expect(grid?.rows).toBeGreaterThan(10);
  });
});

describe('layerLines across a narrow gutter', () => {
  it('cuts a line of text from a short one beside it in the next column (issue1350 p1)', () => {
    const f = layoutFixture('issue1350-p1-detected.json');
    const ratio = f.unclipRatio!;
    const cores = f.detected!.map((b) => coreBox(b, ratio));
    const { texts, spans, styles, pieces } = layerText(f.detected!, cores, f.lines, ratio);
    const lines = layerLines(f.detected!.map((bbox) => ({ bbox })), cores, fitToLayer(f.detected!, cores, spans), texts.map((t) => t ?? ''), styles, pieces);
    const text = lines.map((l) => l.text);
    expect(text).toContain('Instructions for merchant: BuyWithMe has already collected');
    expect(text).toContain('or legal guardian.');
  });
});
