/**
 * What the stand-ins for the Claude Code CLI share (the recorders run as the CLI, and the browser
 * stand-in on a WebSocket): reading the SDK's lines, writing lines back, and the success answers
 * a stand-in gives. Plain JavaScript, so a recorder runs under node without a build.
 */
import { appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

/** The success result a stand-in ends the session with. */
export const STAND_IN_RESULT = {
  type: 'result',
  subtype: 'success',
  is_error: false,
  result: 'ok',
  session_id: '00000000-0000-4000-8000-0000000000bb',
  uuid: '00000000-0000-4000-8000-0000000000bc',
  duration_ms: 1,
  duration_api_ms: 1,
  num_turns: 1,
  total_cost_usd: 0,
  usage: {},
  modelUsage: {},
  permission_denials: [],
};

/** The stand-in's answer to an `initialize` control request: success, no commands. */
export function initializeAnswer(request) {
  const response = { subtype: 'success', request_id: request.request_id, response: { commands: [] } };
  return { type: 'control_response', response };
}

/** Writes one message to stdout as a line, as the CLI writes its messages. */
export function writeLine(message) {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

/**
 * Appends every line the SDK writes to stdin to the file `log`, and hands `handle` each one that
 * is JSON (the others are kept in the log only).
 */
export function recordEachMessage(log, handle) {
  createInterface({ input: process.stdin }).on('line', (line) => {
    appendFileSync(log, `${line}\n`);
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      return;
    }
    handle(message);
  });
}
