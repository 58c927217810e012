import type { IncomingMessage } from 'node:http';

/** A request body read with a size limit. */
export interface ReadBodyResult {
  /** The body decoded as UTF-8; empty when it was too large. */
  readonly text: string;
  /** True when the body passed `maxBytes`; the rest is discarded unread. */
  readonly tooLarge: boolean;
}

/**
 * Reads a request body, keeping at most `maxBytes`. Chunks are joined once at the end and
 * decoded in one pass, so a multibyte character split across chunks survives. Resolves early
 * with `tooLarge` as soon as the limit is passed; rejects if the request errors.
 */
export function readBody(request: IncomingMessage, maxBytes: number): Promise<ReadBodyResult> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > maxBytes) {
        cleanup();
        chunks.length = 0;
        request.resume();
        resolve({ text: '', tooLarge: true });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      cleanup();
      resolve({ text: Buffer.concat(chunks).toString('utf8'), tooLarge: false });
    };
    const onError = (error: Error): void => {
      cleanup();
      reject(error);
    };
    const cleanup = (): void => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onError);
    };
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onError);
  });
}
