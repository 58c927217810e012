// Hooks as an audit log: every tool use is written to audit.jsonl before it runs and after,
// with its input and its output. Hooks can also block a tool (see the deny rule below).
// Run: pnpm tsx src/hooks-audit-log.ts
import { appendFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type HookCallback, isSDKResultSuccess, query } from '@ccsdk/sdk';
import { reply, text, toolUse } from '@ccsdk/testing';
import { startExampleModel } from './support/example-model.js';

await using model = await startExampleModel([
  reply(toolUse('Bash', { command: 'echo audited', description: 'Print a word' }, 'toolu_echo')),
  reply(toolUse('Bash', { command: 'rm -rf build', description: 'Clean up' }, 'toolu_rm')),
  reply(text('Printed the word; the clean-up was blocked.')),
]);
const auditLog = join(model.cwd, 'audit.jsonl');

/** Appends one JSON line per hook call: when, which event, which tool, and what went in or out. */
const audit: HookCallback = async (input, toolUseId) => {
  const entry: Record<string, unknown> = {
    at: new Date().toISOString(),
    event: input.hook_event_name,
    toolUseId,
  };
  if ('tool_name' in input) entry['tool'] = input.tool_name;
  if ('tool_input' in input) entry['input'] = input.tool_input;
  if ('tool_response' in input) entry['response'] = input.tool_response;
  await appendFile(auditLog, `${JSON.stringify(entry)}\n`);
  return {};
};

/** Refuses destructive shell commands before they run; the model gets the reason. */
const denyRm: HookCallback = async (input) => {
  const command = 'tool_input' in input ? String((input.tool_input as { command?: unknown }).command) : '';
  if (!/\brm\b/.test(command)) return {};
  return {
    hookSpecificOutput: {
      hookEventName: 'PreToolUse',
      permissionDecision: 'deny',
      permissionDecisionReason: 'rm is not allowed here.',
    },
  };
};

for await (const message of query({
  prompt: 'Print "audited", then clean up the build folder.',
  options: {
    ...model.options,
    hooks: {
      PreToolUse: [{ hooks: [audit] }, { matcher: 'Bash', hooks: [denyRm] }],
      PostToolUse: [{ hooks: [audit] }],
    },
  },
})) {
  if (isSDKResultSuccess(message)) console.log(`claude: ${message.result}`);
}

const lines = (await readFile(auditLog, 'utf8').catch(() => '')).trim().split('\n').filter(Boolean);
const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
console.log(`audit.jsonl (${entries.length} lines):`);
for (const entry of entries)
  console.log(`  ${entry['event']} ${entry['tool']} ${JSON.stringify(entry['input'])}`);

const events = entries.map((entry) => `${entry['event']}:${entry['toolUseId']}`);
model.check(entries.length > 0, 'the hooks wrote the audit log');
model.check(
  !model.offline || events.join(',') === 'PreToolUse:toolu_echo,PostToolUse:toolu_echo,PreToolUse:toolu_rm',
  'echo was logged before and after it ran; rm only before, as it was blocked',
);
model.check(
  !model.offline || JSON.stringify(entries[1]?.['response'] ?? '').includes('audited'),
  'the PostToolUse entry holds the command output',
);
model.check(
  !model.offline || model.bed?.toolResult('toolu_rm')?.isError === true,
  'the model was told rm was blocked',
);
