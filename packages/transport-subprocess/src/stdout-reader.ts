import { ControlProtocolError, JsonLinesDecoder, LineSplitter } from '@ccsdk/control-protocol';

/** The two ways stdout can be read: parsed JSON values, or raw lines as bytes. */
export type StdoutSink =
  | { readonly kind: 'values'; readonly onValue: (value: unknown) => void }
  | { readonly kind: 'raw-lines'; readonly onLine: (line: Uint8Array) => void };

/** Reads the CLI's stdout chunk by chunk. */
export interface StdoutReader {
  write(chunk: Uint8Array): void;
  end(): void;
}

/**
 * Makes the stdout reader of one process. In `values` mode it is the shared `JsonLinesDecoder`.
 * In `raw-lines` mode the bytes are split by `LineSplitter` under the same `maxLineBytes` and
 * never decoded: each non-empty line (without `\n` and a `\r` before it) goes to `onLine`; an
 * over-long line is reported as `LINE_TOO_LONG` and skipped; an unterminated trailing fragment at
 * the end of the stream is reported as `TRUNCATED_LINE` and dropped, since nothing here can tell
 * whether it is whole. A throwing `onLine` is reported as `HANDLER_FAILED`; reading goes on.
 */
export function createStdoutReader(params: {
  sink: StdoutSink;
  maxLineBytes: number;
  onError: (error: ControlProtocolError) => void;
}): StdoutReader {
  const { sink, maxLineBytes, onError } = params;
  if (sink.kind === 'values') {
    return new JsonLinesDecoder({ onValue: sink.onValue, onError, maxLineBytes });
  }
  const deliver = (line: Uint8Array): void => {
    if (line.length === 0) return;
    try {
      sink.onLine(line);
    } catch (cause) {
      onError(
        new ControlProtocolError({
          code: 'HANDLER_FAILED',
          message: `onrawline threw; reading goes on with the next line: ${cause instanceof Error ? cause.message : String(cause)}`,
          cause,
        }),
      );
    }
  };
  const splitter = new LineSplitter({ onLine: deliver, onError, maxLineBytes });
  return {
    write: (chunk) => splitter.write(chunk),
    end: () => {
      const rest = splitter.end();
      if (rest.length === 0) return;
      onError(
        new ControlProtocolError({
          code: 'TRUNCATED_LINE',
          message: `The CLI's stdout ended inside a line of ${rest.length} bytes without a newline; it was dropped.`,
        }),
      );
    },
  };
}
