import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { PageResult } from '../protocol/page';
import { baseName, documentMarkdown, documentZip } from './document-markdown';

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
