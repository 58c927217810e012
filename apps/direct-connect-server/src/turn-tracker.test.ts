import { describe, expect, it } from 'vitest';
import { isResultLine, mayBeUserMessage } from './turn-peek.js';
import { TurnTracker } from './turn-tracker.js';

const bytes = (text: string): Buffer => Buffer.from(text, 'utf8');
const USER = '{"type":"user","message":{"role":"user","content":"hi"},"parent_tool_use_id":null}';
const RESULT = '{"result":"done","type":"result","subtype":"success"}';

describe('mayBeUserMessage', () => {
  it.each([
    ['a user message', USER, true],
    ['type after other keys', '{"session_id":"","type":"user","message":{}}', true],
    [
      'a control response nesting a user type',
      '{"type":"control_response","response":{"type":"user"}}',
      false,
    ],
    ['a control request', '{"type":"control_request","request":{"subtype":"interrupt"}}', false],
    ['the words in text (quotes escaped)', '{"type":"x","text":"\\"type\\":\\"user\\""}', false],
    ['a role, not a type', '{"type":"assistant","message":{"role":"user"}}', false],
    ['spaces around the colon (not seen)', '{"type" : "user"}', false],
    ['empty', '', false],
    ['binary junk', '\u0000\u00ff{"type', false],
    ['truncated', '{"type":"us', false],
  ])('should judge %s', (_label, line, expected) => {
    expect(mayBeUserMessage(bytes(line))).toBe(expected);
  });

  it('should read a view into a larger buffer by its bounds only', () => {
    const whole = bytes(`xxxx${USER}yyyy`);
    expect(mayBeUserMessage(new Uint8Array(whole.buffer, whole.byteOffset + 4, USER.length))).toBe(true);
    expect(mayBeUserMessage(new Uint8Array(whole.buffer, whole.byteOffset, 10))).toBe(false);
  });
});

describe('isResultLine', () => {
  it.each([
    ['a result with type in the middle', RESULT, true],
    ['a nested result type', '{"type":"assistant","input":{"type":"result"}}', false],
    ['a truncated result', '{"result":"done","type":"result"', false],
    ['a tool_result', '{"type":"user","content":[{"type":"tool_result"}]}', false],
    ['not an object', '["type","result"] "type":"result"', false],
    ['oversized text before the type', `{"result":"${'x'.repeat(1_000_000)}","type":"result"}`, true],
  ])('should judge %s', (_label, line, expected) => {
    expect(isResultLine(bytes(line))).toBe(expected);
  });
});

describe('TurnTracker', () => {
  it('should run a turn from a user line until the next result, and settle waiters then', async () => {
    const turn = new TurnTracker();
    expect(turn.inTurn).toBe(false);
    await turn.settled();
    turn.cliLine(bytes(RESULT)); // a result outside a turn changes nothing
    turn.clientLine(bytes('{"type":"control_response","response":{}}'));
    expect(turn.inTurn).toBe(false);
    turn.clientLine(bytes(USER));
    expect(turn.inTurn).toBe(true);
    let settled = false;
    void turn.settled().then(() => {
      settled = true;
    });
    turn.clientLine(bytes(USER)); // queued while the turn runs: the same turn
    turn.cliLine(bytes('{"type":"assistant"}'));
    await Promise.resolve();
    expect(settled).toBe(false);
    turn.cliLine(bytes(RESULT));
    await Promise.resolve();
    expect(settled).toBe(true);
    expect(turn.inTurn).toBe(false);
  });

  it('should settle when the process is gone mid-turn', async () => {
    const turn = new TurnTracker();
    turn.clientLine(bytes(USER));
    const settled = turn.settled();
    turn.processGone();
    await settled;
    expect(turn.inTurn).toBe(false);
  });
});
