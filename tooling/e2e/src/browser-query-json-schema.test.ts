/**
 * The browser `query()` of `@ccsdk/sdk/browser` with `jsonSchema`, over SSE (its transport needs
 * only `fetch`, so it runs in Node too), against `ccsdk serve` and the real CLI: the schema goes in
 * the `initialize` request, the CLI offers the model its `StructuredOutput` tool, and the result
 * carries the structured answer. (The page-side behaviour is the Chromium suite's.)
 */
import type { SDKMessage, SDKUserMessage } from '@ccsdk/sdk';
import { query } from '@ccsdk/sdk/browser';
import { isMessagesRequest, reply, text, toolUse } from '@ccsdk/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { type DirectConnectRig, startDirectConnectRig } from './direct-connect-rig.js';

let dc: DirectConnectRig | undefined;
afterEach(async () => {
  await dc?.dispose();
  dc = undefined;
});

const SCHEMA = {
  type: 'object',
  properties: { city: { type: 'string' }, population: { type: 'number' } },
  required: ['city', 'population'],
};

async function* onePrompt(content: string): AsyncGenerator<SDKUserMessage> {
  yield { type: 'user', message: { role: 'user', content }, parent_tool_use_id: null, session_id: '' };
}

describe('the browser query() with jsonSchema, over SSE through the real CLI', () => {
  it('should send the schema in initialize and end with the structured answer', async () => {
    dc = await startDirectConnectRig({
      script: [
        reply(toolUse('StructuredOutput', { city: 'Lyon', population: 522_000 })),
        reply(text('Done.')),
      ],
    });
    const created = await fetch(`${dc.server.httpUrl}/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${dc.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ cwd: dc.rig.sandbox.cwd }),
    });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { session_id: string }).session_id;
    const base = `${dc.server.httpUrl}/sessions/${id}`;
    const q = query({
      prompt: onePrompt('Which city, and how many live there?'),
      jsonSchema: SCHEMA,
      sse: {
        streamUrl: `${base}/events/stream`,
        sendUrl: `${base}/events`,
        sessionId: id,
        headers: { authorization: `Bearer ${dc.token}` },
      },
    });
    let result: Extract<SDKMessage, { type: 'result' }> | undefined;
    for await (const message of q) {
      if (message.type === 'result') {
        result = message;
        break;
      }
    }
    q.close();
    const offered = dc.rig.fake.requests.filter(isMessagesRequest).map((r) => r.toolNames);
    expect(offered[0]).toContain('StructuredOutput');
    expect(result?.subtype).toBe('success');
    expect(
      result !== undefined && 'structured_output' in result ? result.structured_output : undefined,
    ).toEqual({
      city: 'Lyon',
      population: 522_000,
    });
  }, 120_000);

  it('should refuse a schema that is not an object, before anything is sent', () => {
    expect(() =>
      query({
        prompt: onePrompt('x'),
        jsonSchema: 'not a schema' as unknown as Record<string, unknown>,
        sse: { streamUrl: 'http://127.0.0.1:9/s', sendUrl: 'http://127.0.0.1:9/e', sessionId: 's' },
      }),
    ).toThrow(TypeError);
  });
});
