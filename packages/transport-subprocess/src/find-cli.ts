import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { detectLibc, type Libc } from './detect-libc.js';
import { CLI_INSTALL_HINT, CLINotFoundError } from './errors.js';

/** Options of {@link findClaudeCodeCli}. Everything but the file system is injectable. */
export interface FindClaudeCodeCliOptions {
  /** Use exactly this file; it must exist. A `.js`, `.mjs` or `.cjs` file runs under Node. */
  pathToClaudeCodeExecutable?: string;
  /** Folder the platform package is resolved from, like the caller's own code. Default `process.cwd()`. */
  resolveFrom?: string;
  /**
   * Without `resolveFrom`: the folder searched after the cwd. Default: this package's own
   * folder, next to which npm, pnpm and yarn link the optional peer `@anthropic-ai/claude-code`.
   */
  packageDir?: string;
  /** Environment whose `PATH` is searched. Default `process.env`. */
  env?: Record<string, string | undefined>;
  /** Default `process.platform`. */
  platform?: NodeJS.Platform;
  /** Default `process.arch`. */
  arch?: string;
  /** Linux only: which libc decides between `…-linux-x64` and `…-linux-x64-musl`. Default: detected. */
  libc?: Libc;
  /** Home folder for the usual install locations. Default `os.homedir()`. */
  homeDir?: string;
  /** Runtime for a JavaScript CLI. Default `process.execPath`. */
  execPath?: string;
  /**
   * Which JavaScript runtime runs a `.js`/`.mjs`/`.cjs` CLI: `node`, `bun` or `deno`, looked up
   * on `PATH`. Takes precedence over `execPath`. Ignored for a native binary.
   */
  executable?: JavaScriptRuntime;
  /** Arguments for that runtime, placed before the script. Ignored for a native binary. */
  executableArgs?: string[];
}

/** A JavaScript runtime that can run a script CLI. */
export type JavaScriptRuntime = 'node' | 'bun' | 'deno';

/** Where {@link findClaudeCodeCli} found the CLI. */
export type CliSource = 'explicit' | 'platform-package' | 'path' | 'known-location';

/** A runnable Claude Code CLI. */
export interface ResolvedCli {
  /** The CLI file that was found. */
  path: string;
  /** What to spawn: the binary itself, or the Node runtime for a JavaScript CLI. */
  command: string;
  /** Arguments placed before the CLI's own (the runtime's arguments and the script path), else `[]`. */
  args: string[];
  /** How it was found. */
  source: CliSource;
}

const JS_EXTENSION = /\.(?:js|mjs|cjs)$/i;
/** This module's folder: the second place the platform package is resolved from. */
const MODULE_DIR = path.dirname(fileURLToPath(import.meta.url));
const WRAPPER_PACKAGE = '@anthropic-ai/claude-code';

/**
 * Finds the Claude Code CLI, in this order:
 * 1. `pathToClaudeCodeExecutable` (must exist; no fallback when it does not);
 * 2. the platform package `@anthropic-ai/claude-code-<platform>-<arch>[-musl]` resolved from
 *    `resolveFrom` (default: the process's cwd, then this package's own folder, where the optional
 *    peer dependency is linked), directly or beside the real folder of `@anthropic-ai/claude-code`
 *    (pnpm keeps it there as a sibling, invisible from the caller);
 * 3. `claude` on `PATH`;
 * 4. `~/.npm-global/bin`, `/usr/local/bin`, `~/.local/bin`, `~/node_modules/.bin`, `~/.yarn/bin`,
 *    `~/.claude/local`.
 *
 * @throws CLINotFoundError (code `CLI_NOT_FOUND`) with every place tried in `searched`.
 */
export function findClaudeCodeCli(options: FindClaudeCodeCliOptions = {}): ResolvedCli {
  const platform = options.platform ?? process.platform;
  const found = (file: string, source: CliSource): ResolvedCli => toResolved(file, source, options);
  if (options.pathToClaudeCodeExecutable !== undefined) {
    const explicit = path.resolve(options.pathToClaudeCodeExecutable);
    if (isFile(explicit)) return found(explicit, 'explicit');
    throw new CLINotFoundError({
      message: `Claude Code was not found at pathToClaudeCodeExecutable ${JSON.stringify(explicit)}: no such file. ${CLI_INSTALL_HINT}`,
      searched: [explicit],
    });
  }
  const searched: string[] = [];
  const binaryName = platform === 'win32' ? 'claude.exe' : 'claude';

  const packageName = platformPackageName(platform, options.arch ?? process.arch, options.libc);
  // Without resolveFrom: the caller's folder, then this package's own, where a package manager
  // links the optional peer `@anthropic-ai/claude-code` whatever the process's cwd.
  const resolveFroms =
    options.resolveFrom !== undefined
      ? [path.resolve(options.resolveFrom)]
      : [process.cwd(), path.resolve(options.packageDir ?? MODULE_DIR)];
  for (const resolveFrom of resolveFroms) {
    for (const packageDir of platformPackageDirs(packageName, resolveFrom)) {
      const candidate = path.join(packageDir, binaryName);
      if (searched.includes(candidate)) continue;
      searched.push(candidate);
      if (isFile(candidate)) return found(candidate, 'platform-package');
    }
    searched.push(`${packageName} (resolved from ${resolveFrom})`);
  }

  const env = options.env ?? process.env;
  const pathValue = env.PATH ?? env.Path ?? '';
  const delimiter = platform === 'win32' ? ';' : ':';
  for (const dir of new Set(pathValue.split(delimiter))) {
    if (dir === '') continue;
    const candidate = path.join(dir, binaryName);
    searched.push(candidate);
    if (isExecutableFile(candidate, platform)) return found(candidate, 'path');
  }

  for (const candidate of knownLocations(platform, options.homeDir ?? homedir(), binaryName)) {
    searched.push(candidate);
    if (isExecutableFile(candidate, platform)) return found(candidate, 'known-location');
  }
  throw new CLINotFoundError({
    message: `Claude Code was not found. ${CLI_INSTALL_HINT} Looked in:\n${searched.map((s) => `  - ${s}`).join('\n')}`,
    searched,
  });
}

/** The npm package that carries the native binary for this platform, e.g. `@anthropic-ai/claude-code-linux-x64-musl`. */
export function platformPackageName(platform: NodeJS.Platform, arch: string, libc?: Libc): string {
  const musl = platform === 'linux' && (libc ?? detectLibc()) === 'musl';
  return `${WRAPPER_PACKAGE}-${platform}-${arch}${musl ? '-musl' : ''}`;
}

function platformPackageDirs(packageName: string, resolveFrom: string): string[] {
  const dirs: string[] = [];
  const direct = resolvePackageDir(packageName, resolveFrom);
  if (direct !== undefined) dirs.push(direct);
  const wrapper = resolvePackageDir(WRAPPER_PACKAGE, resolveFrom);
  if (wrapper !== undefined) {
    const sibling = resolvePackageDir(packageName, safeRealpath(wrapper));
    if (sibling !== undefined && !dirs.includes(sibling)) dirs.push(sibling);
  }
  return dirs;
}

/**
 * The folder of `packageName` as seen from `fromDir`: the first `node_modules/<name>` with a
 * `package.json`, walking up to the file-system root, as ESM resolution looks (NODE_PATH, which
 * ESM ignores and pnpm's bin shims set, is not consulted).
 */
function resolvePackageDir(packageName: string, fromDir: string): string | undefined {
  let dir = fromDir;
  for (;;) {
    if (path.basename(dir) !== 'node_modules') {
      const candidate = path.join(dir, 'node_modules', packageName);
      if (isFile(path.join(candidate, 'package.json'))) return candidate;
    }
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

function knownLocations(platform: NodeJS.Platform, home: string, binaryName: string): string[] {
  if (platform === 'win32') return [path.join(home, '.local', 'bin', binaryName)];
  return [
    path.join(home, '.npm-global', 'bin', binaryName),
    path.join('/usr/local/bin', binaryName),
    path.join(home, '.local', 'bin', binaryName),
    path.join(home, 'node_modules', '.bin', binaryName),
    path.join(home, '.yarn', 'bin', binaryName),
    path.join(home, '.claude', 'local', binaryName),
  ];
}

function toResolved(file: string, source: CliSource, options: FindClaudeCodeCliOptions): ResolvedCli {
  if (JS_EXTENSION.test(file)) {
    return {
      path: file,
      command: options.executable ?? options.execPath ?? process.execPath,
      args: [...(options.executableArgs ?? []), file],
      source,
    };
  }
  return { path: file, command: file, args: [], source };
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function isExecutableFile(file: string, platform: NodeJS.Platform): boolean {
  if (!isFile(file)) return false;
  if (platform === 'win32') return true;
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function safeRealpath(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return dir;
  }
}
