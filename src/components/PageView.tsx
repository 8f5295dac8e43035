// The page picture with zoom, and one outlined box per region the engine found.
import { useEffect, useRef, useState } from 'react';
import type { DocState, PageState } from '../store/document-store';
import { usePagePicture } from '../hooks/use-page-picture';
import { VIEW_MAX_BLOCKS } from '../render/view-clip';

interface Props {
  doc: DocState;
  page: PageState;
  activeRegion: number | null;
  /** Scroll the active region into view (it was picked in the Markdown). */
  reveal: boolean;
  /** scroll: also scroll the Markdown to the region's block. */
  onRegion: (index: number | null, scroll: boolean) => void;
}

const ZOOMS = [50, 75, 100, 125, 150, 200, 300];

export function PageView({ doc, page, activeRegion, reveal, onRegion }: Props) {
  const [zoom, setZoom] = useState(100);
  const regionsRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!reveal || activeRegion === null) return;
    regionsRef.current?.querySelector(`[data-region="${activeRegion}"]`)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [reveal, activeRegion]);
  const picture = usePagePicture(doc.renderId, page.page, 1600);
  // As many outlines as the Markdown pane draws blocks (view-clip.ts).
  const regions = (page.result?.regions ?? []).slice(0, VIEW_MAX_BLOCKS);
  const size = page.size;
  const step = (dir: 1 | -1) => {
    const i = ZOOMS.indexOf(zoom);
    setZoom(ZOOMS[Math.min(ZOOMS.length - 1, Math.max(0, i + dir))]);
  };
  return (
    <section className="page-view" aria-label={`Page ${page.page} of ${doc.name}`}>
      <div className="toolbar">
        <span className="toolbar__title">
          Page {page.page} / {doc.pages.length}
        </span>
        <div className="toolbar__group" role="group" aria-label="Zoom">
          <button type="button" className="icon-button" onClick={() => step(-1)} disabled={zoom === ZOOMS[0]} aria-label="Zoom out">
            −
          </button>
          <output className="zoom-value" aria-live="polite">
            {zoom}%
          </output>
          <button type="button" className="icon-button" onClick={() => step(1)} disabled={zoom === ZOOMS[ZOOMS.length - 1]} aria-label="Zoom in">
            +
          </button>
          <button type="button" className="button button--small button--quiet" onClick={() => setZoom(100)}>
            Fit
          </button>
        </div>
      </div>
      <div className="page-view__scroller">
        <div className="page-view__paper" style={{ width: `${zoom}%` }}>
          {picture.url ? (
            <img className="page-view__image" src={picture.url} alt={`Page ${page.page} of ${doc.name}`} data-testid="page-image" />
          ) : (
            <div className="page-view__placeholder">{picture.error ? `This page could not be drawn: ${picture.error}` : 'Drawing page…'}</div>
          )}
          {picture.url && size && (
            <div className="regions" ref={regionsRef} onMouseLeave={() => onRegion(null, false)}>
              {regions.flatMap((r, i) =>
                // A paragraph that goes on in the next column is outlined piece by piece; its first piece takes focus.
                (r.parts ?? [r.bbox]).map((box, part) => (
                  <button
                    key={`${i}-${part}`}
                    type="button"
                    className={`region region--${r.type} ${r.unsure ? 'region--unsure' : ''} ${i === activeRegion ? 'region--active' : ''}`}
                    style={{
                      left: `${(100 * box[0]) / size.width}%`,
                      top: `${(100 * box[1]) / size.height}%`,
                      width: `${(100 * (box[2] - box[0])) / size.width}%`,
                      height: `${(100 * (box[3] - box[1])) / size.height}%`,
                    }}
                    data-region={i}
                    {...(part > 0 && { tabIndex: -1, 'aria-hidden': true })}
                    aria-label={`Region ${i + 1}: ${r.type}${r.unsure ? ', unsure reading' : ''}. Show its Markdown`}
                    onMouseEnter={() => onRegion(i, false)}
                    onFocus={() => onRegion(i, false)}
                    onClick={() => onRegion(i, true)}
                  />
                )),
              )}
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
