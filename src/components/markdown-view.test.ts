// @vitest-environment jsdom
// A page whose Markdown cannot be drawn says so in its pane; the other pane, the other pages and the
// rest of the app keep working.
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocState, PageState } from '../store/document-store';
import type { PageResult } from '../protocol/page';
import { MarkdownView } from './MarkdownView';

vi.mock('../render/markdown', () => ({
  renderMarkdown: (md: string) => {
    if (md.includes('BOOM')) throw new RangeError('Maximum call stack size exceeded');
    return `<p>${md}</p>`;
  },
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function pageWith(n: number, markdown: string): PageState {
  const result: PageResult = { page: n, markdown, regions: [], figures: [], stats: {} as PageResult['stats'] };
  return { page: n, status: 'done', result };
}

const doc = (pages: PageState[]): DocState => ({ id: 1, name: 'nest-sup.pdf', file: new File([], 'nest-sup.pdf'), status: 'ready', pages });

let host: HTMLDivElement;
let root: Root;
beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.restoreAllMocks();
});

function show(d: DocState, page: PageState): void {
  act(() => root.render(createElement(MarkdownView, { doc: d, page, engineNote: null, activeRegion: null, reveal: false, onRegion: () => undefined })));
}

describe('MarkdownView: a page that cannot be rendered', () => {
  it('says so in the rendered pane, keeps the raw Markdown and the toolbar, and recovers on another page', () => {
    const bad = pageWith(1, 'BOOM $x^{x^{…}}$');
    const good = pageWith(2, 'Fine text');
    const d = doc([bad, good]);
    show(d, bad);
    const alert = host.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain('The rendered Markdown of page 1 of “nest-sup.pdf” could not be shown');
    expect(alert?.textContent).toContain('RangeError');
    expect(host.querySelector('button[role="tab"]')).not.toBeNull();

    const rawTab = [...host.querySelectorAll<HTMLButtonElement>('button[role="tab"]')].find((b) => b.textContent === 'Markdown')!;
    act(() => rawTab.click());
    expect(host.querySelector('[data-testid="markdown-raw"]')?.textContent).toBe('BOOM $x^{x^{…}}$');
    expect(host.querySelector('[role="alert"]')).toBeNull();

    const renderedTab = [...host.querySelectorAll<HTMLButtonElement>('button[role="tab"]')].find((b) => b.textContent === 'Rendered')!;
    act(() => renderedTab.click());
    show(d, good);
    expect(host.querySelector('[role="alert"]')).toBeNull();
    expect(host.querySelector('[data-testid="markdown-rendered"]')?.textContent).toContain('Fine text');
  });

  it('bounds the streamed preview too', () => {
    const reading: PageState = { page: 1, status: 'recognizing', partial: { page: 1, markdown: 'BOOM', regions: [{ markdown: 'BOOM' } as never], linesRead: 0, lines: 1 } };
    show(doc([reading]), reading);
    expect(host.querySelector('[role="alert"]')?.textContent).toContain('could not be shown');
  });
});

describe('MarkdownView: a page with a 1 MB line and 20,000 lines', () => {
  it('draws a page’s worth, says so, and keeps the whole Markdown for export', () => {
    const markdown = `${'A long line of text that never ends '.repeat(30_000)}\n\n${Array.from({ length: 20_000 }, (_, i) => `line ${i}`).join('\n')}`;
    const big = pageWith(1, markdown);
    show(doc([big]), big);
    const rendered = host.querySelector('[data-testid="markdown-rendered"]')!;
    expect(rendered.textContent!.length).toBeLessThan(250_000);
    expect(host.querySelector('[data-testid="view-clipped"]')).not.toBeNull();

    const rawTab = [...host.querySelectorAll<HTMLButtonElement>('button[role="tab"]')].find((b) => b.textContent === 'Markdown')!;
    act(() => rawTab.click());
    expect(host.querySelector('[data-testid="markdown-raw"]')!.textContent!.length).toBeLessThan(250_000);
    expect(host.querySelector('[data-testid="view-clipped"]')).not.toBeNull();
    expect(big.result!.markdown).toBe(markdown);
  });
});

describe('MarkdownView: a preview that could not be drawn', () => {
  it('is drawn afresh when the page’s result arrives', () => {
    const reading: PageState = { page: 1, status: 'recognizing', partial: { page: 1, markdown: 'BOOM', regions: [{ markdown: 'BOOM' } as never], linesRead: 0, lines: 1 } };
    show(doc([reading]), reading);
    expect(host.querySelector('[role="alert"]')).not.toBeNull();
    const done = pageWith(1, 'The page as read');
    show(doc([done]), done);
    expect(host.querySelector('[role="alert"]')).toBeNull();
    expect(host.querySelector('[data-testid="markdown-rendered"]')?.textContent).toContain('The page as read');
  });
});

describe('MarkdownView: unsure readings', () => {
  const region = (markdown: string, unsure?: boolean): PageResult['regions'][number] => ({ bbox: [0, 0, 1, 1], type: 'paragraph', markdown, ...(unsure && { unsure }) });
  const withRegions = (regions: PageResult['regions']): PageState => ({
    page: 1,
    status: 'done',
    result: { page: 1, markdown: regions.map((r) => r.markdown).join('\n\n'), regions, figures: [], stats: {} as PageResult['stats'] },
  });

  it('says how many blocks are guesses and marks them', () => {
    const page = withRegions([region('Dear Sir,'), region('<div data-unsure>\n\nlin they din\n\n</div>', true), region('<div data-unsure>\n\nCer busolam\n\n</div>', true)]);
    show(doc([page]), page);
    expect(host.querySelector('[data-testid="unsure-note"]')?.textContent).toContain('2 blocks');
    expect([...host.querySelectorAll('.md-block')].map((b) => b.getAttribute('title') !== null)).toEqual([false, true, true]);
  });

  it('says nothing on a page read with confidence', () => {
    const page = withRegions([region('Dear Sir,')]);
    show(doc([page]), page);
    expect(host.querySelector('[data-testid="unsure-note"]')).toBeNull();
  });
});

describe('MarkdownView: a page nothing was read from', () => {
  const empty = (stats: Partial<PageResult['stats']>): PageState => ({
    page: 1,
    status: 'done',
    result: { page: 1, markdown: '', regions: [], figures: [], stats: stats as PageResult['stats'] },
  });

  it('calls a blank page blank', () => {
    show(doc([empty({})]), empty({}));
    expect(host.textContent).toContain('No text was found on this page.');
    expect(host.querySelector('[data-testid="unread-marks"]')).toBeNull();
  });

  it('says a marked page is not blank, and how much of it is marked', () => {
    const page = empty({ unreadMarks: 0.043 });
    show(doc([page]), page);
    const note = host.querySelector('[data-testid="unread-marks"]')?.textContent;
    expect(note).toContain('not blank');
    expect(note).toContain('about 4 %');
    expect(host.textContent).not.toContain('No text was found on this page.');
  });
});
