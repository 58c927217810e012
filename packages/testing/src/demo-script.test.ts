import { describe, expect, it } from 'vitest';
import { mainTurnBody } from '../test/helpers/fixtures.js';
import { buildMessagesRecord, readHead } from './build-record.js';
import { createDemoScript, DEMO_LISTING_LINES, DEMO_TOOL_ID_PREFIX } from './demo-script.js';
import type { RecordedMessagesRequest } from './recorded-request.js';
import type { ContentReply } from './reply.js';

const head = readHead({ method: 'POST', url: '/v1/messages', headers: {} } as never);

function request(body: Record<string, unknown>): RecordedMessagesRequest {
  const record = buildMessagesRecord(0, head, JSON.stringify(body), body, undefined);
  record.isMain = true;
  return record;
}

function afterTool(toolUseId: string, content: unknown, isError = false): RecordedMessagesRequest {
  return request({
    ...mainTurnBody,
    messages: [
      ...mainTurnBody.messages,
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: toolUseId, name: 'Bash', input: { command: 'ls' } }],
      },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: toolUseId, content, is_error: isError }],
      },
    ],
  });
}

async function answer(req: RecordedMessagesRequest): Promise<ContentReply> {
  return (await createDemoScript()(req)) as ContentReply;
}

describe('createDemoScript', () => {
  it('should answer a prompt with thinking, text and a Bash ls tool_use, the same every time', async () => {
    const first = await answer(request(mainTurnBody));
    expect(first.content.map((b) => b.type)).toEqual(['thinking', 'text', 'tool_use']);
    const call = first.content[2];
    expect(call).toMatchObject({ type: 'tool_use', name: 'Bash', input: { command: 'ls' } });
    expect(call?.type === 'tool_use' && call.id).toMatch(new RegExp(`^${DEMO_TOOL_ID_PREFIX}[0-9a-f]{8}$`));
    expect(await answer(request(mainTurnBody))).toEqual(first);
    const other = await answer(
      request({ ...mainTurnBody, messages: [{ role: 'user', content: 'something else' }] }),
    );
    expect(other.content[2]).not.toEqual(call);
  });

  it('should quote the first lines of the listing it gets back', async () => {
    const listing = Array.from({ length: DEMO_LISTING_LINES + 2 }, (_, i) => `file-${i}.txt`).join('\n');
    const final = await answer(afterTool(`${DEMO_TOOL_ID_PREFIX}1234abcd`, listing));
    const reply = final.content[0];
    expect(final.content).toHaveLength(1);
    expect(reply?.type === 'text' && reply.text).toContain(`${DEMO_LISTING_LINES + 2} entries`);
    expect(reply?.type === 'text' && reply.text).toContain('- file-0.txt\n- file-1.txt');
    expect(reply?.type === 'text' && reply.text).toContain(
      `- file-${DEMO_LISTING_LINES - 1}.txt\n(and 2 more)`,
    );
    expect(reply?.type === 'text' && reply.text).not.toContain(`file-${DEMO_LISTING_LINES}.txt`);
  });

  it('should read block content, report an empty folder and a failed tool', async () => {
    const blocks = await answer(afterTool(`${DEMO_TOOL_ID_PREFIX}1`, [{ type: 'text', text: 'only.txt' }]));
    expect(blocks.content[0]).toMatchObject({ text: expect.stringContaining('1 entry') });
    const empty = await answer(afterTool(`${DEMO_TOOL_ID_PREFIX}1`, '(Bash completed with no output)'));
    expect(empty.content[0]).toMatchObject({ text: 'The folder is empty.' });
    const denied = await answer(afterTool(`${DEMO_TOOL_ID_PREFIX}1`, 'Permission denied by user', true));
    expect(denied.content[0]).toMatchObject({
      text: 'I could not list the folder: Permission denied by user',
    });
  });

  it('should answer in text only when Bash is not on offer or there is no prompt', async () => {
    const noBash = await answer(request({ ...mainTurnBody, tools: [{ name: 'Read' }] }));
    expect(noBash.content.map((b) => b.type)).toEqual(['text']);
    expect(noBash.content[0]).toMatchObject({ text: expect.stringContaining('"hi"') });
    const foreign = await answer(afterTool('toolu_other', 'x'));
    expect(foreign.content.map((b) => b.type)).toEqual(['text']);
  });
});
