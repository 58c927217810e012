import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeRun, runCommand } from './run-command.js';
import { type PublicPackage, REPO_ROOT, requiredPeers } from './workspace-packages.js';

/** Longest `pnpm pack` of every public package, ms. */
const PACK_TIMEOUT_MS = 60_000;
/** Longest `npm install` of the tarballs and their third-party dependencies, ms. */
const INSTALL_TIMEOUT_MS = 90_000;

/** npm's cache between runs of this check (tarballs only; the registry is still asked for what it lacks). */
const NPM_CACHE_DIR = join(REPO_ROOT, 'tooling', 'install-check', 'node_modules', '.cache', 'npm');

/** A project outside the workspace with every public package installed from its tarball. */
export interface FreshProject {
  /** The temporary folder under `os.tmpdir()` holding the tarballs and the project; remove it when done. */
  readonly root: string;
  /** The project folder. */
  readonly dir: string;
  /** Package name → the tarball `pnpm pack` wrote for it. */
  readonly tarballs: ReadonlyMap<string, string>;
  /** The dependencies its package.json names: every tarball, every required peer, the extras. */
  readonly dependencies: Readonly<Record<string, string>>;
  /** What `npm install` printed. */
  readonly installLog: string;
}

/**
 * Packs every public package with `pnpm pack` (which writes `workspace:^` as the real version),
 * then installs the tarballs with npm into a new project under `os.tmpdir()`, together with the
 * peers a user must add ({@link requiredPeers}) and `extraDependencies` (such as `@types/node`).
 * `--omit=optional` leaves out optional dependencies, so the Claude Code wrapper comes without
 * its ~400 MB platform binary. `overridesOf` gives npm `overrides` from the tarballs (to put one of
 * ours in place of a package a third-party dependency names). Throws with npm's output when a
 * step fails.
 */
export async function createFreshProject(
  packages: readonly PublicPackage[],
  extraDependencies: Readonly<Record<string, string>>,
  overridesOf?: (tarballs: ReadonlyMap<string, string>) => Record<string, string>,
): Promise<FreshProject> {
  const dir = mkdtempSync(join(tmpdir(), 'ccsdk-install-check-'));
  const packDir = join(dir, 'tarballs');
  const projectDir = join(dir, 'project');
  mkdirSync(projectDir);
  const filters = packages.flatMap((pkg) => ['--filter', pkg.manifest.name]);
  const pack = await runCommand(
    'pnpm',
    ['--recursive', ...filters, 'pack', '--pack-destination', packDir, '--json'],
    { cwd: REPO_ROOT, timeoutMs: PACK_TIMEOUT_MS },
  );
  if (pack.code !== 0) throw new Error(`pnpm pack failed: ${describeRun(pack)}`);
  const tarballs = new Map<string, string>();
  for (const packed of parsePackOutput(pack.stdout)) tarballs.set(packed.name, packed.filename);
  const missing = packages.filter((pkg) => !tarballs.has(pkg.manifest.name)).map((pkg) => pkg.manifest.name);
  if (missing.length > 0) throw new Error(`pnpm pack wrote no tarball for ${missing.join(', ')}`);

  const dependencies: Record<string, string> = {
    ...requiredPeers(packages),
    ...extraDependencies,
    ...Object.fromEntries([...tarballs].map(([name, file]) => [name, `file:${file}`])),
  };
  const overrides = overridesOf?.(tarballs);
  const manifest = {
    name: 'ccsdk-install-check-project',
    private: true,
    type: 'module',
    dependencies,
    ...(overrides === undefined ? {} : { overrides }),
  };
  writeFileSync(join(projectDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const install = await runCommand(
    'npm',
    ['install', '--no-audit', '--no-fund', '--omit=optional', '--prefer-offline', '--cache', NPM_CACHE_DIR],
    { cwd: projectDir, timeoutMs: INSTALL_TIMEOUT_MS },
  );
  if (install.code !== 0) throw new Error(`npm install of the tarballs failed: ${describeRun(install)}`);
  return {
    root: dir,
    dir: projectDir,
    tarballs,
    dependencies,
    installLog: `${install.stdout}${install.stderr}`,
  };
}

/** One tarball as `pnpm pack --json` describes it. */
interface PackedTarball {
  readonly name: string;
  readonly filename: string;
}

/** `pnpm --recursive pack --json` prints one JSON array (one object for a single package). */
function parsePackOutput(stdout: string): PackedTarball[] {
  const json = stdout.slice(Math.min(...['[', '{'].map((c) => stdout.indexOf(c)).filter((i) => i >= 0)));
  const parsed = JSON.parse(json) as PackedTarball | PackedTarball[];
  return Array.isArray(parsed) ? parsed : [parsed];
}
