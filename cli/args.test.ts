import { describe, expect, it } from 'vitest';
import { parseCli, USAGE } from './args';

const parse = (...argv: string[]) => parseCli(argv, '/pack');

describe('pagemark arguments', () => {
  it('uses a PDF’s own text by default, --no-own-text recognizes every page, --own-text-only reads nothing else', () => {
    expect(parse('a.pdf')).toMatchObject({ files: ['a.pdf'], ownText: true, ownTextOnly: false, pack: '/pack' });
    expect(parse('a.pdf', '--no-own-text')).toMatchObject({ ownText: false, ownTextOnly: false });
    expect(parse('--own-text-only', 'a.pdf')).toMatchObject({ ownText: true, ownTextOnly: true });
  });

  it('takes the old names --no-pdf-text and --text-layer as the same options', () => {
    expect(parse('a.pdf', '--no-pdf-text')).toEqual(parse('a.pdf', '--no-own-text'));
    expect(parse('--text-layer', 'a.pdf')).toEqual(parse('--own-text-only', 'a.pdf'));
    expect(parse('--text-layer', '--no-pdf-text', '--k', '1', 'a.pdf')).toEqual(parse('--own-text-only', '--no-own-text', '--k', '1', 'a.pdf'));
    expect(parse('a.pdf', '--no-pdf-text')).toMatchObject({ ownText: false });
    expect(parse('a.pdf', '--text-layer')).toMatchObject({ ownTextOnly: true });
  });

  it('lists the new names in --help, the old ones only as such', () => {
    expect(USAGE).toMatch(/^ {2}--no-own-text /m);
    expect(USAGE).toMatch(/^ {2}--own-text-only /m);
    expect(USAGE).not.toMatch(/^ {2}--(no-pdf-text|text-layer) /m);
    expect(USAGE).toContain('Old names still taken: --no-pdf-text for --no-own-text, --text-layer for --own-text-only.');
  });
});
