import { realpathSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { describe } from './blocks.js';
import { detectLibc, type Libc } from './detect-libc.js';
import { TestingError } from './errors.js';

/** The wrapper package that carries the CLI's native binaries as optional dependencies. */
export const CLAUDE_CODE_PACKAGE = '@anthropic-ai/claude-code';

/** A `bin/claude.exe` of at most this size is the wrapper's placeholder script, not the binary. */
export const MIN_NATIVE_BINARY_BYTES = 1024 * 1024;

/** Options of {@link locateClaudeCodeBinary}. */
export interface LocateClaudeCodeBinaryOptions {
  /** Folder to resolve the package from (as if a file there imported it); default `process.cwd()`. */
  readonly from?: string;
  /** Override of `process.platform`, for tests. */
  readonly platform?: NodeJS.Platform;
  /** Override of `process.arch`, for tests. */
  readonly arch?: string;
  /** Override of the detected C library (Linux only), for tests. */
  readonly libc?: Libc;
}

/** The platform package name for a host: `@anthropic-ai/claude-code-<platform>-<arch>[-musl]`. */
export function platformPackageName(platform: string, arch: string, libc: Libc): string {
  const musl = platform === 'linux' && libc === 'musl' ? '-musl' : '';
  return `${CLAUDE_CODE_PACKAGE}-${platform}-${arch}${musl}`;
}

/**
 * Finds the native Claude Code binary installed from npm: resolves
 * `@anthropic-ai/claude-code/package.json` from `from`, then the platform package
 * (`@anthropic-ai/claude-code-<platform>-<arch>[-musl]`) from the wrapper's real folder (pnpm
 * keeps it as a sibling there), binary `claude` (`claude.exe` on win32). Falls back to the
 * wrapper's `bin/claude.exe` when that is a real binary (over {@link MIN_NATIVE_BINARY_BYTES},
 * i.e. the postinstall step copied it). Throws `TestingError` `CLI_NOT_INSTALLED` otherwise.
 * Resolution is Node's own, so `NODE_PATH` and the global folders count too (pnpm points
 * `NODE_PATH` at its hidden hoist folder for the binaries it runs).
 */
export function locateClaudeCodeBinary(options: LocateClaudeCodeBinaryOptions = {}): string {
  const from = options.from ?? process.cwd();
  if (typeof from !== 'string' || from.length === 0) {
    throw new TypeError(`options.from must be a folder path, got ${describe(from)}`);
  }
  const platform = options.platform ?? process.platform;
  const arch = options.arch ?? process.arch;
  const libc = options.libc ?? detectLibc();
  const tried: string[] = [];
  let wrapperDir: string;
  try {
    const wrapperJson = createRequire(join(resolve(from), '__ccsdk_locate__.cjs')).resolve(
      `${CLAUDE_CODE_PACKAGE}/package.json`,
    );
    wrapperDir = realpathSync(dirname(wrapperJson));
  } catch (error) {
    throw notInstalled(`${CLAUDE_CODE_PACKAGE} is not resolvable from ${from}.`, error);
  }
  const platformPackage = platformPackageName(platform, arch, libc);
  const binaryName = platform === 'win32' ? 'claude.exe' : 'claude';
  let platformError: unknown;
  try {
    const platformJson = createRequire(join(wrapperDir, 'package.json')).resolve(
      `${platformPackage}/package.json`,
    );
    const binary = join(dirname(platformJson), binaryName);
    tried.push(binary);
    if (isFileLargerThan(binary, 0)) return binary;
  } catch (error) {
    platformError = error;
    tried.push(`${platformPackage} (not resolvable from ${wrapperDir})`);
  }
  const fallback = join(wrapperDir, 'bin', 'claude.exe');
  tried.push(fallback);
  if (isFileLargerThan(fallback, MIN_NATIVE_BINARY_BYTES)) return fallback;
  throw notInstalled(
    `No native binary found for ${platformPackage}; tried: ${tried.join(', ')}.`,
    platformError,
  );
}

function isFileLargerThan(path: string, bytes: number): boolean {
  try {
    const stats = statSync(path);
    return stats.isFile() && stats.size > bytes;
  } catch {
    return false;
  }
}

function notInstalled(detail: string, cause: unknown): TestingError {
  return new TestingError({
    code: 'CLI_NOT_INSTALLED',
    message: `Claude Code CLI not found. ${detail} Install it with \`pnpm add -D ${CLAUDE_CODE_PACKAGE}\` (optional dependencies enabled, so the platform package comes along).`,
    cause,
  });
}
