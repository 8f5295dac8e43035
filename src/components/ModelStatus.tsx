import type { EngineStatus } from '../hooks/use-engine';

function percent(p: { loaded: number; total: number }): number {
  return p.total > 0 ? Math.round((100 * p.loaded) / p.total) : 0;
}

export function ModelStatus({ status }: { status: EngineStatus }) {
  let text: string;
  switch (status.phase) {
    case 'idle':
      text = 'Model loads when you open a document';
      break;
    case 'loading':
      text = `${status.detail ?? 'Loading model'}${status.progress ? ` · ${percent(status.progress)}%` : ''}`;
      break;
    case 'ready':
      text = `${status.pack ?? 'Model'} ready · ${status.backend}`;
      break;
    case 'error':
      text = 'Model failed to load';
      break;
  }
  return (
    <div className={`model-status model-status--${status.phase}`} role="status" aria-live="polite" data-testid="model-status">
      <span className="model-status__dot" aria-hidden="true" />
      <span title={status.fallback}>{text}</span>
      {status.phase === 'ready' && status.fallback && <span className="visually-hidden">{status.fallback}</span>}
      {status.phase === 'loading' && status.progress && (
        <progress max={100} value={percent(status.progress)} aria-label="Model download" />
      )}
    </div>
  );
}
