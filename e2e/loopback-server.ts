// A throwaway HTTP server on 127.0.0.1 standing in for "another website" in the ?src= tests.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Route {
  status?: number;
  body?: Buffer;
  /** Send Access-Control-Allow-Origin: * (a CORS-readable file). */
  cors: boolean;
}

export async function startLoopback(routes: Record<string, Route>): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    const route = routes[req.url ?? ''];
    if (!route) {
      res.writeHead(404).end();
      return;
    }
    const headers: Record<string, string> = { 'Content-Type': 'application/pdf' };
    if (route.cors) headers['Access-Control-Allow-Origin'] = '*';
    res.writeHead(route.status ?? 200, headers).end(route.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, server };
}
