import { execFile } from 'node:child_process';

/** How long one server tool (initdb, pg_ctl) may run before it counts as hung, in ms. */
export const SERVER_TOOL_TIMEOUT_MS = 60_000;

/**
 * Runs `command` to completion, as the user `asUser` when given (through `runuser`, needed
 * because PostgreSQL refuses to run as root). Rejects with the tool's output on failure.
 */
export function runTool(command: string, args: readonly string[], asUser?: string): Promise<string> {
  const [file, argv] =
    asUser === undefined ? [command, [...args]] : ['runuser', ['-u', asUser, '--', command, ...args]];
  return new Promise((resolve, reject) => {
    execFile(file, argv, { timeout: SERVER_TOOL_TIMEOUT_MS, encoding: 'utf8' }, (error, stdout, stderr) => {
      if (error === null) resolve(stdout);
      else reject(new Error(`${command} ${args.join(' ')} failed: ${error.message}\n${stdout}${stderr}`));
    });
  });
}
