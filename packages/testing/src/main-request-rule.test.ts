import { describe, expect, it } from 'vitest';
import {
  mainTurnBody,
  probeBody,
  titleGenerationBody,
  toollessTurnBody,
  toolResultTurnBody,
} from '../test/helpers/fixtures.js';
import { buildMessagesRecord, readHead } from './build-record.js';
import { asksForStructuredOutput, defaultIsMainRequest } from './main-request-rule.js';
import { parseBody } from './parse-body.js';
import type { RecordedMessagesRequest } from './recorded-request.js';

function record(body: unknown): RecordedMessagesRequest {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const parsed = parseBody(raw);
  const head = readHead({ method: 'POST', url: '/v1/messages?beta=true', headers: {} } as never);
  return buildMessagesRecord(0, head, raw, parsed.body, parsed.error);
}

describe('defaultIsMainRequest', () => {
  it('should count the observed conversation turns as main', () => {
    expect(defaultIsMainRequest(record(mainTurnBody))).toBe(true);
    expect(defaultIsMainRequest(record(toolResultTurnBody))).toBe(true);
    expect(defaultIsMainRequest(record(toollessTurnBody))).toBe(true);
  });

  it('should count title generation and probes as side requests', () => {
    expect(defaultIsMainRequest(record(titleGenerationBody))).toBe(false);
    expect(defaultIsMainRequest(record(probeBody))).toBe(false);
  });

  it('should count a tool-less request with nothing from the user, or a refused body, as side', () => {
    expect(defaultIsMainRequest(record({ model: 'm', messages: [{ role: 'user', content: '   ' }] }))).toBe(
      false,
    );
    expect(defaultIsMainRequest(record({ model: 'm', messages: [] }))).toBe(false);
    expect(defaultIsMainRequest(record('{not json'))).toBe(false);
  });

  it('should let tools win over a structured-output request (a --json-schema main turn)', () => {
    expect(
      defaultIsMainRequest(record({ ...titleGenerationBody, tools: [{ name: 'StructuredOutput' }] })),
    ).toBe(true);
  });
});

describe('asksForStructuredOutput', () => {
  it('should see output_config.format only', () => {
    expect(asksForStructuredOutput(titleGenerationBody)).toBe(true);
    expect(asksForStructuredOutput(mainTurnBody)).toBe(false);
    expect(asksForStructuredOutput({ output_config: { format: null } })).toBe(false);
    expect(asksForStructuredOutput('text')).toBe(false);
  });
});
