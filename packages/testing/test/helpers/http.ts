/** Test helper: small wrappers over Node's fetch for the fake. */

export async function postJson(url: string, body: unknown, init: RequestInit = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': 'sk-test' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  });
}

export function messagesBody(prompt: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    model: 'claude-test-model',
    max_tokens: 1024,
    messages: [{ role: 'user', content: prompt }],
    tools: [{ name: 'Bash', input_schema: { type: 'object' } }],
    ...extra,
  };
}
