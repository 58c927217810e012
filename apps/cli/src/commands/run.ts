import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isSDKResultMessage, query } from '@ccsdk/sdk';
import { createCliSandbox, createDemoScript, startFakeMessagesApi } from '@ccsdk/testing';
import { formatMessage } from '../render/format-message.js';

/** Arguments of `ccsdk run`. */
export interface RunArgs {
  prompt: string;
  model?: string;
  cwd?: string;
  maxTurns?: number;
}

/** Where the `ccsdk` app lives: the CLI binary is resolved from its dependencies. */
const APP_DIR = dirname(fileURLToPath(import.meta.url));

/**
 * Runs one prompt through `query()` and prints the stream readably. Without `ANTHROPIC_API_KEY`
 * it starts the embedded scripted model on 127.0.0.1 and a throw-away config dir, and says so.
 * Returns the process exit code: 0 for a successful result, 1 otherwise.
 */
export async function runCommand(
  args: RunArgs,
  out: NodeJS.WritableStream = process.stdout,
): Promise<number> {
  const offline = !process.env['ANTHROPIC_API_KEY'];
  const fake = offline ? await startFakeMessagesApi({ script: createDemoScript() }) : undefined;
  const sandbox = offline ? await createCliSandbox() : undefined;
  try {
    if (fake && sandbox) {
      out.write(
        'No ANTHROPIC_API_KEY set: running offline against the embedded scripted model from @ccsdk/testing.\n',
      );
    }
    const run = query({
      prompt: args.prompt,
      options: {
        resolveFrom: APP_DIR,
        ...(fake && sandbox ? { env: sandbox.fullEnv(fake.url) } : {}),
        ...(args.cwd === undefined ? {} : { cwd: args.cwd }),
        ...(args.model === undefined ? {} : { model: args.model }),
        ...(args.maxTurns === undefined ? {} : { maxTurns: args.maxTurns }),
      },
    });
    let succeeded = false;
    for await (const message of run) {
      for (const line of formatMessage(message as Record<string, unknown>)) out.write(`${line}\n`);
      if (isSDKResultMessage(message)) succeeded = !message.is_error;
    }
    return succeeded ? 0 : 1;
  } finally {
    await fake?.close();
    await sandbox?.dispose();
  }
}
