import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describeRun, runCommand } from './run-command.js';

/** Longest run of the one Node process that imports every entry point, ms. */
const IMPORT_TIMEOUT_MS = 60_000;

/** What importing one entry point did. */
export interface ImportOutcome {
  /** The file Node resolved the specifier to. */
  readonly url?: string;
  /** How many names the module exports. */
  readonly exportCount?: number;
  /** Why it failed: resolved outside the project, or the error the import threw. */
  readonly error?: string;
}

/**
 * Imports each specifier in one Node process started in the project (as a user's program would,
 * under the machine's Node), one after another, each in its own `try`: a failure is recorded for
 * that specifier and the rest still run. A specifier that resolves outside the project's
 * `node_modules` fails too (it would be the workspace's copy, not the installed one).
 */
export async function importEntryPoints(
  projectDir: string,
  specifiers: readonly string[],
): Promise<Map<string, ImportOutcome>> {
  const inside = pathToFileURL(join(projectDir, 'node_modules')).href;
  const script = `
const outcomes = {};
for (const specifier of ${JSON.stringify(specifiers)}) {
  try {
    const url = import.meta.resolve(specifier);
    if (!url.startsWith(${JSON.stringify(`${inside}/`)})) throw new Error('resolved outside the project: ' + url);
    const module = await import(specifier);
    outcomes[specifier] = { url, exportCount: Object.keys(module).length };
  } catch (error) {
    outcomes[specifier] = { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}
process.stdout.write(JSON.stringify(outcomes), () => process.exit(0));
`;
  const run = await runCommand(process.execPath, ['--input-type=module', '-e', script], {
    cwd: projectDir,
    timeoutMs: IMPORT_TIMEOUT_MS,
  });
  if (run.code !== 0) throw new Error(`the import process failed: ${describeRun(run)}`);
  return new Map(Object.entries(JSON.parse(run.stdout) as Record<string, ImportOutcome>));
}
