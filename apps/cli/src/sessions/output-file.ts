import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { CliError } from './cli-error.js';
import type { CommandIo } from './command-io.js';

/** The staging file next to `target`, renamed over it once complete. */
function stagingPath(target: string): string {
  return join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
}

/**
 * Writes `text` to `out` (relative to the working directory) so that the file is never seen
 * half-written: a staging file renamed into place. Without `out`, writes to stdout.
 */
export async function writeOutput(io: CommandIo, out: string | undefined, text: string): Promise<void> {
  if (out === undefined) {
    io.stdout.write(text);
    return;
  }
  await publish(resolve(io.cwd, out), (staging) => writeFile(staging, text, { flag: 'wx', mode: 0o644 }));
}

/** Copies the file at `source` byte for byte to `out`, or to stdout without it. */
export async function copyOutput(io: CommandIo, out: string | undefined, source: string): Promise<void> {
  if (out === undefined) {
    await pipeline(createReadStream(source), io.stdout as NodeJS.WritableStream, { end: false });
    return;
  }
  await publish(resolve(io.cwd, out), (staging) =>
    pipeline(createReadStream(source), createWriteStream(staging, { flags: 'wx', mode: 0o644 })),
  );
}

async function publish(target: string, write: (staging: string) => Promise<unknown>): Promise<void> {
  const staging = stagingPath(target);
  try {
    await write(staging);
    await rename(staging, target);
  } catch (error) {
    await unlink(staging).catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    throw new CliError('IO_FAILED', `cannot write ${target} (${code})`, { cause: error });
  }
}
