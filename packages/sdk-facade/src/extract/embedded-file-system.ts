// The file-system side of extraction in one small module, so tests can stand in for Bun's embedded
// filesystem (which no Node process has).
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

/** Reads a whole file; under Bun this also reads a file embedded in the executable. */
export function readWholeFile(path: string): Buffer {
  return readFileSync(path);
}

/** True when `path` exists. */
export function fileExists(path: string): boolean {
  return existsSync(path);
}

/**
 * Writes `bytes` to `path` as an executable file, atomically: to a temporary name beside it first,
 * then renamed, so a concurrent reader never sees half a file.
 */
export function writeExecutableFile(path: string, bytes: Uint8Array): void {
  mkdirSync(dirnameOf(path), { recursive: true });
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, bytes, { mode: 0o755 });
  chmodSync(partial, 0o755);
  renameSync(partial, path);
}

function dirnameOf(path: string): string {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return cut <= 0 ? '.' : path.slice(0, cut);
}
