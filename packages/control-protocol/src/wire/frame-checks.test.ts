import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  controlCancelRequestSchema,
  controlRequestSchema,
  controlResponseSchema,
  keepAliveSchema,
  transcriptMirrorSchema,
} from './control-messages.js';
import { FRAME_CHECKS } from './frame-checks.js';

/** The zod schema each hand-written check must agree with. */
const SCHEMAS = {
  control_request: controlRequestSchema,
  control_response: controlResponseSchema,
  control_cancel_request: controlCancelRequestSchema,
  keep_alive: keepAliveSchema,
  transcript_mirror: transcriptMirrorSchema,
} as const;

const jsonish = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(fc.oneof(fc.string(), fc.integer(), fc.dictionary(fc.string(), fc.string())), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }),
);

/** Frames near the valid shapes: each field either right, missing, or of another kind. */
const nearFrame = fc.record(
  {
    request_id: fc.oneof(fc.string(), jsonish),
    request: fc.oneof(fc.record({ subtype: fc.oneof(fc.string(), jsonish) }, { requiredKeys: [] }), jsonish),
    response: fc.oneof(
      fc.record(
        {
          subtype: fc.oneof(fc.constantFrom('success', 'error', 'other'), jsonish),
          request_id: fc.oneof(fc.string(), jsonish),
          error: fc.oneof(fc.string(), jsonish),
          response: fc.oneof(fc.dictionary(fc.string(), fc.integer(), { maxKeys: 2 }), jsonish),
        },
        { requiredKeys: [] },
      ),
      jsonish,
    ),
    filePath: fc.oneof(fc.string(), jsonish),
    entries: fc.oneof(fc.array(fc.oneof(fc.dictionary(fc.string(), fc.integer()), jsonish)), jsonish),
    extra: jsonish,
  },
  { requiredKeys: [] },
);

describe('the hand-written frame checks', () => {
  it('should cover exactly the frame types the zod schemas do', () => {
    expect(Object.keys(FRAME_CHECKS).sort()).toEqual(Object.keys(SCHEMAS).sort());
  });

  it.each(Object.keys(SCHEMAS) as (keyof typeof SCHEMAS)[])(
    'should accept and refuse %s frames exactly as its zod schema does',
    (type) => {
      const check = FRAME_CHECKS[type];
      fc.assert(
        fc.property(nearFrame, (fields) => {
          const frame = { ...fields, type };
          const zodAccepts = SCHEMAS[type].safeParse(frame).success;
          const issue = check?.(frame);
          expect(issue === undefined, JSON.stringify(frame)).toBe(zodAccepts);
        }),
        { numRuns: 2000 },
      );
    },
  );
});
