// Page thumbnails of the selected document; each is drawn only once it scrolls into view.
import { useEffect, useRef, useState } from 'react';
import type { DocState, PageState } from '../store/document-store';
import { usePagePicture } from '../hooks/use-page-picture';

const STATUS_LABEL: Record<PageState['status'], string> = {
  queued: 'waiting',
  rendering: 'rendering',
  recognizing: 'recognizing',
  done: 'done',
  failed: 'failed',
  cancelled: 'cancelled',
};

function Thumbnail({ doc, page, selected, onSelect }: { doc: DocState; page: PageState; selected: boolean; onSelect: () => void }) {
  const ref = useRef<HTMLButtonElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || visible) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setVisible(true), { rootMargin: '200px' });
    io.observe(el);
    return () => io.disconnect();
  }, [visible]);
  const picture = usePagePicture(doc.renderId, page.page, 180, visible);
  return (
    <button
      ref={ref}
      type="button"
      className={`thumb thumb--${page.status} ${selected ? 'thumb--selected' : ''}`}
      onClick={onSelect}
      aria-label={`Page ${page.page}, ${STATUS_LABEL[page.status]}`}
      aria-current={selected ? 'page' : undefined}
    >
      <span className="thumb__image">{picture.url ? <img src={picture.url} alt="" /> : null}</span>
      <span className="thumb__label">
        {page.page}
        <span className={`badge badge--${page.status}`}>{STATUS_LABEL[page.status]}</span>
      </span>
    </button>
  );
}

export function PageStrip({ doc, selectedPage, onSelect }: { doc: DocState; selectedPage: number; onSelect: (page: number) => void }) {
  if (doc.status !== 'ready' || doc.pages.length === 0) return null;
  return (
    <nav className="page-strip" aria-label={`Pages of ${doc.name}`}>
      {doc.pages.map((p) => (
        <Thumbnail key={`${doc.id}-${p.page}`} doc={doc} page={p} selected={p.page === selectedPage} onSelect={() => onSelect(p.page)} />
      ))}
    </nav>
  );
}
