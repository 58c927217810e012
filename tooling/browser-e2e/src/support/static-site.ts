import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One file a static site serves. */
export interface StaticFile {
  /** `content-type` header value. */
  readonly type: string;
  /** The bytes served. */
  readonly body: string | Uint8Array;
}

/** A small HTTP server on 127.0.0.1 that serves fixed files: one browser origin. */
export interface StaticSite {
  /** `http://127.0.0.1:<port>`, what a page loaded from here sends as its `Origin`. */
  readonly origin: string;
  close(): Promise<void>;
}

/**
 * Serves `files` (keyed by path, `/index.html` for `/`) on a free loopback port; `/favicon.ico` is an
 * empty 204 (so the page logs no error for it); anything else is 404.
 */
export async function startStaticSite(files: ReadonlyMap<string, StaticFile>): Promise<StaticSite> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://site').pathname;
    if (path === '/favicon.ico') {
      response.writeHead(204).end();
      return;
    }
    const file = files.get(path === '/' ? '/index.html' : path);
    if (request.method !== 'GET' || file === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' }).end(file.body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
