import { MAX_SESSION_KEY_CHARS } from './limits.js';

/** A validated `POST /sessions` body. */
export interface CreateSessionRequest {
  readonly cwd: string | undefined;
  readonly sessionKey: string | undefined;
  readonly permissionMode: string | undefined;
  /** Extension: a session id to resume from the server's session store. */
  readonly resume: string | undefined;
}

/** A refused body: the HTTP status, a stable code and a message quoting the bad value. */
export interface RequestRefusal {
  readonly status: number;
  readonly code: string;
  readonly message: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Validates a `POST /sessions` body: an empty body or a JSON object with optional string `cwd`,
 * `session_key` (at most {@link MAX_SESSION_KEY_CHARS} characters), `permission_mode` (one of
 * `allowedModes`, else 403) and `resume` (a UUID). Unknown fields are ignored.
 */
export function parseCreateSessionRequest(
  body: Buffer,
  allowedModes: ReadonlySet<string>,
): CreateSessionRequest | RequestRefusal {
  const text = body.toString('utf8').trim();
  let value: unknown = {};
  if (text !== '') {
    try {
      value = JSON.parse(text);
    } catch {
      return refusal(400, 'invalid_json', `The body is not JSON: ${JSON.stringify(text.slice(0, 80))}`);
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return refusal(400, 'invalid_body', 'The body must be a JSON object.');
  }
  const record = value as Record<string, unknown>;
  const fields: Record<string, string | undefined> = {};
  for (const name of ['cwd', 'session_key', 'permission_mode', 'resume']) {
    const field = record[name];
    if (field === undefined || field === null) continue;
    if (typeof field !== 'string' || field === '' || field.includes('\0')) {
      return refusal(400, 'invalid_field', `${name} must be a non-empty string, got ${quote(field)}`);
    }
    fields[name] = field;
  }
  const key = fields['session_key'];
  if (key !== undefined && key.length > MAX_SESSION_KEY_CHARS) {
    return refusal(400, 'invalid_field', `session_key is longer than ${MAX_SESSION_KEY_CHARS} characters`);
  }
  const mode = fields['permission_mode'];
  if (mode !== undefined && !allowedModes.has(mode)) {
    return refusal(
      403,
      'permission_mode_not_allowed',
      `permission_mode ${quote(mode)} is not allowed on this server`,
    );
  }
  const resume = fields['resume'];
  if (resume !== undefined && !UUID.test(resume)) {
    return refusal(400, 'invalid_field', `resume must be a session UUID, got ${quote(resume)}`);
  }
  return { cwd: fields['cwd'], sessionKey: key, permissionMode: mode, resume };
}

/** True for a refusal rather than a request. */
export function isRefusal(value: CreateSessionRequest | RequestRefusal): value is RequestRefusal {
  return 'status' in value;
}

function refusal(status: number, code: string, message: string): RequestRefusal {
  return { status, code, message };
}

function quote(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value.slice(0, 120)) : typeof value;
}
