// Export → Searchable PDF for one document: which pages have their own text (render worker), then the PDF
// from the export worker, downloaded as NAME.searchable.pdf, with a line saying what it did.
import { useCallback, useState } from 'react';
import { renderBridge } from '../bridges/render-bridge';
import { searchablePdf } from '../bridges/export-bridge';
import { describeReport, type PageOutcome } from '../core/searchable-pdf/layer-plan';
import { baseName, saveBlob } from '../export/document-markdown';
import type { DocState } from '../store/document-store';

export const FONT_PATH = 'fonts/DejaVuSans.ttf';

async function outcomes(doc: DocState): Promise<PageOutcome[]> {
  const out: PageOutcome[] = [];
  for (const p of doc.pages) {
    const status = p.status === 'done' && p.result ? 'done' : p.status === 'failed' ? 'failed' : 'unread';
    const ownText = status === 'done' && doc.kind === 'pdf' && doc.renderId !== undefined ? await renderBridge.hasOwnText(doc.renderId, p.page) : false;
    out.push({ page: p.page, status, ownText, textLines: p.result?.textLines });
  }
  return out;
}

export function useSearchablePdf(doc: DocState) {
  const [state, setState] = useState<{ busy: boolean; message?: string }>({ busy: false });
  const run = useCallback(async () => {
    if (!doc.kind) return;
    setState({ busy: true, message: 'Making the searchable PDF…' });
    try {
      const pages = await outcomes(doc);
      const bytes = await doc.file.arrayBuffer();
      const out = await searchablePdf({ kind: doc.kind, bytes, fontUrl: new URL(FONT_PATH, document.baseURI).href, pages });
      saveBlob(new Blob([out.bytes as BlobPart], { type: 'application/pdf' }), `${baseName(doc.name)}.searchable.pdf`);
      setState({ busy: false, message: `Searchable PDF: ${describeReport(out.report)}` });
    } catch (e) {
      setState({ busy: false, message: `The searchable PDF could not be made: ${(e as Error).message}` });
    }
  }, [doc]);
  return { ...state, run };
}
