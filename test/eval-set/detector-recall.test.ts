// The real PP-OCRv4 detector (through onnxruntime-node and Pagemark's DB post-processing) on a rendered
// born-digital page: most text-layer lines must come back as boxes (IoU > 0.5), and the layout on those
// boxes must still read the page in order.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSource, type PageSource } from '../../cli/page-source';
import { detectLines } from '../../src/core/pipeline/detect-lines';
import { closePageEngine, type PageEngine } from '../../src/core/pipeline/page-engine';
import { openNodeEngine } from '../../src/node/page-ocr';
// @ts-expect-error plain JS module without types
import { assignText, lineRecall } from '../../bench/eval/detector-text.mjs';
import { layoutPage } from '../../src/core/layout/layout-page';
import { assembleMarkdown } from '../../src/core/assemble/assemble-markdown';

const root = join(import.meta.dirname, '../..');
let engine: PageEngine;
let source: PageSource;

beforeAll(async () => {
  engine = await openNodeEngine(join(root, 'models/test-tiny'));
  source = await openSource(join(root, 'test/eval-set/fixtures/bitcoin.pdf'));
});
afterAll(async () => {
  await source?.close();
  if (engine) await closePageEngine(engine);
});

describe('detector on a rendered page', () => {
  it('finds the text-layer lines and the layout reads them in order', async () => {
    const image = await source.render(1);
    const boxes = (await detectLines(engine, image)).map((l) => l.bbox);
    const { lines } = await source.textLines(1);
    const recall = lineRecall(boxes, lines);
    expect(recall).toBeGreaterThan(0.85);

    const texts: string[] = assignText(boxes, lines);
    const blocks = layoutPage(boxes.map((bbox, i) => ({ bbox, text: texts[i] })), image, { unclipRatio: engine.detectorSpec.unclipRatio });
    const md = assembleMarkdown(blocks, texts, { page: 1, dropHeaders: true }).markdown;
    expect(md).toMatch(/^#{1,3} Bitcoin: A Peer-to-Peer Electronic Cash System$/m);
    expect(md).toMatch(/^#{1,3} 1\. Introduction$/m);
    const order = ['Abstract. A purely peer-to-peer', 'Commerce on the Internet', 'What is needed is an electronic payment system'].map((s) => md.indexOf(s));
    expect(order.every((p) => p >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });
});
