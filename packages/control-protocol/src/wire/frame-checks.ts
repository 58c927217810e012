/**
 * Hand-written checks of the wire's own frames, the same rules as the zod schemas of
 * `control-messages.ts`: the listed fields are checked, every other field passes untouched.
 * They are what `classifyWireMessage` runs, so reading the wire pulls in no validation library
 * (the browser entry's bundle carries none). Each returns `undefined` for a valid frame or the
 * failures as `path: what was expected`.
 */

/** A frame check: `undefined` when the value is well formed, else why not. */
export type FrameCheck = (value: Record<string, unknown>) => string | undefined;

/** `type` values of the wire's own frames, each with its check. */
export const FRAME_CHECKS: Readonly<Record<string, FrameCheck>> = {
  control_request: (value) =>
    collect([
      expectString(value, 'request_id'),
      expectObject(value, 'request') ??
        expectString(value['request'] as Record<string, unknown>, 'subtype', 'request.'),
    ]),
  control_response: (value) => {
    const objectIssue = expectObject(value, 'response');
    if (objectIssue !== undefined) return objectIssue;
    const response = value['response'] as Record<string, unknown>;
    const subtype = response['subtype'];
    if (subtype === 'success') {
      const body = response['response'];
      return collect([
        expectString(response, 'request_id', 'response.'),
        body === undefined || body === null || isRecord(body)
          ? undefined
          : `response.response: expected an object, null or nothing, received ${describe(body)}`,
      ]);
    }
    if (subtype === 'error') {
      return collect([
        expectString(response, 'request_id', 'response.'),
        expectString(response, 'error', 'response.'),
      ]);
    }
    return `response.subtype: expected "success" or "error", received ${describe(subtype)}`;
  },
  control_cancel_request: (value) => expectString(value, 'request_id'),
  keep_alive: () => undefined,
  transcript_mirror: (value) => {
    const entries = value['entries'];
    const entriesIssue = Array.isArray(entries) ? entries.findIndex((entry) => !isRecord(entry)) : -2;
    return collect([
      expectString(value, 'filePath'),
      entriesIssue === -2
        ? `entries: expected an array, received ${describe(entries)}`
        : entriesIssue >= 0
          ? `entries.${entriesIssue}: expected an object, received ${describe((entries as unknown[])[entriesIssue])}`
          : undefined,
    ]);
  },
};

/** True for a JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function expectString(value: Record<string, unknown>, key: string, prefix = ''): string | undefined {
  const field = value[key];
  return typeof field === 'string'
    ? undefined
    : `${prefix}${key}: expected string, received ${describe(field)}`;
}

function expectObject(value: Record<string, unknown>, key: string): string | undefined {
  const field = value[key];
  return isRecord(field) ? undefined : `${key}: expected an object, received ${describe(field)}`;
}

function collect(issues: readonly (string | undefined)[]): string | undefined {
  const found = issues.filter((issue): issue is string => issue !== undefined);
  return found.length === 0 ? undefined : found.join('; ');
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}
