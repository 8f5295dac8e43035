import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchSource, sourceFromLocation } from './source-url';

const BASE = 'https://app.example/pagemark/';

afterEach(() => vi.unstubAllGlobals());

function serve(body = '%PDF-1.4'): void {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(body, { headers: { 'content-type': 'application/pdf' } })));
}

describe('?src= links', () => {
  it('opens a link whose file name has a stray %, named as written', async () => {
    serve();
    const src = sourceFromLocation('?src=https://files.example/report%zz-100%.pdf')!;
    const r = await fetchSource(src, BASE);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.file.name).toBe('report%zz-100%.pdf');
  });

  it('still decodes well-formed names', async () => {
    serve();
    const r = await fetchSource('https://files.example/a%20b%C3%A9.pdf', BASE);
    expect(r.ok && r.file.name).toBe('a bé.pdf');
  });

  it('a bare % opens (and is then reported as what it is), never throws', async () => {
    serve('<!doctype html>');
    const r = await fetchSource(sourceFromLocation('?src=%')!, BASE);
    expect(r.ok && r.file.name).toBe('%');
  });

  it('says so when the link is not a URL', async () => {
    serve();
    const r = await fetchSource('https://exa mple.org:99999/x.pdf', BASE);
    expect(r).toEqual({ ok: false, message: expect.stringContaining('is not a valid URL') });
  });
});
