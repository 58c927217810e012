import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bunfsBaseName, isBunfsPath } from './bunfs-path.js';
import {
  ensurePrivateFolder,
  isOwnFile,
  readWholeFile,
  writeExecutableFile,
} from './embedded-file-system.js';
import { ExtractError } from './extract-error.js';

/** The beginning of the name of the folder, under the system's temporary folder, that copies go to. */
const EXTRACT_FOLDER_PREFIX = 'ccsdk-bunfs';

/** Hex digits of the content's SHA-256 in a copy's name (64 bits: no collisions in practice). */
const CONTENT_HASH_HEX_DIGITS = 16;

/** Embedded path to the real file it was extracted to, in this process. */
const extracted = new Map<string, string>();

/** The current user's own folder for copies: `ccsdk-bunfs-<uid>` (`ccsdk-bunfs` without user ids). */
function extractFolder(): string {
  const uid = typeof process.getuid === 'function' ? `-${process.getuid()}` : '';
  return join(tmpdir(), `${EXTRACT_FOLDER_PREFIX}${uid}`);
}

function writeFailed(embeddedPath: string, target: string, reason: string, cause?: unknown): ExtractError {
  return new ExtractError({
    code: 'EXTRACT_WRITE_FAILED',
    message: `Cannot write ${embeddedPath} out to ${target}: ${reason}`,
    embeddedPath,
    cause,
  });
}

/**
 * Gives back a path that a child process can be spawned from. For a program compiled with
 * `bun build --compile`, the Claude Code CLI it bundles lives in Bun's embedded filesystem
 * (`/$bunfs/...`, or `B:/~BUN/...` on Windows), which only that program can read: pass such a path
 * here and it comes back as a real, executable copy in a folder of the system's temporary folder
 * that only the current user can write to, named after its content, written once (again only if
 * the copy is gone), then reused by every later call and every later process. Use the result as
 * `pathToClaudeCodeExecutable`.
 *
 * Any other path comes back unchanged, so a program can call this whether it was compiled or not.
 * Under Node nothing is embedded: an embedded path cannot be read, and this throws (the official
 * SDK prints a warning and gives the embedded path back, which no child process can open).
 *
 * @throws {@link ExtractError} `EMBEDDED_FILE_UNREADABLE` when the embedded file cannot be read
 *   (always, under Node), `EXTRACT_WRITE_FAILED` when the copy cannot be written or its folder is
 *   not the current user's alone.
 */
export function extractFromBunfs(embeddedPath: string): string {
  if (!isBunfsPath(embeddedPath)) return embeddedPath;
  const known = extracted.get(embeddedPath);
  if (known !== undefined && isOwnFile(known)) return known;
  let bytes: Buffer;
  try {
    bytes = readWholeFile(embeddedPath);
  } catch (cause) {
    throw new ExtractError({
      code: 'EMBEDDED_FILE_UNREADABLE',
      message: `Cannot read ${embeddedPath}: files in Bun's embedded filesystem can be read only by the program compiled with \`bun build --compile\` that embeds them (under Node there are none).`,
      embeddedPath,
      cause,
    });
  }
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, CONTENT_HASH_HEX_DIGITS);
  const folder = extractFolder();
  const target = join(folder, `${hash}-${bunfsBaseName(embeddedPath)}`);
  try {
    // A copy is trusted by its name only in a folder nobody else can write to.
    const unsafe = ensurePrivateFolder(folder);
    if (unsafe !== undefined) throw writeFailed(embeddedPath, target, unsafe);
    if (!isOwnFile(target)) writeExecutableFile(target, bytes);
  } catch (cause) {
    if (ExtractError.isInstance(cause)) throw cause;
    throw writeFailed(embeddedPath, target, cause instanceof Error ? cause.message : String(cause), cause);
  }
  extracted.set(embeddedPath, target);
  return target;
}
