// Born-digital pages of ../shared/corpus scored by CER against their text layer (and by "present"
// tests built from it). Small copies of the first two live in test/eval-set/fixtures so the eval runs
// from a fresh clone; the others are used when ../shared/corpus is there.
export const CORPUS_PAGES = [
  { file: 'test/eval-set/fixtures/bitcoin.pdf', page: 1, shared: 'issue13201.pdf' },
  { file: 'e2e/fixtures/text-page.pdf', page: 1, shared: 'issue13242.pdf' },
  { shared: 'bug1873345.pdf', page: 1 },
  { shared: 'issue11913.pdf', page: 1 },
  { shared: 'pdfjs_wikipedia.pdf', page: 1 },
  { shared: 'file_pdfjs_test.pdf', page: 1 },
  { shared: 'issue12963.pdf', page: 2 },
  { shared: 'bug1937438_af_from_latex.pdf', page: 1 },
];
