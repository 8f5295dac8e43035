// The hostile-input bench's files, shared by its CLI run (hostile.mjs) and its app run (hostile-app.ts): the
// reproductions in /work/shared/hostile/ (where present), the generated ones of test/hostile-cli.test.ts, the good
// file that follows each, and the text each must never show.
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import * as images from '../test/support/hostile-images';
import * as makers from '../test/support/hostile-pdfs';
import { makePdf } from '../test/support/pdf-maker';

export const ORIGINALS = '/work/shared/hostile';

/** Text that must never appear in a file's Markdown: it is in the file, not on its page. */
export const HIDDEN: Record<string, RegExp[]> = {
  'redaction.pdf': [/123-45-6789/, /Social security/],
  'substitution.pdf': [/DE99/, /Mallory Evil, IBAN DE99/],
  'hidden.pdf': [/Hidden words/, /White words/, /ignore previous/],
  'gen-redaction.pdf': [/123-45-6789/, /Social security/],
  'gen-hidden.pdf': [/Hidden words/, /White words/],
};

export interface HostileFile {
  name: string;
  path: string;
  source: 'shared/hostile' | 'generated';
}

const GENERATED: Record<string, () => Buffer> = {
  'gen-pattern-cycle.pdf': () => makers.patternCyclePdf(),
  'gen-deep-save.pdf': () => makers.deepSavePdf(200_000),
  'gen-blank-2000.pdf': () => makers.blankPagesPdf(2000),
  'gen-nesting-bomb.pdf': () => makers.nestingBombPdf(),
  'gen-memory-hog.pdf': () => makers.bigImagePdf(14_000, (b) => deflateSync(b)),
  'gen-claim-30000.png': () => images.claimPng(30_000, 30_000),
  'gen-empty.webp': () => images.emptyWebp(),
  'gen-crashing.webp': () => images.crashingWebp(),
  'gen-redaction.pdf': () => makers.redactionPdf(),
  'gen-hidden.pdf': () => makers.hiddenTextPdf(),
  'gen name --> <b>x.pdf': () => makePdf([{ width: 400, height: 120, text: 'A file with a hostile name', fontSize: 18 }]),
};

/** Every hostile file, in the bench's order: the originals (sorted), then the generated ones, written into `dir`. */
export function hostileFiles(dir: string, only?: string[]): HostileFile[] {
  const files: HostileFile[] = [];
  if (existsSync(ORIGINALS)) {
    for (const f of readdirSync(ORIGINALS).filter((f) => /\.(pdf|png|webp|jpe?g)$/i.test(f)).sort()) files.push({ name: f, path: join(ORIGINALS, f), source: 'shared/hostile' });
  }
  for (const [name, make] of Object.entries(GENERATED)) {
    if (only && !only.some((o) => name.includes(o))) continue;
    const path = join(dir, name);
    writeFileSync(path, make());
    files.push({ name, path, source: 'generated' });
  }
  return only ? files.filter((f) => only.some((o) => f.name.includes(o))) : files;
}

/** The good file converted after each hostile one, and the Markdown its page must give. */
export const GOOD = { name: 'good-after.pdf', text: 'The file after it' };
export const goodPdf = (): Buffer => makePdf([{ width: 400, height: 120, text: GOOD.text, fontSize: 18 }]);

/** The leaks of `file`'s Markdown: the HIDDEN patterns it matches, as written. */
export const hiddenLeaks = (file: string, markdown: string): string[] => (HIDDEN[file] ?? []).filter((re) => re.test(markdown)).map(String);

export const mimeType = (name: string): string =>
  /\.pdf$/i.test(name) ? 'application/pdf' : /\.png$/i.test(name) ? 'image/png' : /\.webp$/i.test(name) ? 'image/webp' : /\.jpe?g$/i.test(name) ? 'image/jpeg' : 'application/octet-stream';
