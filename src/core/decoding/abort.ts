// Cancellation between model calls. Node ≥ 17, browsers and workers all have DOMException.

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (!signal?.aborted) return;
  if (typeof DOMException === 'function') throw new DOMException('Decoding was aborted', 'AbortError');
  const error = new Error('Decoding was aborted');
  error.name = 'AbortError';
  throw error;
}
