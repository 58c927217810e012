import type { Paint } from '../render/paint.js';
import { paintFor } from '../render/paint.js';

/** A writable stream as the commands use it: text out, and whether it is a terminal. */
export interface OutStream {
  write(text: string): unknown;
  readonly isTTY?: boolean;
  readonly columns?: number;
}

/** Everything a `sessions` subcommand touches outside its arguments, so tests can swap it. */
export interface CommandIo {
  readonly stdout: OutStream;
  readonly stderr: OutStream;
  readonly stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  readonly env: NodeJS.ProcessEnv;
  /** The working directory: the default project of `list` and `search`. */
  readonly cwd: string;
  /** Colours for stdout (none unless stdout is a terminal and `NO_COLOR` is unset). */
  readonly paint: Paint;
  /** Current time in epoch ms (relative times in tables). */
  now(): number;
}

/**
 * Makes a closed stdout end the process quietly: when the reader goes away (`ccsdk sessions
 * list | head`), exit 0 instead of an unhandled EPIPE with its stack trace; any other write
 * error is one line on stderr and exit 1.
 */
function exitWhenStdoutCloses(): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    process.stderr.write(`ccsdk: cannot write to stdout (${error.code ?? error.message})\n`);
    process.exit(1);
  });
}

/** The real process's streams, environment and clock. */
export function processIo(): CommandIo {
  exitWhenStdoutCloses();
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    cwd: process.cwd(),
    paint: paintFor(process.stdout, process.env),
    now: () => Date.now(),
  };
}
