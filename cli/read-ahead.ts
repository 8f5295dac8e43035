// Draws the next page while the current one is recognized. The document's process (isolated-source.ts) draws
// on a core of its own, so page p + 1 is ready when the engine finishes page p instead of after it. Requests
// reach the source one at a time, in the order they were made: a page that ends the document's process (time,
// memory, a crash) fails alone and under its own number, never a request that happened to be waiting beside it.
// At most one page is drawn ahead, so two page bitmaps are held at most (the one being read and the next).
import type { PageImage } from '../src/protocol/page';
import type { PageSource } from './page-source';

export function readAhead(source: PageSource): PageSource {
  let tail: Promise<unknown> = Promise.resolve();
  const serial = <T>(call: () => Promise<T>): Promise<T> => {
    const done = tail.then(call, call);
    tail = done.catch(() => undefined);
    return done;
  };
  let ahead: { page: number; image: Promise<PageImage> } | undefined;

  return {
    name: source.name,
    pageCount: source.pageCount,
    render(page) {
      let image: Promise<PageImage>;
      // A page drawn ahead and then passed over (a blank page needs no drawing) is let go.
      if (ahead && ahead.page !== page && ahead.page !== page + 1) ahead = undefined;
      if (ahead?.page === page) {
        image = ahead.image;
        ahead = undefined;
      } else {
        image = serial(() => source.render(page));
      }
      // Asked for page p, the engine is about to read it: p + 1 is drawn next, behind p's own requests.
      const next = page + 1;
      if (next <= source.pageCount && ahead?.page !== next) {
        const drawn = serial(() => source.render(next));
        drawn.catch(() => undefined); // reported when page `next` is asked for, as its own failure
        ahead = { page: next, image: drawn };
      }
      return image;
    },
    textLines: (page) => serial(() => source.textLines(page)),
    close() {
      ahead = undefined;
      return serial(() => source.close());
    },
  };
}
