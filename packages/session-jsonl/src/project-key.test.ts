import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempConfig, type TempConfig } from '../test/helpers.js';
import {
  canonicalizePath,
  longKeyPrefix,
  projectKeyForDirectory,
  sanitizePath,
  simpleHash,
} from './project-key.js';

describe('simpleHash', () => {
  it('should hash UTF-16 code units like the CLI', () => {
    expect(simpleHash('')).toBe('0');
    expect(simpleHash('hello')).toBe('1n1e4y');
    expect(simpleHash('/Users/test/project')).toBe('n52b72');
    expect(simpleHash('😀')).toBe('11zz7');
  });
});

describe('sanitizePath', () => {
  it('should replace every code unit outside [A-Za-z0-9] with a dash', () => {
    expect(sanitizePath('/Users/foo/my-project')).toBe('-Users-foo-my-project');
    expect(sanitizePath('plugin:name:server')).toBe('plugin-name-server');
    expect(sanitizePath('😀x')).toBe('--x');
    expect(sanitizePath('/tmp/café')).toBe('-tmp-caf-');
  });

  it('should shorten names past 200 characters and append the hash of the original path', () => {
    const path = `/${'a'.repeat(250)}`;
    const key = sanitizePath(path);
    expect(key).toHaveLength(207);
    expect(key).toBe(`-${'a'.repeat(199)}-feo44x`);
    expect(longKeyPrefix(key)).toBe(`-${'a'.repeat(199)}-`);
    expect(longKeyPrefix(sanitizePath('/short'))).toBeUndefined();
  });

  it('should keep a name of exactly 200 characters whole', () => {
    const path = `/${'b'.repeat(199)}`;
    expect(sanitizePath(path)).toBe(`-${'b'.repeat(199)}`);
  });
});

describe('canonicalizePath and projectKeyForDirectory', () => {
  let temp: TempConfig;
  afterEach(() => temp.cleanup());

  it('should resolve symlinks, keep a missing tail, and normalize to NFC', async () => {
    temp = makeTempConfig();
    const real = join(temp.root, 'real');
    mkdirSync(real);
    const link = join(temp.root, 'link');
    symlinkSync(real, link);
    const realRoot = await canonicalizePath(temp.root);
    expect(await canonicalizePath(link)).toBe(join(realRoot, 'real'));
    expect(await canonicalizePath(join(link, 'gone', 'deeper'))).toBe(
      join(realRoot, 'real', 'gone', 'deeper'),
    );
    const decomposed = join(link, 'cafe\u0301');
    expect(await canonicalizePath(decomposed)).toBe(join(realRoot, 'real', 'caf\u00e9'));
  });

  it('should derive the same key for a relative and an absolute path', async () => {
    temp = makeTempConfig();
    const absolute = await projectKeyForDirectory(temp.root);
    const relative = await projectKeyForDirectory(join(temp.root, 'x', '..'));
    expect(relative).toBe(absolute);
    expect(absolute).toBe(sanitizePath(await canonicalizePath(temp.root)));
    expect(await projectKeyForDirectory()).toBe(sanitizePath(await canonicalizePath(process.cwd())));
  });

  it('should refuse a dir that is not a string', async () => {
    await expect(projectKeyForDirectory(42 as unknown as string)).rejects.toThrow(TypeError);
    temp = makeTempConfig();
  });
});
