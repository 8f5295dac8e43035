export interface Notice {
  id: number;
  text: string;
  /** A button that does what the notice suggests, then dismisses it. */
  action?: { label: string; run: () => void };
}

export function Notices({ notices, onDismiss }: { notices: Notice[]; onDismiss: (id: number) => void }) {
  return (
    <div className="notices">
      {notices.map((n) => (
        // A suggestion is polite (status); anything else went wrong (alert).
        <div key={n.id} className="notice" role={n.action ? 'status' : 'alert'}>
          <span>{n.text}</span>
          {n.action && (
            <button
              type="button"
              className="button button--small"
              onClick={() => {
                n.action!.run();
                onDismiss(n.id);
              }}
            >
              {n.action.label}
            </button>
          )}
          <button type="button" className="icon-button" onClick={() => onDismiss(n.id)} aria-label="Dismiss message">
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
