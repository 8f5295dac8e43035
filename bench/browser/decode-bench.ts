// Page side of the Chromium decode benchmark: hands the work to the bench worker.
import * as Comlink from 'comlink';

type Bench = { run(packUrl: string, pages: Uint8Array[], o: { batch: number; maxLines: number; repeats: number }): Promise<unknown> };

(globalThis as unknown as { runDecodeBench: unknown }).runDecodeBench = async (
  packUrl: string,
  pagesB64: string[],
  o: { batch: number; maxLines: number; repeats: number },
) => {
  const worker = new Worker(new URL('./decode-bench.worker.ts', import.meta.url), { type: 'module' });
  try {
    const pages = pagesB64.map((b) => Uint8Array.from(atob(b), (c) => c.charCodeAt(0)));
    return await Comlink.wrap<Bench>(worker).run(new URL(packUrl, location.href).href, pages, o);
  } finally {
    worker.terminate();
  }
};
document.title = 'ready';
