export interface Notice {
  id: number;
  text: string;
}

export function Notices({ notices, onDismiss }: { notices: Notice[]; onDismiss: (id: number) => void }) {
  return (
    <div className="notices" aria-live="assertive">
      {notices.map((n) => (
        <div key={n.id} className="notice" role="alert">
          <span>{n.text}</span>
          <button type="button" className="icon-button" onClick={() => onDismiss(n.id)} aria-label="Dismiss message">
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
