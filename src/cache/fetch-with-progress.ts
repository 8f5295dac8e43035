// fetch() that reports bytes as they arrive, for pack downloads of tens of megabytes.

export type ProgressFn = (loaded: number, total: number) => void;

export async function fetchBytes(
  url: string,
  expected: number,
  onProgress?: ProgressFn,
  init?: RequestInit,
  fetchFn: typeof fetch = fetch,
): Promise<Uint8Array> {
  const res = await fetchFn(url, init);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status} ${res.statusText}`.trim());
  const header = Number(res.headers.get('content-length'));
  // Compressed transfers report the compressed length; the pack's byte count is what the user waits for.
  const total = expected > 0 ? expected : Number.isFinite(header) ? header : 0;
  if (!res.body) {
    const b = new Uint8Array(await res.arrayBuffer());
    onProgress?.(b.byteLength, total);
    return b;
  }
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  onProgress?.(0, total);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    onProgress?.(loaded, total);
  }
  const out = new Uint8Array(loaded);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
