import type { DocState } from '../store/document-store';
import { docProgress, formatDuration } from '../store/doc-progress';
import { PasswordForm } from './PasswordForm';

interface Props {
  docs: DocState[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  onPassword: (id: number, password: string) => void;
  onCancel: (id: number) => void;
  onResume: (id: number) => void;
  onRemove: (id: number) => void;
}

function ProgressLine({ doc }: { doc: DocState }) {
  const p = docProgress(doc.pages);
  const finished = p.done + p.failed;
  const parts = [`${p.done} of ${p.total} page${p.total === 1 ? '' : 's'} converted`];
  if (p.failed) parts.push(`${p.failed} failed`);
  if (p.cancelled) parts.push(`${p.cancelled} cancelled`);
  if (p.active && p.remainingMs !== null) parts.push(`about ${formatDuration(p.remainingMs)} left`);
  return (
    <div className="doc-progress">
      <progress max={Math.max(1, p.total)} value={finished} aria-label={`Progress of ${doc.name}`} />
      <span className="doc-progress__text" data-testid="doc-progress">
        {parts.join(' · ')}
      </span>
    </div>
  );
}

export function DocumentList({ docs, selectedId, onSelect, onPassword, onCancel, onResume, onRemove }: Props) {
  return (
    <ul className="doc-list" aria-label="Documents">
      {docs.map((doc) => {
        const p = docProgress(doc.pages);
        return (
          <li key={doc.id} className={`doc ${doc.id === selectedId ? 'doc--selected' : ''} doc--${doc.status}`} data-testid="document">
            <button type="button" className="doc__title" onClick={() => onSelect(doc.id)} aria-current={doc.id === selectedId ? 'true' : undefined}>
              <span className="doc__name">{doc.name}</span>
              <span className="doc__meta">
                {doc.status === 'opening' && 'Opening…'}
                {doc.status === 'ready' && `${doc.kind?.toUpperCase()} · ${doc.pages.length} page${doc.pages.length === 1 ? '' : 's'}`}
                {doc.status === 'needs-password' && 'Password needed'}
                {doc.status === 'failed' && 'Cannot be opened'}
              </span>
            </button>
            {doc.status === 'failed' && (
              <p className="doc-message" role="alert">
                {doc.message}
              </p>
            )}
            {doc.status === 'needs-password' && (
              <PasswordForm name={doc.name} message={doc.message} onSubmit={(pw) => onPassword(doc.id, pw)} />
            )}
            {doc.status === 'ready' && doc.message && <p className="doc-message">{doc.message}</p>}
            {doc.status === 'ready' && doc.pages.length > 0 && <ProgressLine doc={doc} />}
            <div className="doc__actions">
              {doc.status === 'ready' && p.active && (
                <button type="button" className="button button--small" onClick={() => onCancel(doc.id)}>
                  Cancel
                </button>
              )}
              {doc.status === 'ready' && !p.active && p.done < p.total && (
                <button type="button" className="button button--small" onClick={() => onResume(doc.id)}>
                  Resume
                </button>
              )}
              <button type="button" className="button button--small button--quiet" onClick={() => onRemove(doc.id)} aria-label={`Remove ${doc.name}`}>
                Remove
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
