// What importing the SDK does to the process, side by side with the official SDK 0.3.332 (its
// runtime imported, never read): each import runs in a fresh Node process, which prints how
// `process.env` changed. The official sets NoDefaultCurrentDirectoryInExePath=1 (Windows then never
// runs an executable found in the current folder), so every process started afterwards inherits it,
// the CLI included; ours must do the same, or a program moving to ours loses that hardening. These
// children are why: in one test process the official's import would already have changed the
// environment ours reads.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
/** The bench package's folder: both SDKs resolve from it. */
const BENCH_DIR = join(import.meta.dirname, '..');
/** One Node start and one SDK import; generous for a loaded 2-core machine. */
const CASE_TIMEOUT_MS = 60_000;
const HARDENING = 'NoDefaultCurrentDirectoryInExePath';

/** The variables importing `specifier` added, changed or removed in `process.env`, as `name=value`. */
async function envChangesOfImport(specifier: string, startValue: string | undefined): Promise<string[]> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env[HARDENING];
  if (startValue !== undefined) env[HARDENING] = startValue;
  const program = `
    const before = { ...process.env };
    await import(${JSON.stringify(specifier)});
    const names = new Set([...Object.keys(before), ...Object.keys(process.env)]);
    const changes = [...names].filter((name) => before[name] !== process.env[name]).sort();
    process.stdout.write(JSON.stringify(changes.map((name) => name + '=' + (process.env[name] ?? '<removed>'))));
  `;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', program], {
    cwd: BENCH_DIR,
    env,
  });
  return JSON.parse(stdout) as string[];
}

const ENTRIES: [official: string, ours: string][] = [
  ['@anthropic-ai/claude-agent-sdk', '@ccsdk/sdk'],
  ['@anthropic-ai/claude-agent-sdk/core', '@ccsdk/sdk/core'],
];

describe('what importing the SDK does to process.env, side by side with the official SDK', () => {
  it.each(
    ENTRIES.flatMap(([theirs, mine]) => [
      [theirs, mine, undefined],
      [theirs, mine, '0'],
    ]),
  )(
    '%s and %s, with NoDefaultCurrentDirectoryInExePath %s before: the same changes',
    async (theirs, mine, startValue) => {
      const [theirChanges, myChanges] = await Promise.all([
        envChangesOfImport(theirs, startValue),
        envChangesOfImport(mine, startValue),
      ]);
      // Not two empty lists: the official's import sets it, over a value already there too.
      expect(theirChanges).toContain(`${HARDENING}=1`);
      expect(myChanges).toEqual(theirChanges);
    },
    CASE_TIMEOUT_MS,
  );
});
