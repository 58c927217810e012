// Testing your agent in vitest with @ccsdk/testing: the real CLI runs against a scripted model,
// and the test checks both what the agent returned and what the model was sent.
// Run: pnpm vitest run src/testing-an-agent.test.ts
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createAgentTestBed, reply, text, toolUse } from '@ccsdk/testing';
import { describe, expect, it } from 'vitest';
import { summarizeFolder } from './folder-summary-agent.js';

describe('summarizeFolder', () => {
  it('should list the folder and return the model summary', async () => {
    await using bed = await createAgentTestBed({
      script: [
        reply(
          text('Let me look.'),
          toolUse('Bash', { command: 'ls', description: 'List files' }, 'toolu_ls'),
        ),
        reply(text('Two notes: a todo list and a shopping list.')),
      ],
    });
    await writeFile(join(bed.sandbox.cwd, 'todo.md'), '- write tests\n');
    await writeFile(join(bed.sandbox.cwd, 'shopping.md'), '- milk\n');

    const result = await summarizeFolder(bed.options);

    expect(result).toEqual({ summary: 'Two notes: a todo list and a shopping list.', toolCalls: 1 });
    expect(bed.prompts()[0]).toContain('summarize them in one sentence');
    // The real CLI ran the real `ls` in the sandbox and sent its output back to the model.
    expect(bed.toolResult('toolu_ls')?.text.split('\n').sort()).toEqual(['shopping.md', 'todo.md']);
  });

  it('should fail when the model never answers', async () => {
    await using bed = await createAgentTestBed({
      script: [reply(toolUse('Bash', { command: 'ls' })), reply(toolUse('Bash', { command: 'ls' }))],
    });
    await expect(summarizeFolder({ ...bed.options, maxTurns: 2 })).rejects.toThrow(/error_max_turns/);
  });
});
