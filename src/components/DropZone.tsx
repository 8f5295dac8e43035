// Drop target for the whole window, plus the empty-state panel with the file picker.
import { useEffect, useState, type ReactNode } from 'react';

export const ACCEPT = '.pdf,.png,.jpg,.jpeg,.webp,application/pdf,image/png,image/jpeg,image/webp';

export function useWindowDrop(onFiles: (files: File[]) => void): boolean {
  const [dragging, setDragging] = useState(false);
  useEffect(() => {
    let depth = 0;
    const hasFiles = (e: DragEvent) => [...(e.dataTransfer?.types ?? [])].includes('Files');
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth++;
      setDragging(true);
    };
    const leave = () => {
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const over = (e: DragEvent) => {
      if (hasFiles(e)) e.preventDefault();
    };
    const drop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth = 0;
      setDragging(false);
      const files = [...(e.dataTransfer?.files ?? [])];
      if (files.length > 0) onFiles(files);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, [onFiles]);
  return dragging;
}

export function DropOverlay({ visible }: { visible: boolean }) {
  if (!visible) return null;
  return (
    <div className="drop-overlay" aria-hidden="true">
      <div className="drop-overlay__panel">Drop PDFs or images to convert them</div>
    </div>
  );
}

export function EmptyState({ onChoose, children }: { onChoose: () => void; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <h2>Turn pages into Markdown</h2>
      <p>Drop PDFs, PNG, JPEG or WebP files anywhere in this window, paste an image, or</p>
      <button type="button" className="button button--primary" onClick={onChoose}>
        Choose files…
      </button>
      <p className="muted">Everything runs in this browser tab. Your documents never leave this device.</p>
      {children}
    </div>
  );
}
