import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLINotFoundError, SubprocessTransportError } from './errors.js';
import { findClaudeCodeCli, platformPackageName } from './find-cli.js';

let root: string;
let home: string;
let project: string;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'ccsdk-find-cli-'));
  home = path.join(root, 'home');
  project = path.join(root, 'project');
  mkdirSync(home);
  mkdirSync(project);
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

function executable(file: string, mode = 0o755): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, '#!/bin/sh\nexit 0\n');
  chmodSync(file, mode);
  return file;
}

function fakePackage(dir: string, name: string, binary = 'claude'): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0' }));
  return executable(path.join(dir, binary));
}

/** Options that keep the search inside the temp folder. */
function isolated(extra: Parameters<typeof findClaudeCodeCli>[0] = {}) {
  return {
    resolveFrom: project,
    env: { PATH: '' },
    homeDir: home,
    platform: 'linux' as const,
    arch: 'x64',
    libc: 'glibc' as const,
    ...extra,
  };
}

describe('platformPackageName', () => {
  it('should add -musl only on Linux with musl', () => {
    expect(platformPackageName('linux', 'x64', 'glibc')).toBe('@anthropic-ai/claude-code-linux-x64');
    expect(platformPackageName('linux', 'arm64', 'musl')).toBe('@anthropic-ai/claude-code-linux-arm64-musl');
    expect(platformPackageName('darwin', 'arm64', 'musl')).toBe('@anthropic-ai/claude-code-darwin-arm64');
    expect(platformPackageName('win32', 'x64')).toBe('@anthropic-ai/claude-code-win32-x64');
  });
});

describe('findClaudeCodeCli', () => {
  it('should use an explicit path that exists', () => {
    const cli = executable(path.join(root, 'bin', 'my-claude'));
    expect(findClaudeCodeCli(isolated({ pathToClaudeCodeExecutable: cli }))).toEqual({
      path: cli,
      command: cli,
      args: [],
      source: 'explicit',
    });
  });

  it('should refuse a missing explicit path, naming it, without falling back', () => {
    fakePackage(path.join(project, 'node_modules/@anthropic-ai/claude-code-linux-x64'), 'x');
    const missing = path.join(root, 'nope', 'claude');
    let caught: unknown;
    try {
      findClaudeCodeCli(isolated({ pathToClaudeCodeExecutable: missing }));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(CLINotFoundError);
    expect((caught as CLINotFoundError).code).toBe('CLI_NOT_FOUND');
    expect((caught as CLINotFoundError).message).toContain(missing);
    expect((caught as CLINotFoundError).searched).toEqual([missing]);
    expect(SubprocessTransportError.isInstance(caught)).toBe(true);
  });

  it('should run a JavaScript CLI under the Node runtime with executableArgs first', () => {
    for (const ext of ['js', 'mjs', 'cjs']) {
      const script = executable(path.join(root, `cli.${ext}`));
      expect(
        findClaudeCodeCli(
          isolated({
            pathToClaudeCodeExecutable: script,
            execPath: '/opt/node',
            executableArgs: ['--no-warnings'],
          }),
        ),
      ).toEqual({ path: script, command: '/opt/node', args: ['--no-warnings', script], source: 'explicit' });
    }
  });

  it('should find the glibc platform package resolvable from the caller', () => {
    const bin = fakePackage(path.join(project, 'node_modules/@anthropic-ai/claude-code-linux-x64'), 'glibc');
    fakePackage(path.join(project, 'node_modules/@anthropic-ai/claude-code-linux-x64-musl'), 'musl');
    const found = findClaudeCodeCli(isolated());
    expect(found.path).toBe(bin);
    expect(found.source).toBe('platform-package');
  });

  it('without resolveFrom, should find the peer installed next to this package whatever the cwd', () => {
    // An app's layout as npm leaves it: the SDK's packages and the optional peer side by side.
    const app = path.join(root, 'app');
    const ownDir = path.join(app, 'node_modules/@ccsdk/transport-subprocess/dist');
    mkdirSync(ownDir, { recursive: true });
    const bin = fakePackage(path.join(app, 'node_modules/@anthropic-ai/claude-code-linux-x64'), 'glibc');
    const { resolveFrom: _cwdInstead, ...rest } = isolated({ packageDir: ownDir });
    const cwd = vi.spyOn(process, 'cwd').mockReturnValue(project);
    try {
      expect(findClaudeCodeCli(rest)).toMatchObject({ path: bin, source: 'platform-package' });
    } finally {
      cwd.mockRestore();
    }
  });

  it('should pick the musl package on musl', () => {
    fakePackage(path.join(project, 'node_modules/@anthropic-ai/claude-code-linux-x64'), 'glibc');
    const bin = fakePackage(
      path.join(project, 'node_modules/@anthropic-ai/claude-code-linux-x64-musl'),
      'musl',
    );
    expect(findClaudeCodeCli(isolated({ libc: 'musl' })).path).toBe(bin);
  });

  it('should not take the musl package on glibc even when it is the only one installed', () => {
    fakePackage(path.join(project, 'node_modules/@anthropic-ai/claude-code-linux-x64-musl'), 'musl');
    expect(() => findClaudeCodeCli(isolated())).toThrow(CLINotFoundError);
  });

  it('should find the platform package as a pnpm sibling of @anthropic-ai/claude-code', () => {
    const store = path.join(
      root,
      'store/node_modules/.pnpm/@anthropic-ai+claude-code@1.0.0/node_modules/@anthropic-ai',
    );
    fakePackage(path.join(store, 'claude-code'), '@anthropic-ai/claude-code', 'cli-wrapper.cjs');
    const bin = fakePackage(path.join(store, 'claude-code-linux-x64'), '@anthropic-ai/claude-code-linux-x64');
    mkdirSync(path.join(project, 'node_modules/@anthropic-ai'), { recursive: true });
    symlinkSync(
      path.join(store, 'claude-code'),
      path.join(project, 'node_modules/@anthropic-ai/claude-code'),
    );
    const found = findClaudeCodeCli(isolated());
    expect(found.path).toBe(bin);
    expect(found.source).toBe('platform-package');
  });

  it('should use claude.exe from the win32 package', () => {
    const bin = fakePackage(
      path.join(project, 'node_modules/@anthropic-ai/claude-code-win32-x64'),
      'w',
      'claude.exe',
    );
    expect(findClaudeCodeCli(isolated({ platform: 'win32' })).path).toBe(bin);
  });

  it('should fall back to an executable claude on PATH, skipping a non-executable one', () => {
    const notExec = executable(path.join(root, 'path1', 'claude'), 0o644);
    const onPath = executable(path.join(root, 'path2', 'claude'));
    const found = findClaudeCodeCli(
      isolated({ env: { PATH: [path.dirname(notExec), path.dirname(onPath)].join(':') } }),
    );
    expect(found).toMatchObject({ path: onPath, source: 'path' });
  });

  it('should prefer the platform package over PATH', () => {
    const bin = fakePackage(path.join(project, 'node_modules/@anthropic-ai/claude-code-linux-x64'), 'p');
    const onPath = executable(path.join(root, 'path', 'claude'));
    expect(findClaudeCodeCli(isolated({ env: { PATH: path.dirname(onPath) } })).path).toBe(bin);
  });

  it('should fall back to the usual install folders in order', () => {
    const yarn = executable(path.join(home, '.yarn/bin/claude'));
    expect(findClaudeCodeCli(isolated()).path).toBe(yarn);
    const local = executable(path.join(home, '.local/bin/claude'));
    expect(findClaudeCodeCli(isolated())).toMatchObject({ path: local, source: 'known-location' });
    const npmGlobal = executable(path.join(home, '.npm-global/bin/claude'));
    expect(findClaudeCodeCli(isolated()).path).toBe(npmGlobal);
  });

  it('should list every place it looked when nothing is found', () => {
    const pathDir = path.join(root, 'empty-path');
    let caught: CLINotFoundError | undefined;
    try {
      findClaudeCodeCli(isolated({ env: { PATH: pathDir } }));
    } catch (error) {
      caught = error as CLINotFoundError;
    }
    expect(caught).toBeInstanceOf(CLINotFoundError);
    expect(caught?.code).toBe('CLI_NOT_FOUND');
    const expected = [
      `@anthropic-ai/claude-code-linux-x64 (resolved from ${project})`,
      path.join(pathDir, 'claude'),
      path.join(home, '.npm-global/bin/claude'),
      '/usr/local/bin/claude',
      path.join(home, '.local/bin/claude'),
      path.join(home, 'node_modules/.bin/claude'),
      path.join(home, '.yarn/bin/claude'),
      path.join(home, '.claude/local/claude'),
    ];
    expect(caught?.searched).toEqual(expected);
    for (const place of expected) expect(caught?.message).toContain(place);
    expect(caught?.message).toContain('npm install @anthropic-ai/claude-code');
    expect(caught?.message).toContain('pathToClaudeCodeExecutable');
  });
});
