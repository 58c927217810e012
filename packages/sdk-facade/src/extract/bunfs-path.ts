/**
 * How a path inside Bun's embedded filesystem begins: `/$bunfs/` on Linux and macOS, `B:/~BUN/`
 * (or with backslashes) on Windows. A program compiled with `bun build --compile` sees the files it
 * embeds under these roots; no other process can open them.
 */
const BUNFS_PREFIXES = ['/$bunfs/', 'B:/~BUN/', 'B:\\~BUN\\'] as const;

/** True when `path` names a file inside Bun's embedded filesystem. */
export function isBunfsPath(path: string): boolean {
  return BUNFS_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/** The file name at the end of an embedded path, with either kind of separator. */
export function bunfsBaseName(path: string): string {
  const name = path.split(/[/\\]/).pop() ?? '';
  return name === '' ? 'embedded-file' : name;
}
