import { SubprocessTransport, type SubprocessTransportOptions } from '@ccsdk/transport-subprocess';
import type {
  CliLink,
  CliLinkExit,
  CliLinkFactory,
  CliLinkParams,
  TranscriptMirrorFrame,
} from './cli-link.js';

/**
 * CLI options every session of a server shares: the model, tools, environment, where the CLI
 * is. The per-session ones (`cwd`, `permissionMode`, `resume`, `sessionMirror`) come from the
 * request and the server's configuration.
 */
export type SharedCliOptions = Omit<
  SubprocessTransportOptions,
  'cwd' | 'permissionMode' | 'resume' | 'sessionMirror'
>;

/**
 * The default {@link CliLinkFactory}: each session is a `SubprocessTransport` running the real
 * CLI. The permission prompt tool defaults to `stdio`, so the CLI asks the remote client's
 * `canUseTool` over the control channel (a client without one answers with an error, which
 * denies the tool).
 */
export function subprocessCliLinkFactory(shared: SharedCliOptions = {}): CliLinkFactory {
  return (params) => new SubprocessCliLink(shared, params);
}

const utf8 = new TextDecoder('utf-8', { fatal: false });

/**
 * A {@link CliLink} over `SubprocessTransport`. That transport speaks parsed JSON values, so this
 * adapter parses each client line once (to hand `send()` a value) and stringifies each CLI value
 * once (to hand the client a line): one `JSON.parse` and one `JSON.stringify` per message per
 * direction that a raw-line transport would not need. `tooling/bench/src/direct-connect.bench.ts`
 * measures that cost.
 */
class SubprocessCliLink implements CliLink {
  onLine?: (line: string) => void;
  onTranscriptMirror?: (frame: TranscriptMirrorFrame) => void;
  onWarning?: (error: Error) => void;
  onExit?: (exit: CliLinkExit) => void;

  readonly #transport: SubprocessTransport;

  constructor(shared: SharedCliOptions, params: CliLinkParams) {
    this.#transport = new SubprocessTransport({
      permissionPromptToolName: 'stdio',
      maxLineBytes: params.maxLineBytes,
      ...shared,
      cwd: params.cwd,
      ...(params.permissionMode === undefined ? {} : { permissionMode: params.permissionMode }),
      ...(params.resume === undefined ? {} : { resume: params.resume }),
      ...(params.sessionMirror ? { sessionMirror: true } : {}),
    });
    this.#transport.onmessage = (value) => this.#deliver(value);
    this.#transport.onerror = (error) => this.onWarning?.(error);
    this.#transport.onclose = (info) => this.onExit?.(exitOf(info.error));
  }

  start(): Promise<void> {
    return this.#transport.start();
  }

  sendLine(line: Uint8Array): Promise<void> {
    let value: unknown;
    try {
      value = JSON.parse(utf8.decode(line));
    } catch (cause) {
      return Promise.reject(
        new TypeError(
          `A client line is not JSON and was not forwarded: ${JSON.stringify(utf8.decode(line.subarray(0, 120)))}`,
          {
            cause,
          },
        ),
      );
    }
    return this.#transport.send(value);
  }

  endInput(): Promise<void> {
    return this.#transport.endInput();
  }

  close(): Promise<void> {
    return this.#transport.close();
  }

  #deliver(value: unknown): void {
    const mirror = this.onTranscriptMirror;
    if (mirror !== undefined && isTranscriptMirror(value)) {
      mirror(value);
      return;
    }
    this.onLine?.(JSON.stringify(value));
  }
}

function isTranscriptMirror(value: unknown): value is TranscriptMirrorFrame {
  const frame = value as { type?: unknown; filePath?: unknown; entries?: unknown } | null;
  return (
    typeof frame === 'object' &&
    frame !== null &&
    frame.type === 'transcript_mirror' &&
    typeof frame.filePath === 'string' &&
    Array.isArray(frame.entries)
  );
}

function exitOf(error: Error | undefined): CliLinkExit {
  if (error === undefined) return { exitCode: 0, signal: null };
  const details = error as { exitCode?: unknown; signal?: unknown };
  return {
    exitCode: typeof details.exitCode === 'number' ? details.exitCode : null,
    signal: typeof details.signal === 'string' ? details.signal : null,
    error,
  };
}
