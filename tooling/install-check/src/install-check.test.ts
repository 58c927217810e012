import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryPointsOf } from './entry-points.js';
import { createFreshProject, type FreshProject } from './fresh-project.js';
import { type ImportOutcome, importEntryPoints } from './import-entries.js';
import { describeRun, runCommand } from './run-command.js';
import { missingSourceFiles } from './source-closure.js';
import { type EntryDiagnostic, typecheckEntryPoints } from './typecheck-entries.js';
import { binsOf, publicPackages, REPO_ROOT, readManifest, requiredPeers } from './workspace-packages.js';

/** Longest run of one installed entry point or bin, ms. */
const RUN_TIMEOUT_MS = 30_000;
/** The command line's bin, and the config folder with one real transcript for `sessions list`. */
const CLI_BIN = 'ccsdk';
const HERE = join(REPO_ROOT, 'tooling', 'install-check');
const FIXTURE_CONFIG = join(HERE, 'fixtures', 'config');

const packages = publicPackages();
const packageNames = packages.map((pkg) => pkg.manifest.name);
const entries = packages.flatMap((pkg) => entryPointsOf(pkg.manifest.name, pkg.manifest.exports));
const bins = packages.flatMap((pkg) =>
  Object.entries(binsOf(pkg.manifest)).map(([name, file]) => ({
    packageName: pkg.manifest.name,
    name,
    file,
  })),
);
const typedPackages = [...new Set(entries.filter((entry) => entry.types).map((entry) => entry.packageName))];
const cliPackage = bins.find((bin) => bin.name === CLI_BIN)?.packageName;
const ownDevDependencies = readManifest(HERE).devDependencies ?? {};

let project: FreshProject | undefined;
let imports: Map<string, ImportOutcome> | undefined;
let diagnostics: EntryDiagnostic[] | undefined;
let configDir: string | undefined;

function installed(): FreshProject {
  if (project === undefined) throw new Error('the fresh project was not installed (see the beforeAll error)');
  return project;
}

/** `npx` in the project, never downloading: a bin missing from the install fails instead of being fetched. */
function npx(args: string[], env: Record<string, string> = {}) {
  return runCommand('npx', args, {
    cwd: installed().dir,
    env: { npm_config_yes: 'false', ...env },
    timeoutMs: RUN_TIMEOUT_MS,
  });
}

beforeAll(async () => {
  const typesNode = ownDevDependencies['@types/node'];
  if (typesNode === undefined) throw new Error('tooling/install-check names no @types/node version');
  project = await createFreshProject(packages, { '@types/node': typesNode });
  const importing = importEntryPoints(
    project.dir,
    entries.filter((entry) => entry.runtime).map((entry) => entry.specifier),
  );
  // The program is compiled in this process while the import process runs.
  diagnostics = typecheckEntryPoints(project.dir, entries, packageNames);
  imports = await importing;
});

afterAll(() => {
  if (project !== undefined) rmSync(project.root, { recursive: true, force: true });
  if (configDir !== undefined) rmSync(configDir, { recursive: true, force: true });
});

describe('the workspace side', () => {
  it('has public packages with entry points, and the ccsdk bin among their bins', () => {
    const nothing = packageNames.filter(
      (name) =>
        !entries.some((entry) => entry.packageName === name) && !bins.some((bin) => bin.packageName === name),
    );
    expect(packageNames.length).toBeGreaterThan(0);
    expect(nothing, 'public packages with neither an entry point nor a bin').toEqual([]);
    expect(cliPackage, `no public package has a "${CLI_BIN}" bin`).toBeDefined();
  });

  it('names every public package as a dependency here, so turbo builds each before this check runs', () => {
    const missing = packageNames.filter((name) => ownDevDependencies[name] === undefined);
    expect(missing, 'add these to the devDependencies of tooling/install-check').toEqual([]);
  });
});

describe.concurrent('installed with npm from the tarballs', () => {
  it('has every public package at the version of its workspace package.json', () => {
    const wrong = packages
      .map((pkg) => ({ pkg, at: readManifest(join(installed().dir, 'node_modules', pkg.manifest.name)) }))
      .filter(({ pkg, at }) => at.version !== pkg.manifest.version)
      .map(
        ({ pkg, at }) => `${pkg.manifest.name}: installed ${at.version}, workspace ${pkg.manifest.version}`,
      );
    expect(wrong).toEqual([]);
  });

  it('installs one copy of each required peer, shared by every package that names it', () => {
    const peers = Object.keys(requiredPeers(packages));
    const nested = packages.flatMap((pkg) =>
      peers
        .filter((peer) =>
          existsSync(join(installed().dir, 'node_modules', pkg.manifest.name, 'node_modules', peer)),
        )
        .map((peer) => `${pkg.manifest.name} has its own ${peer}`),
    );
    expect(
      peers.filter((peer) => !existsSync(join(installed().dir, 'node_modules', peer, 'package.json'))),
    ).toEqual([]);
    expect(nested).toEqual([]);
  });

  it('left out the Claude Code platform binary (optional dependencies omitted)', () => {
    const scope = join(installed().dir, 'node_modules', '@anthropic-ai');
    const platform = existsSync(scope)
      ? readdirSync(scope).filter((name) => name.startsWith('claude-code-'))
      : [];
    expect(platform, 'the check must show that no command it runs needs the binary').toEqual([]);
  });

  it.each(entries.filter((entry) => entry.runtime).map((entry) => [entry.specifier] as const))(
    'imports %s under Node',
    (specifier) => {
      const outcome = imports?.get(specifier);
      expect(outcome, `${specifier} was not imported`).toBeDefined();
      expect(outcome?.error, `${specifier} (${outcome?.url ?? 'unresolved'})`).toBeUndefined();
    },
  );

  it.each(typedPackages.map((name) => [name] as const))('typechecks the entry points of %s', (name) => {
    expect(diagnostics, 'the typecheck did not run (see the beforeAll error)').toBeDefined();
    const own = (diagnostics ?? []).filter((diagnostic) => diagnostic.packageName === name);
    expect(own.map((d) => (d.specifier === undefined ? d.text : `${d.specifier}: ${d.text}`))).toEqual([]);
  });

  it('typechecks with no diagnostic that belongs to no package of ours', () => {
    expect(diagnostics, 'the typecheck did not run (see the beforeAll error)').toBeDefined();
    expect((diagnostics ?? []).filter((diagnostic) => diagnostic.packageName === undefined)).toEqual([]);
  });

  it.each(
    entries.filter((entry) => entry.source !== undefined).map((entry) => [entry.specifier, entry] as const),
  )('publishes the @ccsdk/source files of %s', (_specifier, entry) => {
    const dir = join(installed().dir, 'node_modules', entry.packageName);
    expect(missingSourceFiles(dir, entry.source ?? '')).toEqual([]);
  });

  it.each(bins.map((bin) => [bin.name, bin] as const))(
    'links the %s bin, with a shebang, and runs it with --help',
    async (name, bin) => {
      const file = join(installed().dir, 'node_modules', bin.packageName, bin.file);
      expect(existsSync(file), `${bin.packageName}: bin ${name} -> ${bin.file} is not in the package`).toBe(
        true,
      );
      expect(
        readFileSync(file, 'utf8').split('\n')[0],
        `${bin.packageName}: bin ${name} has no shebang`,
      ).toBe('#!/usr/bin/env node');
      const run = await runCommand(join(installed().dir, 'node_modules', '.bin', name), ['--help'], {
        cwd: installed().dir,
        timeoutMs: RUN_TIMEOUT_MS,
      });
      expect(run.code, `${bin.packageName}: ${describeRun(run)}`).toBe(0);
      expect(`${run.stdout}${run.stderr}`, `${bin.packageName}: ${describeRun(run)}`).toMatch(/usage/i);
    },
  );

  it('npx ccsdk --help lists the verbs, and npx <its package> --help is the same', async () => {
    const byBin = await npx([CLI_BIN, '--help']);
    expect(byBin.code, describeRun(byBin)).toBe(0);
    for (const verb of ['run', 'serve', 'sessions']) expect(byBin.stderr).toContain(`ccsdk ${verb} `);
    const byPackage = await npx([cliPackage ?? CLI_BIN, '--help']);
    expect(byPackage.code, describeRun(byPackage)).toBe(0);
    expect(byPackage.stderr).toBe(byBin.stderr);
  });

  it('npx ccsdk sessions list --json --all-projects lists the transcript in CLAUDE_CONFIG_DIR', async () => {
    configDir = mkdtempSync(join(tmpdir(), 'ccsdk-install-check-config-'));
    cpSync(FIXTURE_CONFIG, configDir, { recursive: true });
    const projectsDir = join(configDir, 'projects');
    const [projectKey] = readdirSync(projectsDir);
    const [transcript] = readdirSync(join(projectsDir, projectKey ?? ''));
    const lines = readFileSync(join(projectsDir, projectKey ?? '', transcript ?? ''), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const firstUser = lines.find((line) => line['type'] === 'user') as {
      message: { content: string };
      cwd: string;
      sessionId: string;
    };
    const run = await npx([CLI_BIN, 'sessions', 'list', '--json', '--all-projects'], {
      CLAUDE_CONFIG_DIR: configDir,
    });
    expect(run.code, describeRun(run)).toBe(0);
    const listed = JSON.parse(run.stdout) as Record<string, unknown>[];
    expect(listed).toEqual([
      expect.objectContaining({
        sessionId: firstUser.sessionId,
        firstPrompt: firstUser.message.content,
        cwd: firstUser.cwd,
      }),
    ]);
    expect(transcript).toBe(`${firstUser.sessionId}.jsonl`);
  });
});
