import type { AddressInfo } from 'node:net';
import { connect, createServer, type Socket } from 'node:net';

/** The start of an HTTP/1.1 request. */
const REQUEST_LINE = /^[A-Z]+ \/\S* HTTP\/1\.[01]\r\n/;

/** One connection the proxy carries: the page's side and the server's. */
interface Link {
  readonly client: Socket;
  readonly upstream: Socket;
  /** Bytes sent from the server to the page on this link. */
  downBytes: number;
}

/** What the proxy has done, for the test's figures. */
export interface CutProxyStats {
  /** Connections accepted. */
  readonly connections: number;
  /** Connections the proxy destroyed. */
  readonly cuts: number;
  /** Bytes forwarded from the server to the page, over all connections. */
  readonly downBytes: number;
}

/**
 * A TCP proxy on 127.0.0.1 between the page and `ccsdk serve`, so a test can cut the server side of a
 * connection where it likes: at a byte offset of what the server sends (in the middle of a frame, as a
 * broken network would) or at once. The page sees its connection reset, as if the server's side failed.
 */
export interface CutProxy {
  /** `http://127.0.0.1:<port>`: use it instead of the server's base URL. */
  readonly httpUrl: string;
  /** Rewrites a URL of the server to go through the proxy. */
  via(serverUrl: string): string;
  /**
   * Arms one cut: once `bytes` more bytes have gone from the server to the page (counted over every
   * connection whose latest request line matches `only`, default all), the connection carrying the last of
   * them is destroyed right after that byte. Resolves when the cut happened.
   */
  cutAfter(bytes: number, only?: RegExp): Promise<void>;
  /** Destroys every open connection now; resolves with how many there were. */
  cutAll(): number;
  /** Counts so far. */
  stats(): CutProxyStats;
  close(): Promise<void>;
}

interface ArmedCut {
  remaining: number;
  readonly only: RegExp | undefined;
  readonly done: () => void;
}

/** Starts a proxy to `target` (`http://host:port` of the server). */
export async function startCutProxy(target: string): Promise<CutProxy> {
  const { hostname, port } = new URL(target);
  const links = new Set<Link & { requestLine: string }>();
  let connections = 0;
  let cuts = 0;
  let downBytes = 0;
  let armed: ArmedCut | undefined;

  const destroy = (link: Link): void => {
    cuts += 1;
    link.client.resetAndDestroy();
    link.upstream.destroy();
  };

  const server = createServer((client) => {
    connections += 1;
    const upstream = connect(Number(port), hostname);
    const link = { client, upstream, downBytes: 0, requestLine: '' };
    links.add(link);
    const forget = () => {
      links.delete(link);
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (chunk: Buffer) => {
      // A kept-alive connection carries several requests (a CORS preflight, then the stream): the
      // latest request line is the one whose response flows now.
      const head = chunk.subarray(0, 200).toString('latin1');
      if (REQUEST_LINE.test(head)) link.requestLine = head.split('\r\n')[0] ?? '';
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      const cut = armed;
      if (cut !== undefined && (cut.only === undefined || cut.only.test(link.requestLine))) {
        if (chunk.length >= cut.remaining) {
          const head = chunk.subarray(0, cut.remaining);
          armed = undefined;
          link.downBytes += head.length;
          downBytes += head.length;
          client.write(head, () => {
            destroy(link);
            cut.done();
          });
          upstream.pause();
          return;
        }
        cut.remaining -= chunk.length;
      }
      link.downBytes += chunk.length;
      downBytes += chunk.length;
      client.write(chunk);
    });
    client.on('close', forget);
    upstream.on('close', forget);
    client.on('error', forget);
    upstream.on('error', forget);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const httpUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    httpUrl,
    via: (serverUrl) => {
      const url = new URL(serverUrl);
      const proxied = new URL(httpUrl);
      url.host = proxied.host;
      return url.toString();
    },
    cutAfter: (bytes, only) =>
      new Promise<void>((resolve) => {
        armed = { remaining: Math.max(1, Math.floor(bytes)), only, done: resolve };
      }),
    cutAll: () => {
      const open = [...links];
      for (const link of open) destroy(link);
      return open.length;
    },
    stats: () => ({ connections, cuts, downBytes }),
    close: () =>
      new Promise((resolve) => {
        for (const link of links) {
          link.client.destroy();
          link.upstream.destroy();
        }
        server.close(() => resolve());
      }),
  };
}
