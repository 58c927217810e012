#!/usr/bin/env node
/**
 * A stand-in for the Claude Code CLI that asks the SDK's in-process MCP server `calc` what the CLI
 * asks it over `mcp_message` control requests, for the side-by-side test
 * (mcp-message-parity.test.ts). Never the proof that a feature works (the e2e tests run the real
 * CLI); only a witness of what each SDK answers a CLI.
 *
 * Appends every stdin line to the file named by MCP_MESSAGE_LOG. Answers `initialize` with success,
 * then sends one `mcp_message` request per message of MCP_MESSAGES (a JSON array), and ends the
 * session with a success result once every one was answered and a user message came.
 */
import { initializeAnswer, recordEachMessage, STAND_IN_RESULT, writeLine } from './stand-in-cli-lines.mjs';

const log = process.env.MCP_MESSAGE_LOG;
if (!log) throw new Error('MCP_MESSAGE_LOG is not set');
const messages = JSON.parse(process.env.MCP_MESSAGES ?? '[]');
let answered = 0;
let userSeen = false;

function finishWhenDone() {
  if (userSeen && answered === messages.length) writeLine(STAND_IN_RESULT);
}

recordEachMessage(log, (message) => {
  if (message.type === 'control_request' && message.request?.subtype === 'initialize') {
    writeLine(initializeAnswer(message));
    messages.forEach((mcp, i) => {
      writeLine({
        type: 'control_request',
        request_id: `mcp-${i}`,
        request: { subtype: 'mcp_message', server_name: 'calc', message: mcp },
      });
    });
  } else if (message.type === 'control_response' && String(message.response?.request_id).startsWith('mcp-')) {
    answered += 1;
    finishWhenDone();
  } else if (message.type === 'user') {
    userSeen = true;
    finishWhenDone();
  }
});
