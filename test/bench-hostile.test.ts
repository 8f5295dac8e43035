// The hostile-input bench's reading of the app's document list and its report: a mistake here would not fail
// a run, only call a hang settled or drop a leak from the table.
import { describe, expect, it } from 'vitest';
import { docView, settledState } from '../bench/hostile-app-state';
import { hiddenLeaks } from '../bench/hostile-files';
import { hostileReport, type AppRow, type CliRow } from '../bench/hostile-report';

describe('hostile bench: the app document entry', () => {
  it('a document converting is not settled; every page converted, failed or cancelled is', () => {
    const busy = docView({ meta: 'PDF · 3 pages', alert: null, message: null, progress: '1 of 3 pages converted · about 5 s left' });
    expect(busy).toMatchObject({ status: 'ready', total: 3, done: 1, finished: 1 });
    expect(settledState(busy)).toBe(false);
    const ended = docView({ meta: 'PDF · 3 pages', alert: null, message: null, progress: '1 of 3 pages converted · 1 failed · 1 cancelled' });
    expect(ended).toMatchObject({ done: 1, failed: 1, cancelled: 1, finished: 3 });
    expect(settledState(ended)).toBe(true);
    expect(settledState(docView({ meta: 'PNG · 1 page', alert: null, message: null, progress: '1 of 1 page converted' }))).toBe(true);
  });

  it('opening is not settled; a message, no pages or a password form is', () => {
    expect(settledState(docView({ meta: 'Opening…', alert: null, message: null, progress: null }))).toBe(false);
    const failed = docView({ meta: 'Cannot be opened', alert: '“x.png” is damaged.', message: null, progress: null });
    expect(failed).toMatchObject({ status: 'failed', alert: '“x.png” is damaged.' });
    expect(settledState(failed)).toBe(true);
    expect(settledState(docView({ meta: 'PDF · 0 pages', alert: null, message: 'This PDF has no pages.', progress: null }))).toBe(true);
    expect(settledState(docView({ meta: 'Password needed', alert: null, message: null, progress: null }))).toBe(true);
  });

  it('finds hidden text only for files that have some', () => {
    expect(hiddenLeaks('redaction.pdf', 'The committee met.\n123-45-6789')).toEqual(['/123-45-6789/']);
    expect(hiddenLeaks('redaction.pdf', 'The committee met.')).toEqual([]);
    expect(hiddenLeaks('other.pdf', '123-45-6789')).toEqual([]);
  });
});

describe('hostile bench: the report', () => {
  const cli: CliRow = { file: 'redaction.pdf', source: 'shared/hostile', result: 'converted (1 page)', exit: 0, seconds: 40, peakMb: 450, nextConverted: true, crash: false, hang: false, leaks: [] };
  const app: AppRow = {
    file: 'redaction.pdf', source: 'shared/hostile', result: 'converted (1 page)', pages: 1, failedPages: 0, seconds: 12.5, peakJsHeapMb: 80, peakWasmMb: 300,
    peakBrowserPssMb: 1200, nextConverted: true, nextSeconds: 4, crash: false, hang: false, blank: false, leaks: ['/DE99/'], paneErrors: [], pageErrors: [], longestTaskMs: 120,
  };
  const run = { date: 'd', machine: 'm', mode: 'ocr', pageTimeoutS: 90, rows: [cli] };
  const hidden = { 'redaction.pdf': [/123/] };

  it('puts the app row beside the CLI row and counts both', () => {
    const { json, md } = hostileReport(run, { date: 'd2', machine: 'm', command: 'c', settings: {}, limitS: 150, rows: [app] }, hidden);
    expect(json.rows[0]!.app).toEqual(app);
    expect(json.summary).toMatchObject({ crashes: 0, hangs: 0, hiddenTextLeaks: 0 });
    expect(json.app!.summary).toMatchObject({ crashes: 0, hangs: 0, blankApp: 0, hiddenTextLeaks: 1 });
    expect(md).toContain('App: 1 files, 0 crashes, 0 hangs, 0 blank app, 1 hidden-text leaks');
    expect(md).toContain('| redaction.pdf | shared/hostile | converted (1 page) | 12.5 | 80 / 300 / 1200 | converted (1 page) | 0 | 40 | 450 | converted / converted | **leaked** /DE99/ / none shown |');
  });

  it('without an app run the app columns are empty and say how to fill them', () => {
    const { json, md } = hostileReport({ ...run, rows: [{ ...cli, app: null } as CliRow] }, null, hidden);
    expect(json.rows[0]!.app).toBeNull();
    expect(md).toContain('App: not run');
    expect(md).toContain('| redaction.pdf | shared/hostile | – | – | – |');
  });
});
