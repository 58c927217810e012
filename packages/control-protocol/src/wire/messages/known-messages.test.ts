import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { classifyWireMessage } from '../classify-wire-message.js';
import { isKnownSDKMessage, unknownSDKMessage } from './known-messages.js';
import type { SDKMessage, SDKUnknownMessage } from './sdk-message.js';

/** One `[type, subtype]` per member of the union (subtype undefined for kinds without one). */
const MEMBERS: ReadonlyArray<readonly [string, string | undefined]> = [
  ['assistant', undefined],
  ['user', undefined],
  ['stream_event', undefined],
  ['tool_progress', undefined],
  ['auth_status', undefined],
  ['tool_use_summary', undefined],
  ['rate_limit_event', undefined],
  ['prompt_suggestion', undefined],
  ['conversation_reset', undefined],
  ...[
    'success',
    'error_during_execution',
    'error_max_turns',
    'error_max_budget_usd',
    'error_max_structured_output_retries',
  ].map((subtype) => ['result', subtype] as const),
  ...[
    'init',
    'compact_boundary',
    'status',
    'api_retry',
    'control_request_progress',
    'model_refusal_fallback',
    'model_refusal_no_fallback',
    'local_command_output',
    'hook_started',
    'hook_progress',
    'hook_response',
    'plugin_install',
    'task_notification',
    'task_started',
    'task_updated',
    'task_progress',
    'background_tasks_changed',
    'thinking_tokens',
    'session_state_changed',
    'worker_shutting_down',
    'commands_changed',
    'notification',
    'files_persisted',
    'memory_recall',
    'elicitation_complete',
    'permission_denied',
    'mirror_error',
    'informational',
    'session_writes_lost',
  ].map((subtype) => ['system', subtype] as const),
];

const frames = readFileSync(new URL('../fixtures/cli-2.1.332-frames.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line !== '')
  .map((line) => JSON.parse(line) as unknown);

describe('isKnownSDKMessage', () => {
  it('should know every kind of the union, and only those', () => {
    for (const [type, subtype] of MEMBERS) {
      const message = subtype === undefined ? { type } : { type, subtype };
      expect(isKnownSDKMessage(message), `${type}/${subtype}`).toBe(true);
      expect(unknownSDKMessage(message as SDKMessage)).toBeUndefined();
    }
    // The union's 40 members: 9 plain kinds, 29 system subtypes, and 2 result members whose
    // subtypes make 5 entries here.
    expect(new Set(MEMBERS.map(([type, subtype]) => `${type}/${subtype}`)).size).toBe(43);
  });

  it('should know every SDK message the real CLI 2.1.332 wrote in the fixture', () => {
    const messages = frames.map(classifyWireMessage).filter((c) => c.kind === 'sdk_message');
    expect(messages.length).toBeGreaterThan(3);
    for (const { message } of messages) expect(isKnownSDKMessage(message)).toBe(true);
  });

  it('should hand back kinds a newer CLI adds, untouched', () => {
    const later = [
      { type: 'brand_new_event', payload: 1 },
      { type: 'system', subtype: 'brand_new_subtype' },
      { type: 'result', subtype: 'error_from_the_future', is_error: true },
      { type: 'system' },
      { type: 'active_goal', value: null },
    ];
    for (const message of later) {
      expect(isKnownSDKMessage(message)).toBe(false);
      expect(unknownSDKMessage(message as SDKUnknownMessage)).toBe(message);
    }
  });

  it('should never throw and refuse non-messages', () => {
    const knownTypes = new Set(MEMBERS.map(([type]) => type));
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const known = isKnownSDKMessage(value);
        if (known) expect(knownTypes.has((value as { type: string }).type)).toBe(true);
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.string(), fc.option(fc.string()), (type, subtype) => {
        fc.pre(!knownTypes.has(type));
        expect(isKnownSDKMessage({ type, subtype })).toBe(false);
      }),
    );
    for (const value of [null, undefined, 1, 'result', [], { type: 7 }, { subtype: 'init' }]) {
      expect(isKnownSDKMessage(value)).toBe(false);
    }
  });
});

describe('SDKMessage narrowing', () => {
  it('should narrow by type and subtype like the official union', () => {
    const seen: string[] = [];
    const visit = (m: SDKMessage) => {
      if (m.type === 'result') {
        expectTypeOf(m.terminal_reason).toEqualTypeOf<
          import('./message-common.js').TerminalReason | undefined
        >();
        if (m.subtype === 'success') expectTypeOf(m.result).toEqualTypeOf<string>();
        else expectTypeOf(m.errors).toEqualTypeOf<string[]>();
      } else if (m.type === 'assistant') {
        expectTypeOf(m.error).toEqualTypeOf<
          import('./message-common.js').SDKAssistantMessageError | undefined
        >();
      } else if (m.type === 'system' && m.subtype === 'api_retry') {
        expectTypeOf(m.retry_delay_ms).toEqualTypeOf<number>();
      } else if (m.type === 'system' && m.subtype === 'permission_denied') {
        expectTypeOf(m.tool_name).toEqualTypeOf<string>();
      }
      seen.push(m.type);
    };
    visit({ type: 'prompt_suggestion', suggestion: 's', uuid: 'a-b-c-d-e', session_id: 's' });
    expect(seen).toEqual(['prompt_suggestion']);
  });
});
