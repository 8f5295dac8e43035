import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { PageResult } from '../protocol/page';
import { baseName, documentMarkdown, documentZip } from './document-markdown';
import { EntryNames, MAX_NAME_BYTES, safeFileName } from './entry-name';

const page = (n: number, markdown: string): PageResult => ({
  page: n,
  markdown,
  regions: [],
  figures: [],
  stats: {
    tokens: 0, decoderCalls: 0, draftCalls: 0, acceptedPerStep: [], proposedPerStep: [], tokensPerPass: 1,
    ms: { total: 0, detect: 0, encoder: 0, decoder: 0, draft: 0, layout: 0, other: 0 }, backend: 'wasm',
  },
});

describe('documentMarkdown', () => {
  it('joins pages in page order with page markers', () => {
    expect(documentMarkdown([page(2, 'Second\n'), page(1, '# First')])).toBe('<!-- page 1 -->\n\n# First\n\n<!-- page 2 -->\n\nSecond\n');
  });
});

describe('baseName', () => {
  it('drops the extension and characters file systems refuse', () => {
    expect(baseName('report.final.pdf')).toBe('report.final');
    expect(baseName('a/b:c?.png')).toBe('a_b_c_');
    expect(baseName('.pdf')).toBe('document');
  });
});

describe('documentZip', () => {
  it('holds the Markdown and the figures beside it', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const zip = documentZip('paper.pdf', [page(1, '![Figure](figure-p1-1.png)')], new Map([['figure-p1-1.png', png]]));
    const entries = unzipSync(zip);
    expect(Object.keys(entries).sort()).toEqual(['figure-p1-1.png', 'paper.md']);
    expect(strFromU8(entries['paper.md'])).toContain('![Figure](figure-p1-1.png)');
    expect([...entries['figure-p1-1.png']]).toEqual([...png]);
  });
});

describe('names written to disk', () => {
  const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
  const bytes = (s: string) => new TextEncoder().encode(s).length;

  it('zip entries lose bidi and control characters, stay under 255 bytes with their extension, and stay unique', () => {
    const hostile = `invoice\u202Egpj.exe\u0007${'\u00e9'.repeat(300)}.pdf`;
    const png = new Uint8Array([1, 2, 3]);
    const figures = new Map([
      ['figure-p1-1.png', png],
      [`${'x'.repeat(300)}.png`, png],
      [`${'x'.repeat(300)}.PNG`, png],
      ['a\u2066b\u2069.png', png],
    ]);
    const entries = Object.keys(unzipSync(documentZip(hostile, [page(1, 'text')], figures)));
    expect(entries).toHaveLength(5);
    expect(new Set(entries.map((e) => e.toLowerCase())).size).toBe(5);
    expect(entries).toContain('figure-p1-1.png');
    expect(entries).toContain('ab.png');
    for (const e of entries) {
      expect(e).not.toMatch(BIDI);
      expect(e).not.toMatch(/[\u0000-\u001f\u007f\\/]/);
      expect(bytes(e)).toBeLessThanOrEqual(MAX_NAME_BYTES);
      expect(e).toMatch(/\.(md|png|PNG)$/);
    }
    expect(entries.find((e) => e.endsWith('.md'))).toMatch(/^invoicegpj\.exe/);
  });

  it('download names too', () => {
    const name = baseName(`\u202E${'a'.repeat(400)}.pdf`);
    expect(name).not.toMatch(BIDI);
    expect(bytes(`${name}-p123.md`)).toBeLessThan(255);
  });

  it('cuts long names between characters, not inside one', () => {
    const cut = safeFileName(`${'😀'.repeat(100)}.md`);
    expect(cut.endsWith('.md')).toBe(true);
    expect(cut).not.toMatch(/[\ud800-\udfff](?![\udc00-\udfff])/u);
    expect(bytes(cut)).toBeLessThanOrEqual(MAX_NAME_BYTES);
  });

  it('keeps names unique as case-insensitive file systems see them', () => {
    const names = new EntryNames();
    expect(['a.md', 'A.md', 'a.md', 'con.md'].map((n) => names.add(n))).toEqual(['a.md', 'A-2.md', 'a-3.md', '_con.md']);
  });
});
