import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { createFreshProject, type FreshProject } from './fresh-project.js';
import { describeRun, runCommand } from './run-command.js';
import { publicPackages, REPO_ROOT } from './workspace-packages.js';

/*
 * A fresh project for a program written for the official SDK: a library from npm that depends on
 * @anthropic-ai/claude-agent-sdk, with npm `overrides` putting @ccsdk/sdk's tarball in place of the
 * official package, and a driver program from `fixtures/` that runs it through the real CLI and
 * prints one JSON line of what came back.
 */

const FIXTURES = join(REPO_ROOT, 'tooling', 'install-check', 'fixtures');
/** A workspace folder the Claude Code CLI resolves from with its platform binary (the e2e tests'). */
const CLI_FROM = join(REPO_ROOT, 'tooling', 'e2e');

/** Where the driver program is: `fixtures/<folder>/<file>`. */
export interface ConsumerDriver {
  readonly folder: string;
  readonly file: string;
}

/**
 * Packs every public package, installs them with `dependencies` (the library, pinned) in a fresh
 * project whose `@anthropic-ai/claude-agent-sdk` is our tarball, and copies the driver in.
 */
export async function createOfficialSdkConsumer(
  dependencies: Readonly<Record<string, string>>,
  driver: ConsumerDriver,
): Promise<FreshProject> {
  const project = await createFreshProject(publicPackages(), dependencies, (tarballs) => ({
    '@anthropic-ai/claude-agent-sdk': `file:${tarballs.get('@ccsdk/sdk')}`,
  }));
  copyFileSync(join(FIXTURES, driver.folder, driver.file), join(project.dir, driver.file));
  return project;
}

/**
 * Runs the driver in `project` (CLI_FROM set for it) and returns the JSON object of its last
 * stdout line; throws, with the run's output, when it exits non-zero.
 */
export async function runConsumerDriver(
  project: FreshProject | undefined,
  driver: ConsumerDriver,
  timeoutMs: number,
): Promise<Record<string, unknown>> {
  if (project === undefined)
    throw new Error('the consumer project was not installed (see the beforeAll error)');
  const run = await runCommand('node', [driver.file], { cwd: project.dir, env: { CLI_FROM }, timeoutMs });
  if (run.code !== 0) throw new Error(`${driver.file} failed: ${describeRun(run)}`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
}
