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
