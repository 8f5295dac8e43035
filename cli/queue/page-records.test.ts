import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PageResult } from '../../src/protocol/page';
import { assembleDocument, writeDocument } from './assemble';
import { keepPageRecord, readPageRecord } from './page-records';
import { outputPaths } from './queue-names';

const tmp = mkdtempSync(join(tmpdir(), 'pagemark-records-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const result = (page: number, markdown: string, ms = 1): PageResult => ({
  page,
  markdown,
  regions: [],
  figures: [],
  stats: { tokens: 0, decoderCalls: 0, draftCalls: 0, acceptedPerStep: [], proposedPerStep: [], tokensPerPass: 0, ms: { total: ms, detect: 0, encoder: 0, decoder: 0, draft: 0, layout: 0, other: 0 }, backend: 'x' },
});

describe('page records', () => {
  it('keeps the first record of a page: a second run of the page writes the same bytes', async () => {
    const o = outputPaths(tmp, 'book');
    const first = await keepPageRecord(o.pageRecord(1), o.pageMarkdown(1), { document: 'k1', file: 'book.pdf', result: result(1, 'One', 10) });
    const bytes = readFileSync(o.pageRecord(1));
    // The same page again, with other timings: the kept record wins and is returned.
    const again = await keepPageRecord(o.pageRecord(1), o.pageMarkdown(1), { document: 'k1', file: 'book.pdf', result: result(1, 'One', 99) });
    expect(again).toEqual(first);
    expect(readFileSync(o.pageRecord(1))).toEqual(bytes);
    expect(readFileSync(o.pageMarkdown(1), 'utf8')).toBe('One\n');
    // Runs racing for the same page all return one record.
    const raced = await Promise.all([2, 3, 4].map((ms) => keepPageRecord(o.pageRecord(2), o.pageMarkdown(2), { document: 'k1', file: 'book.pdf', result: result(2, 'Two', ms) })));
    expect(new Set(raced.map((r) => JSON.stringify(r))).size).toBe(1);
    expect(JSON.parse(readFileSync(o.pageRecord(2), 'utf8'))).toEqual(raced[0]);
    // No temporary files are left behind.
    expect(readdirSync(o.pagesDir).sort()).toEqual(['book_pg1.json', 'book_pg1.md', 'book_pg2.json', 'book_pg2.md']);
  });

  it('replaces a record made for other settings of the same output', async () => {
    const o = outputPaths(tmp, 'other');
    await keepPageRecord(o.pageRecord(1), o.pageMarkdown(1), { document: 'old', file: 'other.pdf', result: result(1, 'Old') });
    expect(await readPageRecord(o.pageRecord(1), 'new')).toBeUndefined();
    const kept = await keepPageRecord(o.pageRecord(1), o.pageMarkdown(1), { document: 'new', file: 'other.pdf', result: result(1, 'New') });
    expect(kept.result.markdown).toBe('New');
    expect(readFileSync(o.pageMarkdown(1), 'utf8')).toBe('New\n');
  });

  it('assembles pages in order with the CLI’s stand-in for a page with no result', async () => {
    const md = assembleDocument(3, new Map([[3, result(3, 'Three')], [1, result(1, 'One ')]]));
    expect(md).toBe('<!-- page 1 -->\n\nOne\n\n<!-- page 2 -->\n\n<!-- page 2 could not be converted -->\n\n<!-- page 3 -->\n\nThree\n');
    const { missing } = await writeDocument({ key: 'k1', out: tmp, stem: 'book', pageCount: 3 });
    expect(missing).toEqual([3]);
    expect(readFileSync(join(tmp, 'book.md'), 'utf8')).toBe('<!-- page 1 -->\n\nOne\n\n<!-- page 2 -->\n\nTwo\n\n<!-- page 3 -->\n\n<!-- page 3 could not be converted -->\n');
  });
});
