import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confineWorkDir, isInsideAny, realRoots } from './work-dir.js';

let base: string;
let root: string;

beforeAll(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'ccsdk-workdir-')));
  root = join(base, 'root');
  await mkdir(join(root, 'a', 'b'), { recursive: true });
  await mkdir(join(base, 'rootbeer'));
  await writeFile(join(root, 'file'), '');
  await symlink(join(base, 'rootbeer'), join(root, 'out-link'));
  await symlink(join(root, 'a'), join(root, 'in-link'));
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('confineWorkDir', () => {
  it('should take the first root when no cwd is asked for, and resolve relative paths from it', async () => {
    expect(await confineWorkDir(undefined, [root])).toEqual({ ok: true, workDir: root });
    expect(await confineWorkDir('a/b', [root])).toEqual({ ok: true, workDir: join(root, 'a', 'b') });
    expect(await confineWorkDir('in-link', [root])).toEqual({ ok: true, workDir: join(root, 'a') });
  });

  it('should accept a folder inside any of several roots', async () => {
    expect(await confineWorkDir(join(base, 'rootbeer'), [root, join(base, 'rootbeer')])).toEqual({
      ok: true,
      workDir: join(base, 'rootbeer'),
    });
  });

  it.each([['..'], ['a/../../rootbeer'], ['out-link'], ['/']])(
    'should refuse %j as outside the roots',
    async (cwd) => {
      expect(await confineWorkDir(cwd, [root])).toEqual({ ok: false, reason: 'outside-roots' });
    },
  );

  it('should tell a missing folder inside from one outside, and refuse a file', async () => {
    expect(await confineWorkDir('missing', [root])).toEqual({ ok: false, reason: 'not-found' });
    expect(await confineWorkDir('/missing/elsewhere', [root])).toEqual({
      ok: false,
      reason: 'outside-roots',
    });
    expect(await confineWorkDir('file', [root])).toEqual({ ok: false, reason: 'not-a-directory' });
  });
});

describe('isInsideAny', () => {
  it('should not mistake a sibling with a common prefix for a child', () => {
    expect(isInsideAny(join(base, 'rootbeer'), [root])).toBe(false);
    expect(isInsideAny(join(root, '..x'), [root])).toBe(true);
    expect(isInsideAny(root, [root])).toBe(true);
  });
});

describe('realRoots', () => {
  it('should resolve roots and refuse a missing one or a file', async () => {
    expect(await realRoots([join(root, 'in-link')])).toEqual([join(root, 'a')]);
    await expect(realRoots([join(base, 'nope')])).rejects.toThrow(/does not exist/);
    await expect(realRoots([join(root, 'file')])).rejects.toThrow(/not a folder/);
  });
});
