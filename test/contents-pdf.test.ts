// Tables of contents of a pdflatex document (test/fixtures/contents, contents.tex): LaTeX's own, its page numbers
// right-aligned a gap after the titles (leader dots under sections only), followed on the same page by the body;
// and a book's, set ragged, each number a little after its title. Read from the PDF's own text, alone and as the
// default reads it (the detector's line boxes filled with the text).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pagemark } from './support/run-cli';

const pdf = join(import.meta.dirname, 'fixtures/contents/contents.pdf');

/** The Markdown's paragraphs (blocks between blank lines), trimmed, page by page. */
async function read(...args: string[]): Promise<string[][]> {
  const r = await pagemark(pdf, '--drop-headers', ...args);
  expect(r.code).toBe(0);
  return r.stdout.split(/<!-- page \d+ -->/).slice(1).map((p) => p.split(/\n\s*\n/).map((b) => b.trim()).filter(Boolean));
}
let ownText: Promise<string[][]> | undefined;
let detected: Promise<string[][]> | undefined;
const pages = () => (ownText ??= read('--own-text-only'));
const defaultPages = () => (detected ??= read());

describe('a table of contents, from the PDF\'s own text', () => {
  it.each([
    ['its own text', pages],
    ['the detector\'s lines', defaultPages],
  ])('writes each entry as a line of its own with its page number, in order, and the body after it as text (%s)', async (_, read) => {
    const [first] = await read();
    const dots = String.raw`(?: \.)+ `;
    const entries = [
      /^1 Introduction 1$/,
      /^2 Methods of measurement 1$/,
      new RegExp(`^2\\.1 Data${dots}1$`),
      new RegExp(`^2\\.2 Models and their training${dots}1$`),
      new RegExp(`^2\\.2\\.1 Linear models${dots}1$`),
      /^3 Results 2$/,
      new RegExp(`^3\\.1 Main results${dots}2$`),
      new RegExp(`^3\\.2 Ablations${dots}2$`),
      /^4 Discussion 2$/,
    ];
    const at = first!.indexOf('## Contents');
    expect(at).toBeGreaterThanOrEqual(0);
    entries.forEach((e, k) => expect(first![at + 1 + k]).toMatch(e));
    // The body below the contents is no table's rows: its heading, then its paragraph.
    expect(first!.join('\n')).not.toContain('<table');
    expect(first![at + 1 + entries.length]).toBe('## 1 Introduction');
    expect(first![at + 2 + entries.length]).toMatch(/^Lorem ipsum dolor sit amet, .* Duis eget orci sit amet orci dignissim rutrum\.$/);
  }, 60_000);

  it('writes a ragged contents list an entry a line, each title with its own page number', async () => {
    const book = (await pages()).find((p) => p.some((b) => /CONTENTS$/.test(b)))!;
    const from = book.findIndex((b) => b.startsWith('PREFACE'));
    expect(book.slice(from, from + 11)).toEqual([
      'PREFACE xiii',
      'INTRODUCTION 1',
      'CHAPTER ONE: Creators 21',
      'CHAPTER TWO: Copyists 31',
      'CHAPTER THREE: Catalogs 48',
      'Film 53',
      'Recorded Music 55',
      'Radio 58',
      'CHAPTER FOUR: Founders 62',
      'NOTES 307',
      'INDEX 333',
    ]);
  }, 60_000);

  it('makes a bold subsection title under its section\'s larger one a heading, not the start of the paragraph below', async () => {
    const all = (await defaultPages()).flat();
    expect(all).toContain('### 2.2 Models and their training');
    expect(all.some((b) => /^#{3,4} 2\.2\.1 Linear models$/.test(b))).toBe(true);
    expect(all.find((b) => b.startsWith('Nulla malesuada'))).toBeDefined();
  }, 60_000);
});
