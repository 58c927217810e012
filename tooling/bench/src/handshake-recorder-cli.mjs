#!/usr/bin/env node
/**
 * A stand-in for the Claude Code CLI that records how an SDK starts it, for the side-by-side
 * handshake test (cli-handshake-parity.test.ts). Never the proof that a feature works (the e2e
 * tests run the real CLI); only a witness of what each SDK hands a CLI.
 *
 * Appends to the file named by HANDSHAKE_LOG one JSON line with its argv and the environment
 * variables that were not in HANDSHAKE_BASE_ENV (comma-separated names), then every stdin line.
 * Answers `initialize` with success (saying it read launch MCP servers and plugins when the
 * request carried them), every other control request with success and empty lists (what the
 * SDKs read of the answers), and each user message with a system init and a success result.
 */
import { appendFileSync } from 'node:fs';
import { writeLine as out, recordEachMessage } from './stand-in-cli-lines.mjs';

const log = process.env.HANDSHAKE_LOG;
if (!log) throw new Error('HANDSHAKE_LOG is not set');
const base = new Set((process.env.HANDSHAKE_BASE_ENV ?? '').split(','));
const added = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) => !base.has(name) && name !== 'HANDSHAKE_LOG' && name !== 'HANDSHAKE_BASE_ENV',
  ),
);
appendFileSync(log, `${JSON.stringify({ argv: process.argv.slice(2), env: added })}\n`);

const SESSION = '00000000-0000-4000-8000-0000000000aa';

recordEachMessage(log, (message) => {
  if (message.type === 'control_request' && message.request?.subtype !== 'initialize') {
    out({
      type: 'control_response',
      response: {
        subtype: 'success',
        request_id: message.request_id,
        response: { commands: [], models: [], agents: [], mcpServers: [], account: {} },
      },
    });
  } else if (message.type === 'control_request') {
    const request = message.request;
    out({
      type: 'control_response',
      response: {
        subtype: 'success',
        request_id: message.request_id,
        response: {
          commands: [],
          models: [],
          account: {},
          output_style: 'default',
          available_output_styles: [],
          ...(request.mcpServers ? { mcp_servers_applied: true } : {}),
          ...(request.plugins ? { plugins_applied: true } : {}),
        },
      },
    });
  } else if (message.type === 'user') {
    const common = { session_id: SESSION, uuid: crypto.randomUUID() };
    out({
      type: 'system',
      subtype: 'init',
      cwd: process.cwd(),
      tools: [],
      mcp_servers: [],
      model: 'stand-in',
      permissionMode: 'default',
      slash_commands: [],
      apiKeySource: 'none',
      output_style: 'default',
      ...common,
    });
    out({
      type: 'result',
      subtype: 'success',
      is_error: false,
      duration_ms: 1,
      duration_api_ms: 1,
      num_turns: 1,
      result: 'recorded',
      total_cost_usd: 0,
      usage: {},
      modelUsage: {},
      permission_denials: [],
      ...common,
      uuid: crypto.randomUUID(),
    });
  }
});
