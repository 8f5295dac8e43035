import { useCallback, useEffect, useRef, useState } from 'react';
import { DocumentList } from './components/DocumentList';
import { ACCEPT, DropOverlay, EmptyState, useWindowDrop } from './components/DropZone';
import { ErrorBoundary } from './components/ErrorBoundary';
import { MarkdownView } from './components/MarkdownView';
import { ModelStatus } from './components/ModelStatus';
import { Notices, type Notice } from './components/Notices';
import { PageStrip } from './components/PageStrip';
import { PageView } from './components/PageView';
import { SettingsPanel } from './components/SettingsPanel';
import { StatsBar } from './components/StatsBar';
import { UpdatePrompt } from './components/UpdatePrompt';
import { awaitingFirstPage } from './store/doc-progress';
import { useDocumentStore, useDocuments } from './hooks/use-documents';
import { useEngine } from './hooks/use-engine';
import { useOfflinePack } from './hooks/use-offline-pack';
import { usePaste, useSourceParam } from './hooks/use-open-sources';
import { useSettings } from './hooks/use-settings';

export function App() {
  const [settings, updateSettings] = useSettings();
  const [packFiles, setPackFiles] = useState<File[]>([]);
  const store = useDocumentStore();
  const engine = useEngine(settings, packFiles);
  const { docs } = useDocuments(store, engine, settings);
  useOfflinePack(engine.source, engine.status.phase === 'idle', awaitingFirstPage(docs));
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [selectedPage, setSelectedPage] = useState(1);
  const [active, setActive] = useState<{ index: number | null; revealIn: 'page' | 'markdown' | null }>({ index: null, revealIn: null });
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [notices, setNotices] = useState<Notice[]>([]);
  const picker = useRef<HTMLInputElement>(null);
  const noticeId = useRef(1);

  const notify = useCallback((text: string) => setNotices((n) => [...n, { id: noticeId.current++, text }]), []);

  const addFiles = useCallback(
    (files: File[]) => {
      void store.addFiles(files).then((ids) => setSelectedId((cur) => (cur !== null && store.get(cur) ? cur : ids[0] ?? cur)));
    },
    [store],
  );

  const dragging = useWindowDrop(addFiles);
  usePaste(addFiles);
  useSourceParam(addFiles, notify);

  const doc = docs.find((d) => d.id === selectedId) ?? docs[0];
  const page = doc?.pages.find((p) => p.page === selectedPage) ?? doc?.pages[0];

  useEffect(() => {
    setSelectedPage(1);
  }, [doc?.id]);
  useEffect(() => {
    setActive({ index: null, revealIn: null });
  }, [doc?.id, page?.page]);

  const engineNote =
    engine.status.phase === 'error'
        ? (engine.status.message ?? 'The model could not be loaded.')
        : engine.status.phase === 'loading'
          ? 'Waiting for the model to load…'
          : null;

  return (
    <div className="app">
      <header className="topbar">
        <h1 className="brand">
          <img src="./icons/favicon.svg" alt="" width={24} height={24} />
          Pagemark
        </h1>
        <button type="button" className="button button--primary" onClick={() => picker.current?.click()}>
          Open files…
        </button>
        <input
          ref={picker}
          type="file"
          multiple
          accept={ACCEPT}
          className="visually-hidden"
          aria-label="Choose PDF or image files"
          data-testid="file-input"
          tabIndex={-1}
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            if (files.length) addFiles(files);
          }}
        />
        <ModelStatus status={engine.status} />
        <button type="button" className="button button--quiet" onClick={() => setSettingsOpen(true)} aria-haspopup="dialog">
          Settings
        </button>
      </header>

      <Notices notices={notices} onDismiss={(id) => setNotices((n) => n.filter((x) => x.id !== id))} />
      {engine.status.phase === 'error' && (
        <div className="notices">
          <div className="notice" role="alert">
            <span>{engine.status.message}</span>
            <button type="button" className="button button--small" onClick={() => store.retry()}>
              Try again
            </button>
          </div>
        </div>
      )}

      <main className="workspace">
        {docs.length > 0 && (
          <aside className="sidebar">
            <ErrorBoundary what="The list of documents" resetKey={docs}>
              <DocumentList
                docs={docs}
                selectedId={doc?.id ?? null}
                onSelect={setSelectedId}
                onPassword={(id, pw) => void store.submitPassword(id, pw)}
                onCancel={(id) => store.cancel(id)}
                onResume={(id) => store.resume(id)}
                onRemove={(id) => store.remove(id)}
              />
            </ErrorBoundary>
            {doc && (
              <ErrorBoundary what={`The pages of “${doc.name}”`} resetKey={doc}>
                <PageStrip doc={doc} selectedPage={page?.page ?? 1} onSelect={setSelectedPage} />
              </ErrorBoundary>
            )}
          </aside>
        )}
        {doc && page ? (
          // One boundary for the page view and one per pane: a page that cannot be shown says so, and
          // the other pages and documents stay usable.
          <ErrorBoundary what={`Page ${page.page} of “${doc.name}”`} resetKey={`${doc.id}:${page.page}`}>
            <div className="viewer">
              <ErrorBoundary what={`The picture of page ${page.page} of “${doc.name}”`} resetKey={`${doc.id}:${page.page}`}>
                <PageView
                  doc={doc}
                  page={page}
                  activeRegion={active.index}
                  reveal={active.revealIn === 'page'}
                  onRegion={(index, scroll) => setActive({ index, revealIn: scroll ? 'markdown' : null })}
                />
              </ErrorBoundary>
              <MarkdownView
                doc={doc}
                page={page}
                engineNote={engineNote}
                activeRegion={active.index}
                reveal={active.revealIn === 'markdown'}
                onRegion={(index, scroll) => setActive({ index, revealIn: scroll ? 'page' : null })}
              />
            </div>
          </ErrorBoundary>
        ) : (
          <EmptyState onChoose={() => picker.current?.click()} />
        )}
      </main>

      <StatsBar doc={doc} backend={engine.status.backend} />
      <SettingsPanel
        open={settingsOpen}
        settings={settings}
        packFiles={packFiles}
        onChange={updateSettings}
        onPackFiles={setPackFiles}
        onClose={() => setSettingsOpen(false)}
        cachedPacks={engine.cachedPacks}
        onDeletePack={engine.deleteCachedPack}
      />
      <DropOverlay visible={dragging} />
      <UpdatePrompt holdFirstInstall={awaitingFirstPage(docs)} />
    </div>
  );
}
