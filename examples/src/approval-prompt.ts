// A canUseTool approval prompt: the CLI asks before each tool use its rules do not settle, and
// you answer y or n in the terminal. A denial goes back to the model as the tool's error.
// Run: pnpm tsx src/approval-prompt.ts   (offline it asks twice; pipe answers in: printf 'y\nn\n' | ...)
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { type CanUseTool, isSDKResultSuccess, query } from '@ccsdk/sdk';
import { reply, text, toolUse } from '@ccsdk/testing';
import { startExampleModel } from './support/example-model.js';

// Offline: the model creates one file, then another, then says which tool results came back as errors.
await using model = await startExampleModel([
  reply(toolUse('Bash', { command: 'touch first.txt', description: 'Create first.txt' }, 'toolu_first')),
  reply(toolUse('Bash', { command: 'touch second.txt', description: 'Create second.txt' }, 'toolu_second')),
  reply(text('I created first.txt; you refused second.txt.')),
]);

const terminal = createInterface({ input: process.stdin, terminal: false });
const answers = terminal[Symbol.asyncIterator]();
const decisions: string[] = [];

const askInTerminal: CanUseTool = async (toolName, input, { signal }) => {
  process.stdout.write(`Allow ${toolName} ${JSON.stringify(input['command'] ?? input)}? [y/N] `);
  const next = await answers.next();
  if (signal.aborted) return { behavior: 'deny', message: 'Cancelled.' };
  const yes = !next.done && next.value.trim().toLowerCase().startsWith('y');
  console.log(yes ? 'allowed' : 'denied');
  decisions.push(`${String(input['command'])}: ${yes ? 'allow' : 'deny'}`);
  return yes ? { behavior: 'allow' } : { behavior: 'deny', message: 'The user said no.' };
};

let result: string | undefined;
for await (const message of query({
  prompt: 'Create first.txt, then second.txt, with touch.',
  options: { ...model.options, canUseTool: askInTerminal },
})) {
  if (isSDKResultSuccess(message)) result = message.result;
}
terminal.close();
console.log(`claude: ${result}`);
console.log(`decisions: ${decisions.join('; ')}`);

model.check(decisions.length >= 1, 'canUseTool was asked');
model.check(!model.offline || existsSync(join(model.cwd, 'first.txt')), 'the allowed command ran');
model.check(!model.offline || !existsSync(join(model.cwd, 'second.txt')), 'the denied command did not run');
model.check(
  !model.offline || model.bed?.toolResult('toolu_second')?.isError === true,
  'the model was told the second command was refused',
);
