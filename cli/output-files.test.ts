import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appendJsonLine, commentSafe, writeAtomic } from './output-files';

const tmp = mkdtempSync(join(tmpdir(), 'pagemark-out-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('output files', () => {
  it('keeps a file name from ending or opening an HTML comment, reversibly', () => {
    const name = 'a --> <script>x</script> <!-- b-c---d%.pdf';
    const safe = commentSafe(name);
    expect(safe).not.toMatch(/--|<|>/);
    expect(decodeURIComponent(safe)).toBe(name);
    expect(commentSafe('plain-name 1.pdf')).toBe('plain-name 1.pdf');
  });

  it('writes whole files through a temporary name and appends whole JSON lines', async () => {
    const path = join(tmp, 'page.md');
    await writeAtomic(path, 'one');
    await writeAtomic(path, 'two');
    expect(readFileSync(path, 'utf8')).toBe('two');
    expect(readdirSync(tmp)).toEqual(['page.md']);
    await appendJsonLine(join(tmp, 'log.jsonl'), { page: 1 });
    await appendJsonLine(join(tmp, 'log.jsonl'), { page: 2, text: 'a\nb' });
    expect(readFileSync(join(tmp, 'log.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l))).toEqual([{ page: 1 }, { page: 2, text: 'a\nb' }]);
  });
});
