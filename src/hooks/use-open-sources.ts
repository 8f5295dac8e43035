// Documents arriving without the file picker: pasted images and `?src=<url>`.
import { useEffect } from 'react';
import { fetchSource, sourceFromLocation } from '../ingest/source-url';

export function usePaste(onFiles: (files: File[]) => void): void {
  useEffect(() => {
    const onPaste = (e: ClipboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA')) return;
      const files = [...(e.clipboardData?.files ?? [])];
      if (files.length === 0) return;
      e.preventDefault();
      const stamp = new Date().toISOString().slice(0, 19).replace(/[T:]/g, '-');
      onFiles(files.map((f, i) => (f.name && f.name !== 'image.png' ? f : new File([f], `pasted-${stamp}${i ? `-${i}` : ''}.${f.type.split('/')[1] || 'png'}`, { type: f.type }))));
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [onFiles]);
}

export function useSourceParam(onFiles: (files: File[]) => void, onError: (message: string) => void): void {
  useEffect(() => {
    const src = sourceFromLocation(location.search);
    if (!src) return;
    const controller = new AbortController();
    fetchSource(src, location.href, controller.signal).then(
      (r) => (r.ok ? onFiles([r.file]) : onError(r.message)),
      // Only a cancelled load (the app closing) stays silent.
      (err: Error) => err?.name !== 'AbortError' && onError(`The link “${src}” could not be opened: ${err?.message ?? err}.`),
    );
    return () => controller.abort();
  }, [onFiles, onError]);
}
