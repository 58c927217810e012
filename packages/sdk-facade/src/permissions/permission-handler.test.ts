import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPermissionHandler } from './permission-handler.js';
import type { CanUseToolContext, PermissionResult } from './permissions.js';

const signal = new AbortController().signal;

/** Runs the handler on one `can_use_tool` body and returns its reply and what the callback saw. */
async function ask(body: Record<string, unknown>, answer: PermissionResult | null = { behavior: 'allow' }) {
  const seen: { context?: CanUseToolContext; toolName?: string } = {};
  const warnings: Error[] = [];
  const handler = createPermissionHandler(
    async (toolName, _input, context) => {
      Object.assign(seen, { toolName, context });
      return answer;
    },
    (error) => warnings.push(error),
  );
  const reply = await handler({ subtype: 'can_use_tool', ...body }, { signal, requestId: 'req_7_ab' });
  return { reply, seen, warnings };
}

/** The context keys the official SDK always passes, in its order. */
const ALWAYS_KEYS = [
  'signal',
  'suggestions',
  'blockedPath',
  'decisionReason',
  'title',
  'displayName',
  'description',
  'defaultToNo',
  'suppressAlwaysAllowRule',
  'toolUseID',
  'agentID',
  'requestId',
];
/** The keys it passes only when the CLI sent them. */
const SOMETIMES_KEYS = ['mcpServer', 'decisionReasonType', 'serverPolicyAskOnly', 'matchedAskRule'];

describe('createPermissionHandler', () => {
  it('should give the callback the official context, camelCased from the request', async () => {
    const { seen } = await ask({
      tool_name: 'mcp__docs__search',
      input: { q: 1 },
      tool_use_id: 'toolu_1',
      blocked_path: '/etc/x',
      decision_reason: 'rule',
      agent_id: 'agent-2',
      title: 'Search docs?',
      display_name: 'Search',
      description: 'Looks things up',
      default_to_no: true,
      suppress_always_allow_rule: false,
      mcp_server: { name: 'docs', source: 'project' },
      matched_ask_rule: { source: 'userSettings', tool_name: 'mcp__docs__search', rule_content: 'q' },
      permission_suggestions: [{ type: 'setMode', mode: 'plan', destination: 'session' }],
    });
    expect(seen.toolName).toBe('mcp__docs__search');
    expect(seen.context).toEqual({
      signal,
      requestId: 'req_7_ab',
      toolUseID: 'toolu_1',
      blockedPath: '/etc/x',
      decisionReason: 'rule',
      agentID: 'agent-2',
      title: 'Search docs?',
      displayName: 'Search',
      description: 'Looks things up',
      defaultToNo: true,
      suppressAlwaysAllowRule: false,
      mcpServer: { name: 'docs', source: 'project' },
      matchedAskRule: { source: 'userSettings', toolName: 'mcp__docs__search', ruleContent: 'q' },
      suggestions: [{ type: 'setMode', mode: 'plan', destination: 'session' }],
    });
  });

  it("should answer the callback's result as it is, with the request's toolUseID, as the official SDK", async () => {
    const body = { tool_name: 'Bash', input: { command: 'ls' }, tool_use_id: 'toolu_9' };
    const allow = await ask(body, {
      behavior: 'allow',
      updatedPermissions: [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }],
      decisionClassification: 'user_temporary',
      toolUseID: 'not-the-request',
    });
    expect(allow.reply).toStrictEqual({
      behavior: 'allow',
      updatedPermissions: [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }],
      decisionClassification: 'user_temporary',
      toolUseID: 'toolu_9',
    });
    const deny = await ask(body, { behavior: 'deny', message: 'No.', interrupt: true });
    expect(deny.reply).toStrictEqual({
      behavior: 'deny',
      message: 'No.',
      interrupt: true,
      toolUseID: 'toolu_9',
    });
    expect([...allow.warnings, ...deny.warnings]).toEqual([]);
  });

  it('should pass a malformed answer on for the CLI to refuse, with a warning; deny on none', async () => {
    const bad = await ask({ tool_name: 'Bash', input: {}, tool_use_id: 't' }, { behavior: 'maybe' } as never);
    expect(bad.reply).toStrictEqual({ behavior: 'maybe', toolUseID: 't' });
    expect(bad.warnings).toHaveLength(1);
    const nothing = await ask({ tool_name: 'Bash', input: {}, tool_use_id: 't' }, null);
    expect(nothing.reply).toEqual({ behavior: 'deny', message: 'Denied.', toolUseID: 't' });
    expect(nothing.warnings).toEqual([]);
    const notAnObject = await ask({ tool_name: 'Bash', input: {} }, 'yes' as never);
    expect(notAnObject.reply).toEqual({ behavior: 'deny', message: 'Denied.' });
    expect(notAnObject.warnings).toHaveLength(1);
  });

  it('should let a throw through, so the channel answers an error reply with its message', async () => {
    const handler = createPermissionHandler(
      async () => {
        throw new Error('approval service down');
      },
      () => {},
    );
    await expect(
      handler({ subtype: 'can_use_tool', tool_name: 'Bash', input: {} }, { signal, requestId: 'r' }),
    ).rejects.toThrow('approval service down');
  });

  it('should give every declared context field a key, undefined when absent or of the wrong type, for any request', async () => {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.string(), fc.jsonValue()), async (body) => {
        const { seen, reply } = await ask(body);
        expect(reply?.['behavior']).toBe('allow');
        const context = seen.context as Record<string, unknown>;
        // As the official SDK passes it: each declared field a key, in its order.
        expect(Object.keys(context).filter((key) => ALWAYS_KEYS.includes(key))).toEqual(ALWAYS_KEYS);
        for (const key of Object.keys(context)) {
          expect([...ALWAYS_KEYS, ...SOMETIMES_KEYS]).toContain(key);
        }
        for (const key of [
          'title',
          'displayName',
          'description',
          'blockedPath',
          'decisionReason',
          'agentID',
        ]) {
          expect(['string', 'undefined']).toContain(typeof context[key]);
        }
        for (const key of ['defaultToNo', 'suppressAlwaysAllowRule']) {
          expect(['boolean', 'undefined']).toContain(typeof context[key]);
        }
        expect(context['suggestions'] === undefined || Array.isArray(context['suggestions'])).toBe(true);
        if ('mcpServer' in context)
          expect(Object.keys(context['mcpServer'] as object).sort()).toEqual(['name', 'source']);
        if ('decisionReasonType' in context) expect(typeof context['decisionReasonType']).toBe('string');
        if ('serverPolicyAskOnly' in context) expect(typeof context['serverPolicyAskOnly']).toBe('boolean');
        expect(typeof context['toolUseID']).toBe('string');
        expect(context['requestId']).toBe('req_7_ab');
      }),
      { numRuns: 200 },
    );
  });
});
