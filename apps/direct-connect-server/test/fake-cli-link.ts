import type {
  CliLink,
  CliLinkExit,
  CliLinkFactory,
  CliLinkParams,
  TranscriptMirrorFrame,
} from '../src/cli-link.js';

/** A {@link CliLink} without a process: it records what the bridge sends and lets a test play the CLI. */
export class FakeCliLink implements CliLink {
  onLine?: (line: Uint8Array) => void;
  onTranscriptMirror?: (frame: TranscriptMirrorFrame) => void;
  onWarning?: (error: Error) => void;
  onExit?: (exit: CliLinkExit) => void;

  readonly params: CliLinkParams;
  /** Each line the bridge handed over, as the exact bytes received. */
  readonly received: Buffer[] = [];
  started = false;
  inputEnded = false;
  closed = false;
  exited = false;
  /** When set, `start()` rejects with it. */
  failStart: Error | undefined;
  /** When true, `close()` never resolves and the process never exits (a CLI that will not stop). */
  hangOnClose = false;

  constructor(params: CliLinkParams) {
    this.params = params;
  }

  async start(): Promise<void> {
    if (this.failStart) throw this.failStart;
    this.started = true;
  }

  async sendLine(line: Uint8Array): Promise<void> {
    if (this.inputEnded) throw new Error('input ended');
    this.received.push(Buffer.from(line));
  }

  async endInput(): Promise<void> {
    this.inputEnded = true;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.hangOnClose) return new Promise<void>(() => undefined);
    this.exit({ exitCode: 0, signal: null });
  }

  /** Plays one stdout line of the CLI (text, handed over as its UTF-8 bytes). */
  emit(line: string): void {
    this.onLine?.(Buffer.from(line, 'utf8'));
  }

  /** Plays a transcript_mirror frame (to the mirror when one is installed, else as a line). */
  mirror(frame: TranscriptMirrorFrame): void {
    if (this.onTranscriptMirror) this.onTranscriptMirror(frame);
    else this.emit(JSON.stringify({ type: 'transcript_mirror', ...frame }));
  }

  /** Plays the process ending. */
  exit(exit: CliLinkExit): void {
    if (this.exited) return;
    this.exited = true;
    this.onExit?.(exit);
  }
}

/** A factory that records every link it makes. */
export function fakeLinkFactory(options: { failStart?: Error } = {}): {
  factory: CliLinkFactory;
  links: FakeCliLink[];
} {
  const links: FakeCliLink[] = [];
  return {
    links,
    factory: (params) => {
      const link = new FakeCliLink(params);
      if (options.failStart) link.failStart = options.failStart;
      links.push(link);
      return link;
    },
  };
}
