// A throwaway HTTP server on 127.0.0.1 standing in for "another website" in the ?src= tests.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Route {
  status?: number;
  body?: Buffer;
  /** Send Access-Control-Allow-Origin: * (a CORS-readable file). */
  cors: boolean;
  /** Content-Type; a PDF unless said. */
  type?: string;
}

export async function startLoopback(routes: Record<string, Route>): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    const route = routes[req.url ?? ''];
    if (!route) {
      res.writeHead(404).end();
      return;
    }
    const headers: Record<string, string> = { 'Content-Type': route.type ?? 'application/pdf' };
    if (route.cors) headers['Access-Control-Allow-Origin'] = '*';
    res.writeHead(route.status ?? 200, headers).end(route.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, server };
}

const MIME: Record<string, string> = {
  html: 'text/html', js: 'text/javascript', mjs: 'text/javascript', css: 'text/css', json: 'application/json',
  webmanifest: 'application/manifest+json', wasm: 'application/wasm', png: 'image/png', svg: 'image/svg+xml',
  woff2: 'font/woff2', woff: 'font/woff', ttf: 'font/ttf',
};

/** Serves a built site under a sub-path, the way a plain static host would (plus COOP/COEP). */
export async function startStaticHost(root: string, mount: string): Promise<{ origin: string; server: Server }> {
  const { readFile } = await import('node:fs/promises');
  const { join, normalize } = await import('node:path');
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (!path.startsWith(mount)) return void res.writeHead(404).end();
    let rel = path.slice(mount.length);
    if (rel === '' || rel.endsWith('/')) rel += 'index.html';
    rel = normalize(rel).replace(/^(\.\.[/\\])+/, '');
    try {
      const body = await readFile(join(root, rel));
      res.writeHead(200, {
        'Content-Type': MIME[rel.split('.').pop() ?? ''] ?? 'application/octet-stream',
        'Cross-Origin-Opener-Policy': 'same-origin',
        'Cross-Origin-Embedder-Policy': 'require-corp',
      });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, server };
}

/** Closes the server without waiting for the browser's keep-alive connections to idle out. */
export function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
