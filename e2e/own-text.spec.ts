import { expect, test } from '@playwright/test';
import { documentItem, dropFiles, openApp, preferWasm } from './helpers';
import { makePdf } from '../test/support/pdf-maker';
import { makeScanPdf } from '../test/support/scan-maker';

// Three visible lines and one drawn invisibly (text render mode 3, as an OCR layer over a scan is).
const content = [
  'BT /F1 14 Tf 72 760 Td (The quick brown fox jumps over the lazy dog.) Tj',
  '0 -24 Td (Pack my box with five dozen liquor jugs.) Tj',
  '0 -24 Td (How vexingly quick daft zebras jump.) Tj ET',
  'BT 3 Tr /F1 14 Tf 72 600 Td (Hidden words no reader sees) Tj ET',
].join('\n');
const page = { width: 595, height: 842, content };

test('the PDF’s own text (the default): taken from the PDF where it matches the page, hidden text left out, broken own text and a scan’s OCR layer recognized instead', async ({ page: tab }) => {
  test.setTimeout(300_000);
  await preferWasm(tab);
  await openApp(tab);
  await tab.getByRole('button', { name: 'Settings' }).click();
  await expect(tab.getByRole('dialog', { name: 'Settings' }).getByLabel('Use the PDF’s own text where it matches the page')).toBeChecked();
  await tab.keyboard.press('Escape');

  const scanWords = 'Quarterly report of the harbour board';
  await dropFiles(tab, [
    { name: 'own-text.pdf', mimeType: 'application/pdf', buffer: makePdf([page]) },
    { name: 'broken-text.pdf', mimeType: 'application/pdf', buffer: makePdf([page], { shiftedText: true }) },
    { name: 'scan-with-ocr.pdf', mimeType: 'application/pdf', buffer: await makeScanPdf(scanWords, 3) },
  ]);
  for (const name of ['own-text.pdf', 'broken-text.pdf', 'scan-with-ocr.pdf']) {
    await expect(documentItem(tab, name).getByTestId('doc-progress')).toContainText('1 of 1 page converted', { timeout: 240_000 });
  }

  await documentItem(tab, 'own-text.pdf').locator('.doc__title').click();
  const pane = tab.getByTestId('markdown-rendered');
  await expect(pane).toContainText('The quick brown fox jumps over the lazy dog. Pack my box with five dozen liquor jugs.');
  await expect(pane).not.toContainText('Hidden');
  await expect(tab.getByTestId('stats')).toContainText(/Lines from the PDF’s text\s*3/);
  await expect(tab.getByTestId('own-text-note')).toHaveCount(0);

  // Its text layer says "Uif rvjdl cspxo…": a few lines recognized from the pixels disagree, so the page is read from them.
  await documentItem(tab, 'broken-text.pdf').locator('.doc__title').click();
  await expect(tab.getByTestId('own-text-note')).toContainText('does not match the page');
  await expect(pane).toContainText(/quick brown fox/i);
  await expect(pane).not.toContainText('Uif');

  // A scan whose words another program laid over it invisibly: the render worker does not offer that text.
  await documentItem(tab, 'scan-with-ocr.pdf').locator('.doc__title').click();
  await expect(pane).toContainText(/report of the harbour/);
  await expect(tab.getByTestId('stats')).not.toContainText('Lines from the PDF’s text');
  await expect(tab.getByTestId('own-text-note')).toHaveCount(0);
});

// Two columns; the left one's last paragraph runs on into the right one, its last word hyphenated at the break.
const column = (x: number, lines: string[]) => lines.map((t, k) => `BT /F1 11 Tf ${x} ${740 - k * 15} Td (${t}) Tj ET`).join('\n');
const twoColumns = {
  width: 595,
  height: 842,
  content: [
    'BT /F1 18 Tf 72 790 Td (Two Columns) Tj ET',
    column(72, [
      'The first paragraph of the left column is',
      'set in lines of nearly equal length, and',
      'it closes with a short last line.',
      'A second paragraph starts right under it',
      'and runs down to the foot of the column,',
      'where the last word of its last line is hy-',
    ]),
    column(320, ['phenated and goes on at the top of the right', 'column, where the paragraph closes at last.', 'Then a new paragraph opens on the right side', 'and it runs on for a few lines of its own.']),
  ].join('\n'),
};

test('a paragraph that runs on into the next column is one paragraph, outlined in both columns', async ({ page: tab }) => {
  test.setTimeout(240_000);
  await preferWasm(tab);
  await openApp(tab);
  await dropFiles(tab, [{ name: 'two-columns.pdf', mimeType: 'application/pdf', buffer: makePdf([twoColumns]) }]);
  await expect(documentItem(tab, 'two-columns.pdf').getByTestId('doc-progress')).toContainText('1 of 1 page converted', { timeout: 180_000 });
  await documentItem(tab, 'two-columns.pdf').locator('.doc__title').click();
  const pane = tab.getByTestId('markdown-rendered');
  await expect(pane).toContainText('where the last word of its last line is hyphenated and goes on at the top of the right column');
  // Its region is outlined in each column; pointing at the piece in the right column picks the joined paragraph.
  const joined = tab.locator('.md-block', { hasText: 'hyphenated and goes on' });
  const index = await tab.locator('.md-block').evaluateAll((blocks) => blocks.findIndex((b) => (b.textContent ?? '').includes('hyphenated and goes on')));
  const pieces = tab.locator(`.regions .region[data-region="${index}"]`);
  await expect(pieces).toHaveCount(2);
  const [first, second] = [await pieces.nth(0).boundingBox(), await pieces.nth(1).boundingBox()];
  expect(second!.x).toBeGreaterThan(first!.x + first!.width);
  await pieces.nth(1).hover();
  await expect(joined).toHaveClass(/md-block--active/);
});

test('with “Recognize every page from its pixels”, a PDF with its own text is recognized, highlighted lines too', async ({ page: tab }) => {
  test.setTimeout(240_000);
  await preferWasm(tab);
  await openApp(tab);
  await tab.getByRole('button', { name: 'Settings' }).click();
  await tab.getByRole('dialog', { name: 'Settings' }).getByLabel('Recognize every page from its pixels').check();
  await tab.keyboard.press('Escape');
  // The second line highlighted as highlighting tools flatten it into a page (a Multiply blend in a
  // transparency group): pdf.js 5.6 painted it opaque, over the words (patches/pdfjs-dist+5.6.205.patch).
  const highlighted = makePdf([{ ...page, highlights: [[70, 731, 420, 751]] }]);
  await dropFiles(tab, [{ name: 'own-text.pdf', mimeType: 'application/pdf', buffer: highlighted }]);
  await expect(documentItem(tab, 'own-text.pdf').getByTestId('doc-progress')).toContainText('1 of 1 page converted', { timeout: 200_000 });
  await expect(tab.getByTestId('markdown-rendered')).toContainText(/quick brown fox/i);
  await expect(tab.getByTestId('markdown-rendered')).toContainText(/liquor jugs/i);
  await expect(tab.getByTestId('stats')).toContainText(/Tokens\/s\s*\d+/);
  await expect(tab.getByTestId('stats')).not.toContainText('Lines from the PDF’s text');
});

test('a word broken at a line end is re-joined, or kept as printed with “Keep them as printed”', async ({ page: tab }) => {
  test.setTimeout(240_000);
  const broken = makePdf([{ width: 595, height: 842, content: 'BT /F1 14 Tf 72 760 Td (The harbour board deter-) Tj 0 -24 Td (mined the fees.) Tj ET' }]);
  await preferWasm(tab);
  await openApp(tab);
  const pane = tab.getByTestId('markdown-rendered');
  await dropFiles(tab, [{ name: 'joined.pdf', mimeType: 'application/pdf', buffer: broken }]);
  await expect(documentItem(tab, 'joined.pdf').getByTestId('doc-progress')).toContainText('1 of 1 page converted', { timeout: 200_000 });
  await documentItem(tab, 'joined.pdf').locator('.doc__title').click();
  await expect(pane).toContainText('The harbour board determined the fees.');

  await tab.getByRole('button', { name: 'Settings' }).click();
  await tab.getByRole('dialog', { name: 'Settings' }).getByLabel(/Keep them as printed/).check();
  await tab.keyboard.press('Escape');
  await dropFiles(tab, [{ name: 'printed.pdf', mimeType: 'application/pdf', buffer: broken }]);
  await expect(documentItem(tab, 'printed.pdf').getByTestId('doc-progress')).toContainText('1 of 1 page converted', { timeout: 200_000 });
  await documentItem(tab, 'printed.pdf').locator('.doc__title').click();
  await expect(pane).toContainText('The harbour board deter- mined the fees.');
});

test.describe('while the model loads', () => {
  // The pack's files come straight from the server (no service worker), so the test can hold one back.
  test.use({ serviceWorkers: 'block' });

  test('a PDF’s own text is on screen before the model is ready, and the page read as usual replaces it', async ({ page: tab, context }) => {
    test.setTimeout(180_000);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let asked = false;
    await context.route('**/models/*/decoder.onnx', async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await preferWasm(tab);
    await openApp(tab);
    await dropFiles(tab, [{ name: 'own-text.pdf', mimeType: 'application/pdf', buffer: makePdf([page]) }]);

    const partial = tab.getByTestId('markdown-partial');
    await expect(partial).toContainText('The quick brown fox jumps over the lazy dog.', { timeout: 60_000 });
    await expect(partial).not.toContainText('Hidden');
    await expect(tab.getByTestId('markdown-pane')).toContainText('Waiting for the model');
    await expect.poll(() => asked, { timeout: 60_000 }).toBe(true);
    release();

    await expect(documentItem(tab, 'own-text.pdf').getByTestId('doc-progress')).toContainText('1 of 1 page converted', { timeout: 120_000 });
    await expect(partial).toHaveCount(0);
    await expect(tab.getByTestId('markdown-rendered')).toContainText('The quick brown fox jumps over the lazy dog.');
    await expect(tab.getByTestId('stats')).toContainText(/Lines from the PDF’s text\s*3/);
  });
});
