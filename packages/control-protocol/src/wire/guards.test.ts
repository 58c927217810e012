import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { isTextBlock, isThinkingBlock, isToolResultBlock, isToolUseBlock } from './content-blocks.js';
import * as guards from './guards.js';
import type { SDKAssistantMessage } from './messages/assistant-messages.js';
import type { SDKResultError, SDKResultSuccess } from './messages/result-messages.js';
import type { SDKMessage } from './messages/sdk-message.js';
import type { SDKSystemInitMessage } from './messages/system-init-message.js';
import type { SDKUserMessage } from './messages/user-messages.js';
import type {
  assistantMessageSchema,
  resultErrorSchema,
  resultSuccessSchema,
  systemInitMessageSchema,
  userMessageSchema,
} from './sdk-message-schemas.js';

const frames = readFileSync(new URL('./fixtures/cli-2.1.332-frames.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line !== '')
  .map((line) => JSON.parse(line) as Record<string, unknown>);

const find = (predicate: (frame: Record<string, unknown>) => boolean) => frames.filter(predicate);
const ofType = (type: string, subtype?: string) =>
  find((f) => f.type === type && (subtype === undefined || f.subtype === subtype));

describe('SDK message guards on real CLI frames', () => {
  it('should accept the init messages', () => {
    const inits = ofType('system', 'init');
    expect(inits).toHaveLength(2);
    for (const init of inits) expect(guards.isSDKSystemInitMessage(init)).toBe(true);
    expect(guards.isSDKSystemInitMessage({ ...inits[0], tools: 'Bash' })).toBe(false);
    expect(guards.isSDKSystemInitMessage({ ...inits[0], session_id: undefined })).toBe(false);
  });

  it('should accept assistant and user messages and their blocks', () => {
    const assistants = ofType('assistant');
    expect(assistants).toHaveLength(3);
    const blocks = assistants.flatMap((a) => {
      expect(guards.isSDKAssistantMessage(a)).toBe(true);
      return guards.isSDKAssistantMessage(a) ? a.message.content : [];
    });
    expect(blocks.map((b) => [isTextBlock(b), isThinkingBlock(b), isToolUseBlock(b)])).toEqual([
      [true, false, false],
      [false, true, false],
      [false, false, true],
    ]);
    const [user] = ofType('user');
    expect(guards.isSDKUserMessage(user)).toBe(true);
    const content = guards.isSDKUserMessage(user) ? user.message.content : [];
    expect(Array.isArray(content) && isToolResultBlock(content[0])).toBe(true);
  });

  it('should tell a success result from an error result', () => {
    const [success, error] = ofType('result');
    expect([guards.isSDKResultSuccess(success), guards.isSDKResultError(success)]).toEqual([true, false]);
    expect([guards.isSDKResultSuccess(error), guards.isSDKResultError(error)]).toEqual([false, true]);
    expect(guards.isSDKResultMessage(success) && guards.isSDKResultMessage(error)).toBe(true);
    expect(guards.isSDKResultMessage({ ...success, subtype: 'error_from_the_future' })).toBe(false);
  });

  it('should match control frames and reject SDK messages as control frames', () => {
    const [request] = ofType('control_request');
    expect(guards.isControlRequest(request)).toBe(true);
    for (const response of ofType('control_response')) expect(guards.isControlResponse(response)).toBe(true);
    expect(guards.isControlRequest(ofType('system', 'init')[0])).toBe(false);
    expect(guards.isKeepAlive({ type: 'keep_alive' })).toBe(true);
    expect(guards.isTranscriptMirror({ type: 'transcript_mirror', filePath: '/f', entries: [] })).toBe(true);
    expect(guards.isControlCancelRequest({ type: 'control_cancel_request', request_id: 'x' })).toBe(true);
  });

  it('should accept task and stream_event messages with the fields we read', () => {
    const base = { session_id: 's', uuid: 'u' };
    expect(
      guards.isSDKTaskStartedMessage({ type: 'system', subtype: 'task_started', task_id: 't', ...base }),
    ).toBe(true);
    expect(
      guards.isSDKTaskNotificationMessage({
        type: 'system',
        subtype: 'task_notification',
        task_id: 't',
        status: 'completed',
        ...base,
      }),
    ).toBe(true);
    expect(
      guards.isSDKPartialAssistantMessage({ type: 'stream_event', event: { type: 'message_stop' }, ...base }),
    ).toBe(true);
    expect(guards.isSDKPartialAssistantMessage({ type: 'stream_event', event: 'x', ...base })).toBe(false);
  });

  it('should never throw on arbitrary values', () => {
    const all = [...Object.values(guards), isTextBlock, isThinkingBlock, isToolUseBlock, isToolResultBlock];
    fc.assert(
      fc.property(fc.anything(), (value) => {
        for (const guard of all) expect(typeof guard(value)).toBe('boolean');
      }),
      { numRuns: 300 },
    );
  });
});

/** Turns an interface into an equivalent type alias (aliases get implicit index signatures). */
type Plain<T> = { [K in keyof T]: T[K] };
type Assignable<From, To> = [From] extends [To] ? true : false;

describe('types and schemas agree', () => {
  it('should make every typed member satisfy its schema', () => {
    expectTypeOf<
      Assignable<Plain<SDKSystemInitMessage>, z.infer<typeof systemInitMessageSchema>>
    >().toEqualTypeOf<true>();
    // `message` is the Messages API's own type (interfaces all the way down); the schema checks
    // its block array shallowly, so compare the envelope here and the blocks on real frames above.
    expectTypeOf<
      Assignable<
        Pick<SDKAssistantMessage, 'type' | 'parent_tool_use_id' | 'session_id'>,
        Pick<z.infer<typeof assistantMessageSchema>, 'type' | 'parent_tool_use_id' | 'session_id'>
      >
    >().toEqualTypeOf<true>();
    expectTypeOf<
      Assignable<Pick<SDKUserMessage, 'type'>, Pick<z.infer<typeof userMessageSchema>, 'type'>>
    >().toEqualTypeOf<true>();
    // A message the caller writes may leave `session_id` out; the CLI's output always has it,
    // and the guard (which reads CLI output) asks for it.
    expectTypeOf<
      Assignable<Pick<SDKUserMessage, 'session_id'>, Pick<z.infer<typeof userMessageSchema>, 'session_id'>>
    >().toEqualTypeOf<false>();
    expectTypeOf<
      Assignable<Plain<SDKResultSuccess>, z.infer<typeof resultSuccessSchema>>
    >().toEqualTypeOf<true>();
    expectTypeOf<
      Assignable<Plain<SDKResultError>, z.infer<typeof resultErrorSchema>>
    >().toEqualTypeOf<true>();
    expectTypeOf<Assignable<{ type: 'result' }, z.infer<typeof resultErrorSchema>>>().toEqualTypeOf<false>();
  });

  it('should narrow an SDKMessage through a guard', () => {
    const message = { type: 'result' } as SDKMessage;
    if (guards.isSDKResultSuccess(message)) expectTypeOf(message.result).toEqualTypeOf<string>();
    expect(guards.isSDKResultSuccess(message)).toBe(false);
  });
});
