import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sniffKind } from './file-kind';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../../e2e/fixtures/${name}`, import.meta.url)));
const bytes = (...b: number[]) => new Uint8Array(b);

describe('sniffKind', () => {
  it('recognises real fixture files by content', () => {
    expect(sniffKind(fixture('multipage.pdf'), 'multipage.pdf')).toEqual({ ok: true, kind: 'pdf' });
    expect(sniffKind(fixture('page-image.png'), 'page-image.png')).toEqual({ ok: true, kind: 'png' });
    expect(sniffKind(fixture('page-image.jpg'), 'page-image.jpg')).toEqual({ ok: true, kind: 'jpeg' });
    expect(sniffKind(fixture('page-image.webp'), 'page-image.webp')).toEqual({ ok: true, kind: 'webp' });
  });

  it('goes by content, not by the name', () => {
    expect(sniffKind(fixture('page-image.png'), 'scan.pdf')).toEqual({ ok: true, kind: 'png' });
    expect(sniffKind(fixture('multipage.pdf'), 'download')).toEqual({ ok: true, kind: 'pdf' });
  });

  it('finds a PDF header preceded by junk, as readers allow', () => {
    const junk = new TextEncoder().encode('\r\n\r\n%PDF-1.4\n');
    expect(sniffKind(junk, 'x.pdf')).toEqual({ ok: true, kind: 'pdf' });
  });

  it('names the file when it is empty', () => {
    const r = sniffKind(new Uint8Array(0), 'empty.pdf');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toContain('empty.pdf');
    if (!r.ok) expect(r.message).toMatch(/empty/);
  });

  it('rejects a text file renamed to .pdf, naming it', () => {
    const r = sniffKind(fixture('notes.pdf'), 'notes.pdf');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/notes\.pdf.*not a PDF/);
  });

  it('rejects look-alikes: a RIFF that is not WebP, a GIF, a truncated PNG signature', () => {
    const riffWav = new TextEncoder().encode('RIFF\0\0\0\0WAVEfmt ');
    expect(sniffKind(riffWav, 'a.webp').ok).toBe(false);
    expect(sniffKind(new TextEncoder().encode('GIF89a'), 'a.gif').ok).toBe(false);
    expect(sniffKind(bytes(0x89, 0x50, 0x4e, 0x47), 'a.png').ok).toBe(false);
  });
});
