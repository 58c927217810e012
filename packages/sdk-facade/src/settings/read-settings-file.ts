import { readdir, readFile } from 'node:fs/promises';

/** A settings file as found on disk: missing, empty (only whitespace), its text, or the read failure. */
export type SettingsFileRead =
  | { readonly kind: 'missing' }
  | { readonly kind: 'empty' }
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'unreadable'; readonly error: NodeJS.ErrnoException };

/** Reads a settings file. The CLI treats an empty file like a missing one (except for the `settings` option). */
export async function readSettingsFile(path: string): Promise<SettingsFileRead> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const failure = error as NodeJS.ErrnoException;
    if (failure.code === 'ENOENT' || failure.code === 'ENOTDIR') return { kind: 'missing' };
    return { kind: 'unreadable', error: failure };
  }
  return text.trim() === '' ? { kind: 'empty' } : { kind: 'text', text };
}

/**
 * The `*.json` files of a drop-in folder, sorted by code point (`B.json` before `a.json`), names
 * starting with a dot left out. A missing folder gives none.
 */
export async function listDropInFiles(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw error;
  }
  return names.filter((name) => name.endsWith('.json') && !name.startsWith('.')).sort(byCodePoint);
}

function byCodePoint(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}
