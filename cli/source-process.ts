// The child process that opens a document and draws its pages for the CLI (isolated-source.ts): pdf.js and
// the native image decoder run here, so a page that hangs, runs out of memory or crashes the decoder ends this
// process only, and the CLI reports that one page or file and goes on.
import { InputError, openSource, type PageSource } from './page-source';
import type { SourceReply, SourceRequest } from './source-protocol';

let source: PageSource | undefined;

async function answer(req: SourceRequest): Promise<SourceReply> {
  try {
    if (req.op === 'close' || req.op === 'open') {
      // One document at a time: the process is used again for the CLI's next file.
      await source?.close();
      source = undefined;
    }
    if (req.op === 'close') return { id: req.id, ok: true, value: null };
    if (req.op === 'open') {
      source = await openSource(req.path, req.target);
      return { id: req.id, ok: true, value: { name: source.name, pageCount: source.pageCount } };
    }
    if (!source) throw new Error('no document is open');
    const value = req.op === 'render' ? await source.render(req.page) : await source.textLines(req.page);
    return { id: req.id, ok: true, value };
  } catch (e) {
    return { id: req.id, ok: false, message: (e as Error).message, input: e instanceof InputError };
  }
}

process.on('message', (req: SourceRequest) => {
  void answer(req).then((reply) => process.send!(reply));
});
// pdf.js loaded, the CLI starts its clocks: a page's time limit is the page's, not this process's start-up.
await import('pdfjs-dist/legacy/build/pdf.mjs');
process.send!({ ready: true });
// The parent going away ends this process.
process.on('disconnect', () => process.exit(0));
