import { createSdkMcpServer, type McpSdkServerConfigWithInstance } from '@ccsdk/mcp-inproc';
import { describe, expect, it } from 'vitest';
import { buildInitializeRequest } from '../control/initialize-request.js';
import { sdkMcpServerConfigsOf } from './sdk-mcp-server-configs.js';
import { mcpToolTimeoutOf } from './sdk-mcp-servers.js';

const server = (name: string, extra: Record<string, unknown> = {}) =>
  ({ ...createSdkMcpServer({ name }), ...extra }) as McpSdkServerConfigWithInstance;

describe("the in-process servers' settings in initialize (sdkMcpServerConfigs)", () => {
  it('should send each timeout as given and each policy as name and permission_policy, leaving out servers with neither', () => {
    const guarded = server('guarded', {
      timeout: 500,
      tools: [
        { name: 'wait', permission_policy: 'always_deny' },
        { name: 'other', permission_policy: 'always_ask', org_max_permission: 'ask' },
        { name: 'bare' },
      ],
    });
    const plain = server('plain');
    const request = buildInitializeRequest({
      mcpServers: { guarded, plain, slow: server('slow', { timeout: 9000 }) },
    });
    expect(Object.keys(request).slice(0, 2)).toEqual(['sdkMcpServers', 'sdkMcpServerConfigs']);
    expect(request['sdkMcpServers']).toEqual(['guarded', 'plain', 'slow']);
    expect(JSON.stringify(request['sdkMcpServerConfigs'])).toBe(
      JSON.stringify({
        guarded: {
          timeout: 500,
          tools: [
            { name: 'wait', permission_policy: 'always_deny' },
            { name: 'other', permission_policy: 'always_ask' },
            { name: 'bare' },
          ],
        },
        slow: { timeout: 9000 },
      }),
    );
    expect(buildInitializeRequest({ mcpServers: { plain } })).not.toHaveProperty('sdkMcpServerConfigs');
  });

  it('should pass hostile policy lists on as far as the CLI reads them: a non-list as absent, non-objects dropped', () => {
    expect(sdkMcpServerConfigsOf({ a: server('a', { tools: 'always_deny' }) })).toEqual({});
    expect(sdkMcpServerConfigsOf({ a: server('a', { tools: [null, 7, 'x', { name: 'ok' }] }) })).toEqual({
      a: { tools: [{ name: 'ok' }] },
    });
    expect(sdkMcpServerConfigsOf({ a: server('a', { tools: [] }) })).toEqual({ a: { tools: [] } });
  });
});

describe('MCP_TOOL_TIMEOUT as the in-process tool-call limit', () => {
  it("should read it from the CLI's environment: options.env when given, else this process's", () => {
    expect(mcpToolTimeoutOf({ env: { MCP_TOOL_TIMEOUT: '3600000' } })).toBe(3_600_000);
    expect(mcpToolTimeoutOf({ env: { MCP_TOOL_TIMEOUT: ' 1500 ' } })).toBe(1500);
    expect(mcpToolTimeoutOf({ env: {} })).toBeUndefined();
    const before = process.env['MCP_TOOL_TIMEOUT'];
    process.env['MCP_TOOL_TIMEOUT'] = '2500';
    try {
      expect(mcpToolTimeoutOf({})).toBe(2500);
      // A given env replaces this process's, as it does for the CLI.
      expect(mcpToolTimeoutOf({ env: { PATH: '/bin' } })).toBeUndefined();
    } finally {
      if (before === undefined) delete process.env['MCP_TOOL_TIMEOUT'];
      else process.env['MCP_TOOL_TIMEOUT'] = before;
    }
  });

  it('should ignore what is not a positive whole number of milliseconds', () => {
    for (const value of ['', '0', '-5', '1e6', '12.5', 'soon', '0x10', '9'.repeat(40), '١٢٣']) {
      expect(mcpToolTimeoutOf({ env: { MCP_TOOL_TIMEOUT: value } })).toBeUndefined();
    }
  });
});
