// An in-process MCP tool: the tool runs in this process; the CLI calls it over the control
// channel as `mcp__<server>__<tool>`. No server process, no port.
// Run: pnpm tsx src/mcp-tool.ts
import { createSdkMcpServer, isSDKResultSuccess, query, tool } from '@ccsdk/sdk';
import { reply, text, toolUse } from '@ccsdk/testing';
import { z } from 'zod';
import { startExampleModel } from './support/example-model.js';

const calls: string[] = [];

const add = tool(
  'add',
  'Adds two numbers and returns the sum.',
  { a: z.number().describe('first addend'), b: z.number().describe('second addend') },
  async ({ a, b }) => {
    calls.push(`add(${a}, ${b})`);
    return { content: [{ type: 'text', text: String(a + b) }] };
  },
);
const calculator = createSdkMcpServer({ name: 'calculator', version: '1.0.0', tools: [add] });

await using model = await startExampleModel([
  reply(toolUse('mcp__calculator__add', { a: 19, b: 23 }, 'toolu_add')),
  reply(text('19 + 23 = 42.')),
]);

let answer: string | undefined;
for await (const message of query({
  prompt: 'Use the calculator to add 19 and 23.',
  options: {
    ...model.options,
    mcpServers: { calculator },
    // Allowed up front, so the CLI does not ask for permission.
    allowedTools: ['mcp__calculator__add'],
  },
})) {
  if (isSDKResultSuccess(message)) answer = message.result;
}
console.log(`tool calls: ${calls.join(', ')}`);
console.log(`claude: ${answer}`);

model.check(calls.length > 0, 'the in-process tool was called');
model.check(!model.offline || calls[0] === 'add(19, 23)', 'with the input the model gave');
model.check(
  !model.offline || model.bed?.toolResult('toolu_add')?.text === '42',
  'and its result reached the model',
);
