// The CLI's engine (cli/engine.ts) on a page source that fails in one way: a PDF page whose own text cannot be read.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { makePdf } from '../test/support/pdf-maker';
import { createConverter } from './engine';
import { openSource } from './page-source';

const tmp = mkdtempSync(join(tmpdir(), 'pagemark-engine-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

it('recognizes a PDF page whose own text cannot be read, as the app does', async () => {
  const file = join(tmp, 'note.pdf');
  writeFileSync(file, makePdf([{ width: 300, height: 80, text: 'A short note on the harbour', fontSize: 16 }]));
  const source = await openSource(file);
  const engine = await createConverter({ mode: 'ocr', pack: fileURLToPath(new URL('../models/pocket', import.meta.url)), k: 3, dropHeaders: false, ownText: true });
  try {
    const unreadable = { ...source, textLines: () => Promise.reject(new Error('the text cannot be read')) };
    const page = await engine.ocrPage(unreadable, 1);
    expect(page.stats.ownText).toBeUndefined();
    expect(page.markdown).toMatch(/short note on the harbour/i);
  } finally {
    await engine.close();
    await source.close();
  }
}, 120_000);

// Section headings set in bold at the body's size, each over a paragraph of body text (fonts F2 and F1).
const body = (y: number, n: number) =>
  Array.from({ length: n }, (_, k) => `BT /F1 11 Tf 72 ${y - k * 14} Td (Body text of the section runs on in full lines of ordinary words, line ${k + 1}.) Tj ET`).join('\n');
const sections = ['BT /F2 11 Tf 72 720 Td (1. Introduction) Tj ET', body(700, 5), 'BT /F2 11 Tf 72 610 Td (2. Materials and Methods) Tj ET', body(590, 5)].join('\n');

it.each([
  ['own text only', { mode: 'own-text' as const }],
  ['the default (own text where it matches the page)', { mode: 'ocr' as const, ownText: true }],
])('writes section headings set in bold at the body size as headings, not a numbered list (%s)', async (_, mode) => {
  const file = join(tmp, 'sections.pdf');
  writeFileSync(file, makePdf([{ width: 595, height: 842, content: sections }]));
  const source = await openSource(file);
  const engine = await createConverter({ ...mode, pack: fileURLToPath(new URL('../models/pocket', import.meta.url)), k: 3, dropHeaders: false });
  try {
    const { markdown } = await engine.ocrPage(source, 1);
    expect(markdown).toMatch(/^## 1\. Introduction$/m);
    expect(markdown).toMatch(/^## 2\. Materials and Methods$/m);
    expect(markdown).toMatch(/^Body text of the section runs on in full lines of ordinary words, line 1\. Body text/m);
  } finally {
    await engine.close();
    await source.close();
  }
}, 120_000);
