// readAhead on a scripted page source: the next page is drawn while the current one is read, one request at a
// time, and a page that fails while drawn ahead fails as itself.
import { describe, expect, it } from 'vitest';
import type { PageImage } from '../src/protocol/page';
import type { PageSource } from './page-source';
import { readAhead } from './read-ahead';

/** A source whose calls finish only when the test says so; it records what was asked and when. */
function scripted(pageCount: number) {
  const log: string[] = [];
  const waiting: { what: string; settle: (fail?: Error) => void }[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const call = <T>(what: string, value: T): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      log.push(what);
      mostInFlight = Math.max(mostInFlight, ++inFlight);
      waiting.push({
        what,
        settle: (fail) => {
          inFlight--;
          if (fail) reject(fail);
          else resolve(value);
        },
      });
    });
  const image = (page: number): PageImage => ({ width: page, height: 1, pixels: new Uint8ClampedArray(4 * page), dpi: 0 });
  const source: PageSource = {
    name: 'scan.pdf',
    pageCount,
    render: (page) => call(`render ${page}`, image(page)),
    textLines: (page) => call(`text ${page}`, { lines: [], width: 1, height: 1, ocrLayer: false }),
    close: () => call('close', undefined),
  };
  /** Settles the oldest waiting call; lets the wrapper react before returning. */
  const finish = async (what: string, fail?: Error) => {
    await tick();
    const next = waiting.shift();
    expect(next?.what).toBe(what);
    next!.settle(fail);
    await tick();
  };
  return { source, log, finish, mostInFlight: () => mostInFlight };
}

const tick = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('readAhead', () => {
  it('draws page 2 while page 1 is read, then hands it over without drawing it again', async () => {
    const s = scripted(3);
    const src = readAhead(s.source);
    const text1 = src.textLines(1);
    const page1 = src.render(1);
    await s.finish('text 1');
    await text1;
    await s.finish('render 1');
    expect((await page1).width).toBe(1);
    // Page 1 is in the engine's hands now; page 2 is already being drawn.
    await tick();
    expect(s.log).toEqual(['text 1', 'render 1', 'render 2']);
    await s.finish('render 2');
    // The engine asks for page 2: its text is read, its picture is the one drawn ahead, and page 3 is drawn next.
    const text2 = src.textLines(2);
    const page2 = src.render(2);
    await s.finish('text 2');
    await text2;
    expect((await page2).width).toBe(2);
    expect(s.log).toEqual(['text 1', 'render 1', 'render 2', 'text 2', 'render 3']);
    await s.finish('render 3');
    expect((await src.render(3)).width).toBe(3);
    // The last page has no next one.
    await tick();
    expect(s.log.filter((l) => l.startsWith('render'))).toEqual(['render 1', 'render 2', 'render 3']);
    expect(s.mostInFlight()).toBe(1);
  });

  it('a page that fails while drawn ahead fails as itself; the page before it and the pages after it are read', async () => {
    const s = scripted(3);
    const src = readAhead(s.source);
    const page1 = src.render(1);
    await s.finish('render 1');
    await tick();
    // Page 1's figures are drawn again while page 2 is drawn ahead: the second drawing waits its turn.
    const again1 = src.render(1);
    await tick();
    expect(s.log).toEqual(['render 1', 'render 2']);
    await s.finish('render 2', new Error('Page 2 took longer than 90 s to draw and was skipped.'));
    await s.finish('render 1');
    expect((await page1).width).toBe(1);
    expect((await again1).width).toBe(1);
    // Page 2 is asked for: its text is still read, its drawing reports its own failure.
    const text2 = src.textLines(2);
    await s.finish('text 2');
    await text2;
    await expect(src.render(2)).rejects.toThrow('Page 2 took longer');
    await s.finish('render 3');
    expect((await src.render(3)).width).toBe(3);
    expect(s.mostInFlight()).toBe(1);
  });

  it('lets go of a page drawn ahead that was passed over, so no more than two pages are held', async () => {
    const s = scripted(4);
    const src = readAhead(s.source);
    void src.render(1);
    await s.finish('render 1');
    await s.finish('render 2');
    // Page 2 turned out blank (its text said so; it is never drawn for the engine): page 3 is asked for.
    const page3 = src.render(3);
    await s.finish('render 3');
    expect((await page3).width).toBe(3);
    await tick();
    // Page 2's picture was let go and page 3 was drawn anew; page 4 is next.
    expect(s.log).toEqual(['render 1', 'render 2', 'render 3', 'render 4']);
    await s.finish('render 4');
    expect((await src.render(4)).width).toBe(4);
    await tick();
    expect(s.log.length).toBe(4);
  });

  it('closes after what was asked before', async () => {
    const s = scripted(2);
    const src = readAhead(s.source);
    void src.render(1);
    const closed = src.close();
    await s.finish('render 1');
    await s.finish('render 2');
    await s.finish('close');
    await closed;
    expect(s.log).toEqual(['render 1', 'render 2', 'close']);
  });
});
