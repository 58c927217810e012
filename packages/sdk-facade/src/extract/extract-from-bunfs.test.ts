import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Node has no embedded filesystem: the reader is replaced by one that serves these files (and
// fails for any other path), while writing stays real.
const embedded = new Map<string, Buffer>();
const reads: string[] = [];
vi.mock('./embedded-file-system.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('./embedded-file-system.js')>();
  return {
    ...real,
    readWholeFile: (path: string) => {
      reads.push(path);
      const bytes = embedded.get(path);
      if (bytes === undefined) return real.readWholeFile(path);
      return bytes;
    },
  };
});

const { extractFromBunfs } = await import('./extract-from-bunfs.js');
const { ExtractError } = await import('./extract-error.js');

const SCRIPT = Buffer.from('#!/bin/sh\necho "extracted $1"\n');
/** The current user's folder for copies, under the test's temporary folder. */
const copies = () => join(folder, `ccsdk-bunfs-${process.getuid?.() ?? ''}`);
let folder: string;
const savedTmp = process.env['TMPDIR'];

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'ccsdk-extract-test-'));
  process.env['TMPDIR'] = folder;
  embedded.clear();
  reads.length = 0;
});

afterEach(() => {
  if (savedTmp === undefined) delete process.env['TMPDIR'];
  else process.env['TMPDIR'] = savedTmp;
  rmSync(folder, { recursive: true, force: true });
});

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    expect(ExtractError.isInstance(error)).toBe(true);
    return (error as InstanceType<typeof ExtractError>).code;
  }
  return undefined;
}

describe('extractFromBunfs', () => {
  it('should give back a path outside the embedded filesystem unchanged, reading nothing', () => {
    for (const path of ['/usr/local/bin/claude', 'C:\\tools\\claude.exe', './cli.js', '']) {
      expect(extractFromBunfs(path)).toBe(path);
    }
    expect(reads).toEqual([]);
  });

  it('should copy an embedded file out to a real executable file that runs', () => {
    embedded.set('/$bunfs/root/claude', SCRIPT);
    const real = extractFromBunfs('/$bunfs/root/claude');
    expect(real.startsWith(`${copies()}/`)).toBe(true);
    expect(statSync(copies()).mode & 0o077).toBe(0);
    expect(real.endsWith('-claude')).toBe(true);
    expect(readFileSync(real)).toEqual(SCRIPT);
    expect(statSync(real).mode & 0o111).toBe(0o111);
    expect(execFileSync(real, ['ok'], { encoding: 'utf8' })).toBe('extracted ok\n');
  });

  it('should extract once: later calls reuse the copy, and a lost copy is written again', () => {
    embedded.set('/$bunfs/root/claude', SCRIPT);
    const first = extractFromBunfs('/$bunfs/root/claude');
    expect(extractFromBunfs('/$bunfs/root/claude')).toBe(first);
    expect(reads).toEqual(['/$bunfs/root/claude']);
    rmSync(first);
    expect(extractFromBunfs('/$bunfs/root/claude')).toBe(first);
    expect(readFileSync(first)).toEqual(SCRIPT);
  });

  it('should name the copy after its content, so a different embedded file gets its own copy', () => {
    embedded.set('/$bunfs/root/claude', SCRIPT);
    embedded.set('B:/~BUN/root/claude.exe', Buffer.from('#!/bin/sh\necho other\n'));
    const unix = extractFromBunfs('/$bunfs/root/claude');
    const windows = extractFromBunfs('B:/~BUN/root/claude.exe');
    expect(windows).not.toBe(unix);
    expect(windows.endsWith('-claude.exe')).toBe(true);
    expect(readFileSync(windows, 'utf8')).toBe('#!/bin/sh\necho other\n');
  });

  it('should keep an existing copy of the same content instead of writing it again', () => {
    embedded.set('/$bunfs/root/claude', SCRIPT);
    const first = extractFromBunfs('/$bunfs/root/claude');
    const before = statSync(first).mtimeMs;
    // The same bytes under another embedded path land on the same content-named copy, untouched.
    embedded.set('/$bunfs/other/claude', SCRIPT);
    expect(extractFromBunfs('/$bunfs/other/claude')).toBe(first);
    expect(statSync(first).mtimeMs).toBe(before);
  });

  it('should fail with EMBEDDED_FILE_UNREADABLE under Node, where nothing is embedded', () => {
    expect(codeOf(() => extractFromBunfs('/$bunfs/root/not-there'))).toBe('EMBEDDED_FILE_UNREADABLE');
    expect(codeOf(() => extractFromBunfs('B:\\~BUN\\root\\claude.exe'))).toBe('EMBEDDED_FILE_UNREADABLE');
  });

  it('should fail with EXTRACT_WRITE_FAILED when the copy cannot be written', () => {
    embedded.set('/$bunfs/root/claude', SCRIPT);
    // The folder the copy goes to is a file: nothing can be created in it.
    writeFileSync(copies(), 'not a folder');
    expect(codeOf(() => extractFromBunfs('/$bunfs/root/claude'))).toBe('EXTRACT_WRITE_FAILED');
  });

  it('should refuse a folder for copies that other users can write to, and not run what is in it', () => {
    embedded.set('/$bunfs/root/claude', SCRIPT);
    const real = extractFromBunfs('/$bunfs/root/claude');
    rmSync(copies(), { recursive: true });
    // Another user made the folder first, writable by all, and planted a file under the copy's name.
    mkdirSync(copies());
    chmodSync(copies(), 0o777);
    writeFileSync(real, '#!/bin/sh\necho planted\n', { mode: 0o755 });
    // The same content under another embedded path would land on the planted name.
    embedded.set('/$bunfs/other/claude', SCRIPT);
    expect(codeOf(() => extractFromBunfs('/$bunfs/other/claude'))).toBe('EXTRACT_WRITE_FAILED');
  });
});
