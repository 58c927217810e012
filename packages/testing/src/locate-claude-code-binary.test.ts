import { existsSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import Module from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TestingError } from './errors.js';
import {
  locateClaudeCodeBinary,
  MIN_NATIVE_BINARY_BYTES,
  platformPackageName,
} from './locate-claude-code-binary.js';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
let root: string;

/**
 * Node resolves through NODE_PATH too, and pnpm sets it for the binaries it runs (vitest
 * included) to its hidden hoist folder, which holds the CLI. The fixture trees below must be
 * seen alone, so NODE_PATH is cleared and Node's global paths recomputed for these tests.
 */
const internals = Module as unknown as { _initPaths(): void };
const savedNodePath = process.env['NODE_PATH'];

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'ccsdk-locate-'));
  delete process.env['NODE_PATH'];
  internals._initPaths();
});
afterEach(async () => {
  if (savedNodePath !== undefined) process.env['NODE_PATH'] = savedNodePath;
  internals._initPaths();
  await rm(root, { recursive: true, force: true });
});

async function writePackage(dir: string, name: string, files: Record<string, string> = {}): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name, version: '2.1.332' }));
  for (const [file, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, file)), { recursive: true });
    await writeFile(join(dir, file), content);
  }
}

/** A pnpm-style tree: the project links to the store; the platform package sits beside the wrapper in the store. */
async function pnpmTree(
  platformPackage: string,
  binary: string,
): Promise<{ project: string; binaryPath: string }> {
  const store = join(root, 'node_modules/.pnpm/@anthropic-ai+claude-code@2.1.332/node_modules/@anthropic-ai');
  await writePackage(join(store, 'claude-code'), '@anthropic-ai/claude-code', {
    'bin/claude.exe': '#!/bin/sh\nexit 1\n',
  });
  const platformDir = join(store, platformPackage.split('/')[1]!);
  await writePackage(platformDir, platformPackage, { [binary]: 'ELF...' });
  const project = join(root, 'project');
  await mkdir(join(project, 'node_modules/@anthropic-ai'), { recursive: true });
  await symlink(join(store, 'claude-code'), join(project, 'node_modules/@anthropic-ai/claude-code'), 'dir');
  return { project, binaryPath: join(platformDir, binary) };
}

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return TestingError.isInstance(error) ? error.code : `not a TestingError: ${String(error)}`;
  }
}

describe('platformPackageName', () => {
  it('should add -musl on Linux only', () => {
    expect(platformPackageName('linux', 'x64', 'glibc')).toBe('@anthropic-ai/claude-code-linux-x64');
    expect(platformPackageName('linux', 'arm64', 'musl')).toBe('@anthropic-ai/claude-code-linux-arm64-musl');
    expect(platformPackageName('darwin', 'arm64', 'musl')).toBe('@anthropic-ai/claude-code-darwin-arm64');
  });
});

describe('locateClaudeCodeBinary', () => {
  it('should find the real binary installed as this package devDependency', () => {
    const binary = locateClaudeCodeBinary({ from: packageDir });
    expect(binary).toMatch(/claude-code-linux-x64(-musl)?\/claude$/);
    expect(statSync(binary).size).toBeGreaterThan(MIN_NATIVE_BINARY_BYTES);
  });

  it('should follow the pnpm symlink to the sibling platform package', async () => {
    const { project, binaryPath } = await pnpmTree('@anthropic-ai/claude-code-linux-x64', 'claude');
    expect(locateClaudeCodeBinary({ from: project, platform: 'linux', arch: 'x64', libc: 'glibc' })).toBe(
      binaryPath,
    );
  });

  it('should pick the musl package on a musl host and claude.exe on win32', async () => {
    const musl = await pnpmTree('@anthropic-ai/claude-code-linux-arm64-musl', 'claude');
    expect(
      locateClaudeCodeBinary({ from: musl.project, platform: 'linux', arch: 'arm64', libc: 'musl' }),
    ).toBe(musl.binaryPath);
    expect(
      codeOf(() =>
        locateClaudeCodeBinary({ from: musl.project, platform: 'linux', arch: 'arm64', libc: 'glibc' }),
      ),
    ).toBe('CLI_NOT_INSTALLED');
  });

  it('should find claude.exe in a flat npm tree on win32', async () => {
    const project = join(root, 'flat');
    await writePackage(join(project, 'node_modules/@anthropic-ai/claude-code'), '@anthropic-ai/claude-code');
    await writePackage(join(project, 'node_modules/@anthropic-ai/claude-code-win32-x64'), 'x', {
      'claude.exe': 'MZ...',
    });
    const found = locateClaudeCodeBinary({ from: join(project, 'src'), platform: 'win32', arch: 'x64' });
    expect(found).toBe(join(project, 'node_modules/@anthropic-ai/claude-code-win32-x64/claude.exe'));
  });

  it('should fall back to bin/claude.exe only when it is a real binary over 1 MB', async () => {
    const project = join(root, 'fallback');
    const wrapper = join(project, 'node_modules/@anthropic-ai/claude-code');
    await writePackage(wrapper, '@anthropic-ai/claude-code', {
      'bin/claude.exe': '#!/bin/sh\necho placeholder\n',
    });
    const options = { from: project, platform: 'linux' as const, arch: 'x64', libc: 'glibc' as const };
    expect(codeOf(() => locateClaudeCodeBinary(options))).toBe('CLI_NOT_INSTALLED');
    await truncate(join(wrapper, 'bin/claude.exe'), MIN_NATIVE_BINARY_BYTES + 1);
    expect(locateClaudeCodeBinary(options)).toBe(join(wrapper, 'bin/claude.exe'));
  });

  it('should throw CLI_NOT_INSTALLED with install advice when the package is missing', () => {
    let error: unknown;
    try {
      locateClaudeCodeBinary({ from: root });
    } catch (caught) {
      error = caught;
    }
    expect(TestingError.isInstance(error) && error.code).toBe('CLI_NOT_INSTALLED');
    expect((error as Error).message).toContain('pnpm add -D @anthropic-ai/claude-code');
    expect(existsSync(join(root, 'node_modules'))).toBe(false);
  });

  it('should refuse a bad from with a TypeError', () => {
    expect(() => locateClaudeCodeBinary({ from: '' })).toThrow(TypeError);
  });
});
