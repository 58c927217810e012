import { request } from 'node:http';
import WebSocket from 'ws';

/** One HTTP answer. */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  text: string;
}

/** Sends one request (no connection reuse) and reads the answer; JSON bodies are parsed. */
export function call(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: string | object; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const body =
    options.body === undefined
      ? undefined
      : typeof options.body === 'string'
        ? options.body
        : JSON.stringify(options.body);
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers['authorization'] = `Bearer ${options.token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = text;
        try {
          parsed = text === '' ? undefined : JSON.parse(text);
        } catch {
          parsed = text;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed, text });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** An open client socket with what it received so far and its close code. */
export interface OpenSocket {
  socket: WebSocket;
  /** Frames received, as text, from the very first one. */
  frames: string[];
  /** Resolves with the close code. */
  closed: Promise<number>;
}

/** Opens a WebSocket; resolves once open (recording from the start), or with the HTTP status that refused it. */
export function openSocket(
  url: string,
  token: string | undefined,
): Promise<OpenSocket | { refused: number }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, {
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    });
    const frames: string[] = [];
    socket.on('message', (data: Buffer) => frames.push(data.toString('utf8')));
    const closed = new Promise<number>((done) => socket.on('close', (code) => done(code)));
    socket.on('open', () => resolve({ socket, frames, closed }));
    socket.on('unexpected-response', (_req, res) => {
      resolve({ refused: res.statusCode ?? 0 });
      res.resume();
    });
    socket.on('error', reject);
  });
}
