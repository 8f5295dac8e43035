// The page's Markdown, rendered (one block per region, linked to the page picture) or raw.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { DocState, PageState } from '../store/document-store';
import type { PagePartial, PageResult } from '../protocol/page';
import { renderMarkdown } from '../render/markdown';
import { clipForView } from '../render/view-clip';
import { ErrorBoundary } from './ErrorBoundary';
import { ExportActions } from './ExportActions';

interface Props {
  doc: DocState;
  page: PageState;
  engineNote: string | null;
  activeRegion: number | null;
  /** Scroll the active block into view (it was picked on the page). */
  reveal: boolean;
  onRegion: (index: number | null, scroll: boolean) => void;
}

function useObjectUrls(blobs: ReadonlyMap<string, Blob> | undefined): ReadonlyMap<string, string> {
  const urls = useMemo(() => new Map([...(blobs ?? [])].map(([name, blob]) => [name, URL.createObjectURL(blob)])), [blobs]);
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u)), [urls]);
  return urls;
}

const sentence = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).replace(/[.…]+$/, '');

/** The engine's page stages (ocr-page.ts PageStage), as the user reads them. */
const STAGE_WORDS: Record<string, string> = {
  detect: 'Finding the text lines',
  recognize: 'Reading the lines',
  layout: 'Laying out the page',
  formula: 'Reading the formulas',
  assemble: 'Writing the Markdown',
};

function PageStatusNote({ page, engineNote }: { page: PageState; engineNote: string | null }) {
  switch (page.status) {
    case 'queued':
      return <p className="muted">{engineNote ?? 'Waiting for its turn…'}</p>;
    case 'rendering':
    case 'recognizing':
      return (
        <div className="page-stage" role="status">
          <span className="muted">{STAGE_WORDS[page.stage ?? ''] ?? sentence(page.stage ?? 'working')}…</span>
          {page.stageProgress !== undefined && (
            <progress max={1} value={page.stageProgress} aria-label={`Progress of page ${page.page}`} />
          )}
        </div>
      );
    case 'failed':
      return (
        <p className="doc-message" role="alert">
          {page.error}
        </p>
      );
    case 'cancelled':
      return <p className="muted">Cancelled. Use “Resume” in the document list to convert it.</p>;
    default:
      return null;
  }
}

interface RenderedProps {
  result: PageResult;
  figureUrls: ReadonlyMap<string, string>;
  activeRegion: number | null;
  onRegion: (index: number | null, scroll: boolean) => void;
}

/** The page's result, one rendered block per region. Rendering happens here, inside the pane's boundary. */
function RenderedResult({ result, figureUrls, activeRegion, onRegion }: RenderedProps) {
  const { blocks, clipped } = useMemo(() => {
    const view = clipForView(result.regions.length > 0 ? result.regions.map((r) => r.markdown) : [result.markdown]);
    return { blocks: view.texts.map((md) => renderMarkdown(md, { figureUrls })), clipped: view.clipped };
  }, [result, figureUrls]);
  const linked = result.regions.length > 0;
  return (
    <article className="markdown-rendered" data-testid="markdown-rendered">
      {clipped && <ClippedNote />}
      {blocks.map((html, i) => (
        <div
          key={i}
          className={`md-block ${linked && i === activeRegion ? 'md-block--active' : ''}`}
          title={result.regions[i]?.unsure ? 'Unsure reading: check against the page' : undefined}
          data-block={i}
          tabIndex={linked ? 0 : undefined}
          onMouseEnter={linked ? () => onRegion(i, false) : undefined}
          onFocus={linked ? () => onRegion(i, false) : undefined}
          onClick={linked ? () => onRegion(i, true) : undefined}
          dangerouslySetInnerHTML={{ __html: html }}
        />
      ))}
      {result.markdown.trim() === '' && <EmptyPageNote unreadMarks={result.stats.unreadMarks} />}
      <UnsureNote count={result.regions.filter((r) => r.unsure).length} />
      {result.stats.ownText?.used === true && result.stats.ownText.numberConflicts?.length ? (
        <NumberConflictsNote conflicts={result.stats.ownText.numberConflicts} />
      ) : null}
      {result.stats.ownText?.used === false && (
        <p className="muted" data-testid="own-text-note">
          The PDF’s own text was not used on this page: {result.stats.ownText.reason}. It was recognized instead.
        </p>
      )}
    </article>
  );
}

/** Numbers the PDF's text states differently from what its pixels show: the Markdown keeps the text; the reader decides. */
function NumberConflictsNote({ conflicts }: { conflicts: readonly { text: string; pixels: string }[] }) {
  return (
    <div className="muted" role="note" data-testid="number-conflicts">
      <p>
        {conflicts.length === 1 ? 'A line' : `${conflicts.length} lines`} with numbers read differently in the PDF’s own text and
        in the page’s pixels. The Markdown keeps the PDF’s text; check against the page:
      </p>
      <ul>
        {conflicts.map((c, i) => (
          <li key={i}>
            text: <q>{c.text}</q> · pixels: <q>{c.pixels}</q>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** An empty page is blank, or holds marks (cursive, a drawing) in which no line of text was found: not the same. */
function EmptyPageNote({ unreadMarks }: { unreadMarks?: number }) {
  if (!unreadMarks) return <p className="muted">No text was found on this page.</p>;
  return (
    <p className="muted" role="note" data-testid="unread-marks">
      No line of text was found on this page, but it is not blank: about {Math.max(1, Math.round(unreadMarks * 100))} % of it is marked
      (handwriting, a drawing or a stamp?). Nothing was read from those marks; check the page itself.
    </p>
  );
}

/** Blocks the recognizer doubts (handwriting, damaged print) are kept as its best guess, marked as such. */
function UnsureNote({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <p className="muted" role="note" data-testid="unsure-note">
      {count === 1 ? 'One block' : `${count} blocks`} the recognizer could not read with confidence — handwriting or damaged print —
      {count === 1 ? ' is its best guess, marked' : ' are its best guesses, marked'} “unsure”. Check {count === 1 ? 'it' : 'them'} against the page.
    </p>
  );
}

function ClippedNote() {
  return (
    <p className="muted" data-testid="view-clipped">
      This page’s Markdown is too long to show in full; its first lines are shown, long lines cut. Copy and the downloads hold all of it.
    </p>
  );
}

/** The page's Markdown as text, clipped like the rendered view. */
function RawMarkdown({ markdown, partial }: { markdown: string; partial?: boolean }) {
  const view = useMemo(() => clipForView([markdown]), [markdown]);
  return (
    <>
      {view.clipped && <ClippedNote />}
      <pre
        className={partial ? 'markdown-raw markdown-partial' : 'markdown-raw'}
        data-testid={partial ? 'markdown-partial-raw' : 'markdown-raw'}
        aria-busy={partial ? true : undefined}
      >
        {view.texts[0]}
      </pre>
    </>
  );
}

function RenderedPartial({ partial, figureUrls }: { partial: PagePartial; figureUrls: ReadonlyMap<string, string> }) {
  const blocks = useMemo(() => clipForView(partial.regions.map((r) => r.markdown)).texts.map((md) => renderMarkdown(md, { figureUrls })), [partial, figureUrls]);
  return (
    <article className="markdown-rendered markdown-partial" data-testid="markdown-partial" aria-busy="true">
      {blocks.map((html, i) => (
        <div key={i} className="md-block" dangerouslySetInnerHTML={{ __html: html }} />
      ))}
    </article>
  );
}

export function MarkdownView({ doc, page, engineNote, activeRegion, reveal, onRegion }: Props) {
  const [tab, setTab] = useState<'rendered' | 'raw'>('rendered');
  const result = page.result;
  const figureUrls = useObjectUrls(page.figures);
  // While the page is read, the blocks read so far (partial-page.ts); replaced by the result when it is in.
  const partial = result ? undefined : page.partial;
  const container = useRef<HTMLDivElement>(null);
  const pageName = `page ${page.page} of “${doc.name}”`;
  // Another page, tab or the result replacing the preview draws the pane afresh.
  const resetKey = `${doc.id}:${page.page}:${tab}:${result ? 'result' : 'preview'}`;

  useEffect(() => {
    if (!reveal || activeRegion === null) return;
    container.current?.querySelector(`[data-block="${activeRegion}"]`)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [reveal, activeRegion]);

  return (
    <section className="markdown-view" aria-label="Markdown">
      <div className="toolbar">
        <div className="tabs" role="tablist" aria-label="Markdown view">
          <button type="button" role="tab" aria-selected={tab === 'rendered'} className="tab" onClick={() => setTab('rendered')}>
            Rendered
          </button>
          <button type="button" role="tab" aria-selected={tab === 'raw'} className="tab" onClick={() => setTab('raw')}>
            Markdown
          </button>
        </div>
        <ExportActions doc={doc} page={page} />
      </div>
      <div className="markdown-view__body" ref={container} role="tabpanel" data-testid="markdown-pane">
        {tab === 'raw' ? (
          <ErrorBoundary what={`The Markdown of ${pageName}`} resetKey={resetKey}>
            {partial && <RawMarkdown markdown={partial.markdown} partial />}
            {result && <RawMarkdown markdown={result.markdown} />}
          </ErrorBoundary>
        ) : (
          <ErrorBoundary what={`The rendered Markdown of ${pageName}`} resetKey={resetKey}>
            {partial && <RenderedPartial partial={partial} figureUrls={figureUrls} />}
            {result && <RenderedResult result={result} figureUrls={figureUrls} activeRegion={activeRegion} onRegion={onRegion} />}
          </ErrorBoundary>
        )}
        {!result && <PageStatusNote page={page} engineNote={engineNote} />}
      </div>
    </section>
  );
}
