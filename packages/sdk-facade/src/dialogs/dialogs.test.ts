import { describe, expect, it } from 'vitest';
import { query } from '../query/query.js';
import { FakeCliTransport } from '../testing/fake-cli-transport.js';

function responseTo(transport: FakeCliTransport, requestId: string) {
  return transport.waitForSent(
    (m) =>
      m['type'] === 'control_response' &&
      (m['response'] as { request_id?: string })?.request_id === requestId,
  );
}

describe('onElicitation and onUserDialog', () => {
  it('should hand the elicitation to onElicitation in the official shape and send its answer', async () => {
    const transport = new FakeCliTransport();
    const seen: unknown[] = [];
    const run = query({
      prompt: 'go',
      options: {
        transport,
        onElicitation: async (request, { requestId }) => {
          seen.push([request, requestId]);
          return { action: 'accept', content: { name: 'Ada' } };
        },
      },
    });
    await run.initializationResult();
    transport.emit({
      type: 'control_request',
      request_id: 'e1',
      request: {
        subtype: 'elicitation',
        mcp_server_name: 's',
        message: 'm',
        mode: 'url',
        url: 'https://x.invalid',
        elicitation_id: 'id1',
        title: 'T',
        display_name: 'D',
        description: 'De',
      },
    });
    const reply = await responseTo(transport, 'e1');
    expect(reply['response']).toEqual({
      subtype: 'success',
      request_id: 'e1',
      response: { action: 'accept', content: { name: 'Ada' } },
    });
    expect(seen).toEqual([
      [
        {
          serverName: 's',
          message: 'm',
          mode: 'url',
          url: 'https://x.invalid',
          elicitationId: 'id1',
          title: 'T',
          displayName: 'D',
          description: 'De',
        },
        'e1',
      ],
    ]);
    await run.close();
  });

  it('should decline an elicitation without onElicitation', async () => {
    const transport = new FakeCliTransport();
    const warnings: Error[] = [];
    const run = query({ prompt: 'go', options: { transport, onWarning: (e) => warnings.push(e) } });
    await run.initializationResult();
    transport.emit({
      type: 'control_request',
      request_id: 'e2',
      request: { subtype: 'elicitation', mcp_server_name: 's', message: 'm' },
    });
    const reply = await responseTo(transport, 'e2');
    expect((reply['response'] as { response?: unknown }).response).toEqual({ action: 'decline' });
    expect(warnings).toEqual([]);
    await run.close();
  });

  it('should answer an error reply with its message when onElicitation throws, as the official SDK', async () => {
    const transport = new FakeCliTransport();
    const warnings: Error[] = [];
    const run = query({
      prompt: 'go',
      options: {
        transport,
        onWarning: (e) => warnings.push(e),
        onElicitation: async () => {
          throw new Error('boom');
        },
      },
    });
    await run.initializationResult();
    transport.emit({
      type: 'control_request',
      request_id: 'e3',
      request: { subtype: 'elicitation', mcp_server_name: 's', message: 'm' },
    });
    const reply = await responseTo(transport, 'e3');
    expect(reply['response']).toEqual({ subtype: 'error', request_id: 'e3', error: 'boom' });
    expect(warnings.map((w) => (w.cause as Error | undefined)?.message)).toEqual(['boom']);
    await run.close();
  });

  it('should pass a dialog to onUserDialog and send completed with its result', async () => {
    const transport = new FakeCliTransport();
    const seen: unknown[] = [];
    const run = query({
      prompt: 'go',
      options: {
        transport,
        supportedDialogKinds: ['refusal_fallback_prompt'],
        onUserDialog: async (request) => {
          seen.push(request);
          return { behavior: 'completed', result: { choice: 2 } };
        },
      },
    });
    await run.initializationResult();
    expect(transport.controlRequests('initialize')[0]?.['request']).toMatchObject({
      supportedDialogKinds: ['refusal_fallback_prompt'],
    });
    transport.emit({
      type: 'control_request',
      request_id: 'd1',
      request: {
        subtype: 'request_user_dialog',
        dialog_kind: 'refusal_fallback_prompt',
        payload: { a: 1 },
        tool_use_id: 't1',
      },
    });
    const reply = await responseTo(transport, 'd1');
    expect((reply['response'] as { response?: unknown }).response).toEqual({
      behavior: 'completed',
      result: { choice: 2 },
    });
    expect(seen).toEqual([{ dialogKind: 'refusal_fallback_prompt', payload: { a: 1 }, toolUseID: 't1' }]);
    await run.close();
  });

  it('should send no answer to a dialog without onUserDialog, or when the callback resolves null', async () => {
    for (const onUserDialog of [undefined, async () => null]) {
      const transport = new FakeCliTransport();
      const run = query({ prompt: 'go', options: { transport, ...(onUserDialog ? { onUserDialog } : {}) } });
      await run.initializationResult();
      transport.emit({
        type: 'control_request',
        request_id: 'd2',
        request: { subtype: 'request_user_dialog', dialog_kind: 'x', payload: {} },
      });
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(transport.sent.filter((m) => m['type'] === 'control_response')).toEqual([]);
      await run.close();
    }
  });

  it('should refuse supportedDialogKinds without onUserDialog, and non-functions, quoting them', () => {
    const transport = new FakeCliTransport();
    expect(() => query({ prompt: 'go', options: { transport, supportedDialogKinds: ['k'] } })).toThrow(
      /\["k"\].*onUserDialog/,
    );
    expect(() => query({ prompt: 'go', options: { transport, onElicitation: 'x' as never } })).toThrow(
      /onElicitation/,
    );
    expect(() => query({ prompt: 'go', options: { transport, toolAliases: { Bash: 3 } as never } })).toThrow(
      /"Bash": 3/,
    );
    expect(() => query({ prompt: 'go', options: { transport, title: 5 as never } })).toThrow(/title.*5/);
  });
});
