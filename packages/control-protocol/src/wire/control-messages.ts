import { z } from 'zod';

/**
 * The `request` object of a `control_request`: a `subtype` plus the subtype's own fields,
 * which pass through untouched.
 */
export const controlRequestBodySchema = z.looseObject({ subtype: z.string() });

/** The `request` object of a `control_request`. */
export type ControlRequestBody = z.infer<typeof controlRequestBodySchema>;

/** `{"type":"control_request","request_id":...,"request":{"subtype":...}}`, sent by either side. */
export const controlRequestSchema = z.looseObject({
  type: z.literal('control_request'),
  request_id: z.string(),
  request: controlRequestBodySchema,
});

/** A control request envelope (either direction). */
export type ControlRequest = z.infer<typeof controlRequestSchema>;

/** The success body of a `control_response`; `response` may be absent (read as `{}`). */
export const controlSuccessBodySchema = z.looseObject({
  subtype: z.literal('success'),
  request_id: z.string(),
  response: z.record(z.string(), z.unknown()).nullish(),
});

/**
 * The error body of a `control_response`. The CLI 2.1.332 also sends an `error_code` string
 * (e.g. `unsupported_request`); it passes through untouched.
 */
export const controlErrorBodySchema = z.looseObject({
  subtype: z.literal('error'),
  request_id: z.string(),
  error: z.string(),
});

/** The success body of a `control_response`. */
export type ControlSuccessBody = z.infer<typeof controlSuccessBodySchema>;
/** The error body of a `control_response`. */
export type ControlErrorBody = z.infer<typeof controlErrorBodySchema>;

/** `{"type":"control_response","response":{"subtype":"success"|"error","request_id":...}}`. */
export const controlResponseSchema = z.looseObject({
  type: z.literal('control_response'),
  response: z.discriminatedUnion('subtype', [controlSuccessBodySchema, controlErrorBodySchema]),
});

/** A control response envelope (either direction). */
export type ControlResponse = z.infer<typeof controlResponseSchema>;

/** `{"type":"control_cancel_request","request_id":...}`: the sender gave up on that request. */
export const controlCancelRequestSchema = z.looseObject({
  type: z.literal('control_cancel_request'),
  request_id: z.string(),
});

/** A control cancel envelope: the peer no longer wants a reply to `request_id`. */
export type ControlCancelRequest = z.infer<typeof controlCancelRequestSchema>;

/** `{"type":"keep_alive"}`: a liveness frame with no payload. */
export const keepAliveSchema = z.looseObject({ type: z.literal('keep_alive') });

/** A liveness frame. */
export type KeepAlive = z.infer<typeof keepAliveSchema>;

/**
 * `{"type":"transcript_mirror","filePath":...,"entries":[...]}`: what the CLI appended to a
 * local transcript file (with `--session-mirror`). Entries are transcript records, verbatim.
 */
export const transcriptMirrorSchema = z.looseObject({
  type: z.literal('transcript_mirror'),
  filePath: z.string(),
  entries: z.array(z.record(z.string(), z.unknown())),
});

/** A transcript mirror frame. */
export type TranscriptMirror = z.infer<typeof transcriptMirrorSchema>;
