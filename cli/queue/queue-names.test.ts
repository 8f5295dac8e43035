import { describe, expect, it } from 'vitest';
import { documentKey, fileNameOf, jobSettings, outputPaths, pageJobId, repairJobId, stemOf, type JobSettings } from './queue-names';

const engine: JobSettings = { mode: 'ocr', pack: null, k: 3, dropHeaders: false, ownText: true };

describe('queue names', () => {
  it('reads the settings of a job added under the old names as they were meant', () => {
    expect(jobSettings({ mode: 'ocr', pack: null, k: 2, dropHeaders: true, pdfText: false })).toEqual({ mode: 'ocr', pack: null, k: 2, dropHeaders: true, ownText: false });
    expect(jobSettings({ mode: 'text-layer', pack: '/p', k: 3, dropHeaders: false, pdfText: true })).toEqual({ mode: 'own-text', pack: '/p', k: 3, dropHeaders: false, ownText: true });
    expect(jobSettings(engine)).toBe(engine);
  });


  it('gives a document the same key for the same input, output and settings, and another for any change', () => {
    const a = documentKey({ input: '/data/a.pdf', out: '/out', engine });
    expect(documentKey({ input: '/data/a.pdf', out: '/out', engine: { ...engine } })).toBe(a);
    expect(a).toMatch(/^[0-9a-f]{24}$/);
    const others = [
      documentKey({ input: '/data/b.pdf', out: '/out', engine }),
      documentKey({ input: '/data/a.pdf', out: '/out2', engine }),
      documentKey({ input: '/data/a.pdf', out: '/out', engine: { ...engine, k: 0 } }),
      documentKey({ input: '/data/a.pdf', out: '/out', engine: { ...engine, dropHeaders: true } }),
      documentKey({ input: '/data/a.pdf', out: '/out', engine: { ...engine, ownText: false } }),
      documentKey({ input: '/data/a.pdf', out: '/out', engine: { ...engine, mode: 'own-text' } }),
      documentKey({ input: '/data/a.pdf', out: '/out', engine: { ...engine, pack: '/packs/x' } }),
      documentKey({ input: '/data/a.pdf', out: '/out', engine: { ...engine, keepHyphens: true } }),
    ];
    expect(new Set([a, ...others]).size).toBe(9);
    // Hyphens re-joined, said or not, is one setting.
    expect(documentKey({ input: '/data/a.pdf', out: '/out', engine: { ...engine, keepHyphens: false } })).toBe(a);
  });

  it('keeps the key an OCR document was queued under before its own-text setting had that name', () => {
    expect(documentKey({ input: '/data/a.pdf', out: '/out', engine })).toBe('101f894cd999f953f11a2dc8');
  });

  it('names page jobs per document and page, and retry rounds apart', () => {
    expect(pageJobId('k', 3)).toBe('k-p3');
    expect(pageJobId('k', 3, 2)).toBe('k-r2-p3');
    expect(repairJobId('k', 2)).toBe('k-r2');
    // BullMQ reserves ':' in its keys.
    expect(pageJobId('k', 12, 1)).not.toContain(':');
  });

  it('names outputs as the CLI does, from a path or a URL', () => {
    expect(fileNameOf('/data/Annual report.pdf')).toBe('Annual report.pdf');
    expect(fileNameOf('https://example.org/papers/a%20b.pdf?x=1')).toBe('a b.pdf');
    expect(fileNameOf('https://example.org/')).toBe('document');
    expect(fileNameOf('https://example.org/..%2F..%2Fetc')).toBe('_.._etc');
    expect(stemOf('a.b.pdf')).toBe('a.b');
    const o = outputPaths('/out', 'book');
    expect([o.markdown, o.pageMarkdown(2), o.pageRecord(2)]).toEqual(['/out/book.md', '/out/pages/book_pg2.md', '/out/pages/book_pg2.json']);
  });
});
