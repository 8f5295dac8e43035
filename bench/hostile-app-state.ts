// A document's entry in the app's list, as the hostile-input bench reads it: what it says (its line under the
// name, its message, its progress line) and whether it has settled. Parsing is pure, so it is tested on fixed text.
import type { Page } from '@playwright/test';

export interface DocTexts {
  /** The line under the name: “Opening…”, “PDF · 3 pages”, “Cannot be opened”, “Password needed”. */
  meta: string;
  /** The entry's alert (a file that cannot be opened), if any. */
  alert: string | null;
  /** The entry's other message (“This PDF has no pages.”), if any. */
  message: string | null;
  /** “2 of 3 pages converted · 1 failed · about 5 s left”, if the document has pages. */
  progress: string | null;
}

export interface DocView {
  status: 'opening' | 'ready' | 'failed' | 'needs-password';
  alert: string | null;
  message: string | null;
  total: number;
  done: number;
  failed: number;
  cancelled: number;
  /** Pages that will not change any more (converted, failed or cancelled). */
  finished: number;
}

const count = (text: string, re: RegExp) => Number(re.exec(text)?.[1] ?? 0);

export function docView(t: DocTexts): DocView {
  const status = t.meta.startsWith('Opening') ? 'opening' : t.meta.startsWith('Cannot be opened') ? 'failed' : t.meta.startsWith('Password') ? 'needs-password' : 'ready';
  const progress = t.progress ?? '';
  const m = /(\d+) of (\d+) pages? converted/.exec(progress);
  const total = m ? Number(m[2]) : count(t.meta, /· (\d+) pages?/);
  const done = m ? Number(m[1]) : 0;
  const failed = count(progress, /(\d+) failed/);
  const cancelled = count(progress, /(\d+) cancelled/);
  return { status, alert: t.alert, message: t.message, total, done, failed, cancelled, finished: done + failed + cancelled };
}

/** The file has ended: in a message, in no pages, or with every page converted, failed or cancelled. */
export function settledState(v: DocView): boolean {
  if (v.status === 'failed' || v.status === 'needs-password') return true;
  if (v.status !== 'ready') return false;
  return v.total === 0 || v.finished >= v.total;
}

/** The entry named exactly `name`, read in the page; null while it is not in the list. */
export async function readDoc(page: Page, name: string): Promise<DocView | null> {
  const texts = await page.evaluate((name) => {
    const item = [...document.querySelectorAll('[data-testid="document"]')].find((d) => d.querySelector('.doc__name')?.textContent === name);
    if (!item) return null;
    return {
      meta: item.querySelector('.doc__meta')?.textContent ?? '',
      alert: item.querySelector('[role="alert"]')?.textContent ?? null,
      message: item.querySelector('.doc-message:not([role="alert"])')?.textContent ?? null,
      progress: item.querySelector('[data-testid="doc-progress"]')?.textContent ?? null,
    };
  }, name);
  return texts && docView(texts);
}
