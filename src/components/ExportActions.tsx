// Copy and download: the page's Markdown, the document's Markdown, a zip with figures, a searchable PDF.
import { useState } from 'react';
import type { DocState, PageState } from '../store/document-store';
import { baseName, documentMarkdown, documentZip, saveBlob } from '../export/document-markdown';
import type { PageResult } from '../protocol/page';
import { useSearchablePdf } from '../hooks/use-searchable-pdf';

function doneResults(doc: DocState): PageResult[] {
  return doc.pages.flatMap((p) => (p.result ? [p.result] : []));
}

async function figureBytes(doc: DocState): Promise<Map<string, Uint8Array>> {
  const out = new Map<string, Uint8Array>();
  for (const p of doc.pages) {
    for (const [name, blob] of p.figures ?? []) out.set(name, new Uint8Array(await blob.arrayBuffer()));
  }
  return out;
}

export function ExportActions({ doc, page }: { doc: DocState; page: PageState }) {
  const [copied, setCopied] = useState(false);
  const results = doneResults(doc);
  const name = baseName(doc.name);
  const markdownType = 'text/markdown;charset=utf-8';
  const searchable = useSearchablePdf(doc);

  const copy = async () => {
    if (!page.result) return;
    await navigator.clipboard.writeText(page.result.markdown);
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };

  return (
    <div className="toolbar__group export-actions" role="group" aria-label="Export">
      <button type="button" className="button button--small" onClick={copy} disabled={!page.result}>
        {copied ? 'Copied' : 'Copy'}
      </button>
      <button
        type="button"
        className="button button--small"
        disabled={!page.result}
        onClick={() => page.result && saveBlob(new Blob([page.result.markdown], { type: markdownType }), `${name}-p${page.page}.md`)}
      >
        Page .md
      </button>
      <button
        type="button"
        className="button button--small"
        disabled={results.length === 0}
        onClick={() => saveBlob(new Blob([documentMarkdown(results)], { type: markdownType }), `${name}.md`)}
      >
        Document .md
      </button>
      <button
        type="button"
        className="button button--small"
        disabled={results.length === 0}
        onClick={async () => {
          const zip = documentZip(doc.name, results, await figureBytes(doc));
          saveBlob(new Blob([zip as BlobPart], { type: 'application/zip' }), `${name}.zip`);
        }}
      >
        Export .zip
      </button>
      <button type="button" className="button button--small" disabled={results.length === 0 || searchable.busy} onClick={searchable.run}>
        Searchable PDF
      </button>
      {searchable.message && (
        <span className="export-actions__status" role="status" data-testid="searchable-pdf-status">
          {searchable.message}
        </span>
      )}
    </div>
  );
}
