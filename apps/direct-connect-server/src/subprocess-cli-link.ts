import { SubprocessTransport, type SubprocessTransportOptions } from '@ccsdk/transport-subprocess';
import type {
  CliLink,
  CliLinkExit,
  CliLinkFactory,
  CliLinkParams,
  TranscriptMirrorFrame,
} from './cli-link.js';
import { mayBeTranscriptMirror } from './line-peek.js';

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
 * A {@link CliLink} over `SubprocessTransport` in raw-line mode: client lines go to the CLI's
 * stdin as the bytes received (`sendRawLine`), CLI lines go to `onLine` as the bytes read; no
 * payload is parsed or stringified on the way. The only lines parsed are `transcript_mirror`
 * frames when a mirror is installed, found by a prefix check ({@link mayBeTranscriptMirror}); one that does
 * not parse as a frame is forwarded like any other line.
 */
class SubprocessCliLink implements CliLink {
  onLine?: (line: Uint8Array) => void;
  onTranscriptMirror?: (frame: TranscriptMirrorFrame) => void;
  onWarning?: (error: Error) => void;
  onExit?: (exit: CliLinkExit) => void;

  readonly #transport: SubprocessTransport;

  constructor(shared: SharedCliOptions, params: CliLinkParams) {
    this.#transport = new SubprocessTransport({
      permissionPromptToolName: 'stdio',
      maxLineBytes: params.maxLineBytes,
      ...shared,
      ...(params.env === undefined ? {} : { env: { ...shared.env, ...params.env } }),
      rawLines: true,
      cwd: params.cwd,
      ...(params.permissionMode === undefined ? {} : { permissionMode: params.permissionMode }),
      ...(params.resume === undefined ? {} : { resume: params.resume }),
      ...(params.sessionMirror ? { sessionMirror: true } : {}),
    });
    this.#transport.onrawline = (line) => this.#deliver(line);
    this.#transport.onerror = (error) => this.onWarning?.(error);
    this.#transport.onclose = (info) => this.onExit?.(exitOf(info.error));
  }

  start(): Promise<void> {
    return this.#transport.start();
  }

  sendLine(line: Uint8Array): Promise<void> {
    return this.#transport.sendRawLine(line);
  }

  endInput(): Promise<void> {
    return this.#transport.endInput();
  }

  close(): Promise<void> {
    return this.#transport.close();
  }

  #deliver(line: Uint8Array): void {
    const mirror = this.onTranscriptMirror;
    if (mirror !== undefined && mayBeTranscriptMirror(line)) {
      const frame = parseMirrorFrame(line);
      if (frame !== undefined) {
        mirror(frame);
        return;
      }
    }
    this.onLine?.(line);
  }
}

function parseMirrorFrame(line: Uint8Array): TranscriptMirrorFrame | undefined {
  let value: unknown;
  try {
    value = JSON.parse(utf8.decode(line));
  } catch {
    return undefined;
  }
  const frame = value as { type?: unknown; filePath?: unknown; entries?: unknown } | null;
  return typeof frame === 'object' &&
    frame !== null &&
    frame.type === 'transcript_mirror' &&
    typeof frame.filePath === 'string' &&
    Array.isArray(frame.entries)
    ? { filePath: frame.filePath, entries: frame.entries }
    : undefined;
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
