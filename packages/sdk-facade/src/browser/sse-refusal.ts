import { BrowserSdkError, type BrowserSdkErrorCode } from './browser-error.js';

/** Most characters of a refusal's body read for its message: 2,000 (its JSON is a few dozen). */
export const SSE_REFUSAL_BODY_CHARS = 2_000;

/**
 * The error for a refused request: the server's `{ error: { code, message } }` when the body is
 * that JSON (code as `serverCode`), the status alone otherwise. Never rejects.
 */
export async function readRefusal(
  response: Response,
  code: BrowserSdkErrorCode,
  what: string,
): Promise<BrowserSdkError> {
  let text = '';
  try {
    text = (await response.text()).slice(0, SSE_REFUSAL_BODY_CHARS);
  } catch {
    // No body to read: the status says enough.
  }
  let serverCode: string | undefined;
  let serverMessage: string | undefined;
  try {
    const error = (JSON.parse(text) as { error?: { code?: unknown; message?: unknown } } | null)?.error;
    if (typeof error?.code === 'string') serverCode = error.code;
    if (typeof error?.message === 'string') serverMessage = error.message;
  } catch {
    // Not JSON: keep the status.
  }
  const detail =
    serverCode === undefined ? '' : ` (${serverCode}${serverMessage ? `: ${serverMessage}` : ''})`;
  return new BrowserSdkError(code, `The server refused the ${what} with HTTP ${response.status}${detail}.`, {
    status: response.status,
    ...(serverCode !== undefined ? { serverCode } : {}),
  });
}
