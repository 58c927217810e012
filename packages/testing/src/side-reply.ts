import { text } from './blocks.js';
import { isRecord } from './message-helpers.js';
import type { RecordedMessagesRequest } from './recorded-request.js';
import type { ContentReply } from './reply.js';

/** The text of the default side reply when no structured output is asked for. */
export const DEFAULT_SIDE_REPLY_TEXT = 'OK';

/** The value the default side reply puts in each string field of a requested JSON object. */
export const DEFAULT_SIDE_REPLY_STRING = 'Scripted session';

/**
 * The default answer to side requests. When the request asks for JSON output
 * (`output_config.format.type === 'json_schema'`, as the CLI's title generation does), the
 * answer is a JSON text that satisfies a simple schema: strings become
 * {@link DEFAULT_SIDE_REPLY_STRING}, numbers 0, booleans false, arrays empty, enums their first
 * value; so the CLI stores the title "Scripted session". Otherwise a short text,
 * {@link DEFAULT_SIDE_REPLY_TEXT}.
 */
export function defaultSideReply(request: RecordedMessagesRequest): ContentReply {
  const schema = requestedJsonSchema(request.body);
  if (schema === undefined) return { content: [text(DEFAULT_SIDE_REPLY_TEXT)] };
  return { content: [text(JSON.stringify(sampleFromSchema(schema, 0)))] };
}

function requestedJsonSchema(body: unknown): unknown {
  if (!isRecord(body)) return undefined;
  const config = body['output_config'];
  if (!isRecord(config)) return undefined;
  const format = config['format'];
  if (!isRecord(format) || format['type'] !== 'json_schema') return undefined;
  return format['schema'] ?? {};
}

const MAX_SCHEMA_DEPTH = 8;

function sampleFromSchema(schema: unknown, depth: number): unknown {
  if (!isRecord(schema) || depth > MAX_SCHEMA_DEPTH) return null;
  if (Array.isArray(schema['enum']) && schema['enum'].length > 0) return schema['enum'][0];
  if ('const' in schema) return schema['const'];
  const type = Array.isArray(schema['type']) ? schema['type'][0] : schema['type'];
  switch (type) {
    case 'string':
      return DEFAULT_SIDE_REPLY_STRING;
    case 'number':
    case 'integer':
      return 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'null':
      return null;
    default: {
      const properties = isRecord(schema['properties']) ? schema['properties'] : {};
      const result: Record<string, unknown> = {};
      for (const [key, propertySchema] of Object.entries(properties)) {
        result[key] = sampleFromSchema(propertySchema, depth + 1);
      }
      return result;
    }
  }
}
