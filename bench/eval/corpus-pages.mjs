import { existsSync } from 'node:fs';
import { join } from 'node:path';

// Born-digital pages of ../shared/corpus scored by CER against their text layer (and by "present"
// tests built from it). Small copies of the first two live in test/eval-set/fixtures so the eval runs
// from a fresh clone; the others are used when ../shared/corpus is there.
export const CORPUS_PAGES = [
  { file: 'test/eval-set/fixtures/bitcoin.pdf', page: 1, shared: 'issue13201.pdf', singleColumn: true },
  { file: 'e2e/fixtures/text-page.pdf', page: 1, shared: 'issue13242.pdf', singleColumn: true },
  { shared: 'bug1873345.pdf', page: 1 },
  { shared: 'issue11913.pdf', page: 1 },
  { shared: 'pdfjs_wikipedia.pdf', page: 1 },
  { shared: 'file_pdfjs_test.pdf', page: 1 },
  { shared: 'issue12963.pdf', page: 2 },
  { shared: 'bug1937438_af_from_latex.pdf', page: 1 },
];

/** Where a corpus page's PDF is: the fixture copy, else ../shared/corpus; undefined when neither exists. */
export function corpusPath(c, root) {
  const local = c.file && join(root, c.file);
  if (local && existsSync(local)) return local;
  const shared = join(root, '../shared/corpus/pdfs', c.shared);
  return existsSync(shared) ? shared : undefined;
}
